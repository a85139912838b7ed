/**
 * A person's fields, roles and kinds in the window's language (the domain's words, `domain:people`), wherever one
 * is named outside its dialog (an edit conflict's rows, the Audit page's changes), and what a likely duplicate shares.
 * Each table reads its word when it is looked up, so a switch of language needs no reload.
 */
import {
  PERSON_KINDS,
  PERSON_ROLES,
  type PersonKind,
  type PersonRole,
  type PersonWarning,
} from '../../../../shared/people';
import { windowI18n } from '../../i18n/i18n';
import { formatList } from '../../ui/format';

const PERSON_FIELDS = [
  'name',
  'kind',
  'roles',
  'phones',
  'email',
  'address',
  'postcode',
  'idChecked',
  'idCheckedWhat',
  'notes',
  'doNotAdopt',
  'doNotAdoptReason',
  'fosterApproved',
  'fosterCapacity',
  'fosterSpecies',
] as const;
type PersonField = (typeof PERSON_FIELDS)[number];

/** A table whose every entry is looked up in the catalogue as it is read. */
function wordsOf<K extends string>(keys: readonly K[], word: (key: K) => string): Readonly<Record<K, string>> {
  const table = {} as Record<K, string>;
  for (const key of keys) Object.defineProperty(table, key, { get: () => word(key), enumerable: true });
  return table;
}

export const PERSON_FIELD_LABEL: Readonly<Record<PersonField, string>> = wordsOf(PERSON_FIELDS, (field) =>
  windowI18n.t(`domain:people.field.${field}`),
);

/** What a likely duplicate shares with the person being added: "the same email and the same phone number". */
export const matchedWords = (matched: PersonWarning['matched']): string =>
  formatList(matched.map((match) => windowI18n.t(`domain:people.match.${match}`)));

/** People's roles and kinds in the shelter's words, for the engine's codes (src/shared/people.ts). */
export const ROLE_WORDS: Readonly<Record<PersonRole, string>> = wordsOf(PERSON_ROLES, (role) =>
  windowI18n.t(`domain:people.role.${role}`),
);

export const KIND_WORDS: Readonly<Record<PersonKind, string>> = wordsOf(PERSON_KINDS, (kind) =>
  windowI18n.t(`domain:people.kind.${kind}`),
);
