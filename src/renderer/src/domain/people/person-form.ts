/** A person's values as the Add/Edit person dialog and a new person added on the spot keep them, and how they become what the engine takes (empty fields are cleared, unticked flags drop their details). */
import {
  NewPersonSchema,
  type NewPerson,
  type Person,
  type PersonKind,
  type PersonRole,
} from '../../../../shared/people';
import { windowI18n } from '../../i18n/i18n';
import { PERSON_FIELD_LABEL as PERSON_LABELS } from './person-labels';
import { figureOf } from '../../ui/FigureInput';
import { windowIssueMessage } from '../../ui/zod-words';

export interface PersonFormValues {
  name: string;
  kind: PersonKind;
  roles: PersonRole[];
  phones: string[];
  email: string;
  address: string;
  postcode: string;
  idChecked: boolean;
  idCheckedWhat: string;
  notes: string;
  doNotAdopt: boolean;
  doNotAdoptReason: string;
  fosterApproved: boolean;
  fosterCapacity: number | string;
  /** Category ids as the MultiSelect keeps them. */
  fosterSpecies: string[];
}

export function formValuesOf(person: Person | null): PersonFormValues {
  return {
    name: person?.name ?? '',
    kind: person?.kind ?? 'person',
    roles: person?.roles ?? [],
    phones: person?.phones ?? [],
    email: person?.email ?? '',
    address: person?.address ?? '',
    postcode: person?.postcode ?? '',
    idChecked: person?.idChecked ?? false,
    idCheckedWhat: person?.idCheckedWhat ?? '',
    notes: person?.notes ?? '',
    doNotAdopt: person?.doNotAdopt ?? false,
    doNotAdoptReason: person?.doNotAdoptReason ?? '',
    fosterApproved: person?.fosterApproved ?? false,
    fosterCapacity: person?.fosterCapacity ?? '',
    fosterSpecies: (person?.fosterSpecies ?? []).map(String),
  };
}

/** Each field in words (a conflict shows the differing ones by these words). */
export const PERSON_FIELD_LABEL: Readonly<Record<keyof PersonFormValues, string>> = PERSON_LABELS;

const textOrNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** Every field, so an edit clears what was emptied (the engine takes `null` as "clear"). */
export function personOf(values: PersonFormValues): NewPerson & Required<Omit<NewPerson, 'name'>> {
  return {
    name: values.name.trim(),
    kind: values.kind,
    roles: values.roles,
    phones: values.phones.map((phone) => phone.trim()).filter((phone) => phone !== ''),
    email: textOrNull(values.email),
    address: textOrNull(values.address),
    postcode: textOrNull(values.postcode),
    idChecked: values.idChecked,
    idCheckedWhat: values.idChecked ? textOrNull(values.idCheckedWhat) : null,
    notes: textOrNull(values.notes),
    doNotAdopt: values.doNotAdopt,
    doNotAdoptReason: values.doNotAdopt ? textOrNull(values.doNotAdoptReason) : null,
    fosterApproved: values.fosterApproved,
    fosterCapacity: values.fosterApproved && values.fosterCapacity !== '' ? figureOf(values.fosterCapacity) : null,
    fosterSpecies: values.fosterApproved ? values.fosterSpecies.map(Number) : [],
  };
}

/** The window's words where the schema speaks of its own fields. */
const WORDED: Record<string, () => string> = {
  doNotAdoptReason: () => windowI18n.t('people:fields.sayWhy'),
};

/** The engine's own schema, run before the call: each field's first problem under that field. */
export function validatePerson(values: PersonFormValues): Record<string, string> {
  const result = NewPersonSchema.safeParse(personOf(values));
  const errors: Record<string, string> = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? 'name');
      const message = WORDED[field]?.() ?? windowIssueMessage(issue).replace(/^./, (first) => first.toUpperCase());
      errors[field] ??=
        issue.path.length > 1 && field === 'phones'
          ? `${String(values.phones[Number(issue.path[1])] ?? '')}: ${windowIssueMessage(issue)}`
          : message;
    }
  }
  return errors;
}
