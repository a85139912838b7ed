import type { PersonKind, PersonRole, PersonWarning } from '../../../../shared/people';
/** A person's fields in words, wherever one is named outside its dialog (an edit conflict's rows, the Audit page's changes), and what a likely duplicate shares. */
export const PERSON_FIELD_LABEL = {
  name: 'Name',
  kind: 'Kind',
  roles: 'Roles',
  phones: 'Phones',
  email: 'Email',
  address: 'Address',
  postcode: 'Postcode',
  idChecked: 'ID checked',
  idCheckedWhat: 'Which ID',
  notes: 'Notes',
  doNotAdopt: 'Do not adopt to',
  doNotAdoptReason: 'Why not adopt to',
  fosterApproved: 'Approved foster home',
  fosterCapacity: 'Foster capacity',
  fosterSpecies: 'Species it fosters',
} as const;

const MATCH_WORDS: Readonly<Record<PersonWarning['matched'][number], string>> = {
  email: 'the same email',
  phone: 'the same phone number',
  name_postcode: 'the same name and postcode',
};

/** What a likely duplicate shares with the person being added: "the same email and the same phone number". */
export const matchedWords = (matched: PersonWarning['matched']): string =>
  matched.map((match) => MATCH_WORDS[match]).join(' and ');

/** People's roles and kinds in the shelter's words, for the engine's codes (src/shared/people.ts). */
export const ROLE_WORDS: Record<PersonRole, string> = {
  adopter: 'Adopter',
  foster: 'Foster',
  owner: 'Owner',
  finder: 'Finder',
  vet: 'Vet',
  shelter: 'Other shelter',
};

export const KIND_WORDS: Record<PersonKind, string> = { person: 'Person', organisation: 'Organisation' };
