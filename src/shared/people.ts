/**
 * The register of people and organisations: adopters, fosters, owners who surrender,
 * finders, vets, other shelters. Staff only: nothing here is ever published or exported to a portal.
 */
import { z } from 'zod';
import { nameSchema } from './names';
import { personalField } from './privacy';

export const PERSON_ROLES = ['adopter', 'foster', 'owner', 'finder', 'vet', 'shelter'] as const;
export type PersonRole = (typeof PERSON_ROLES)[number];

export const PERSON_KINDS = ['person', 'organisation'] as const;
export type PersonKind = (typeof PERSON_KINDS)[number];

export const PERSON_NAME_MAX = 200;
const TEXT_MAX = 2000;

const optionalText = (max: number) =>
  z
    .string({ error: 'must be a string' })
    .trim()
    .max(max, { error: `must be at most ${max} characters` });

const PhoneSchema = z
  .string({ error: 'must be a string' })
  .trim()
  .regex(/^\+?[0-9 ().\-/]{3,40}$/, { error: 'must be a phone number: digits, spaces, + ( ) . - /' })
  .refine((phone) => phone.replace(/\D/g, '').length >= 3, {
    error: 'must hold at least 3 digits',
    params: { reason: 'phone_digits' },
  });

const EmailSchema = z
  .email({ error: 'must be an email address' })
  .max(254, { error: 'must be at most 254 characters' });

/** Every field of a person staff may set; `name` is required when adding. Their details are marked personal. */
const personShape = {
  name: personalField(nameSchema(PERSON_NAME_MAX)),
  kind: z.enum(PERSON_KINDS, { error: `must be one of ${PERSON_KINDS.join(', ')}` }),
  roles: z.array(z.enum(PERSON_ROLES, { error: `must be one of ${PERSON_ROLES.join(', ')}` })).max(PERSON_ROLES.length),
  phones: personalField(z.array(PhoneSchema).max(5, { error: 'at most 5 phone numbers' })),
  email: personalField(EmailSchema.nullable()),
  address: personalField(optionalText(500).nullable()),
  postcode: personalField(optionalText(20).nullable()),
  /** Whether staff saw an ID document, and which (a passport, a driving licence). */
  idChecked: z.boolean({ error: 'must be true or false' }),
  idCheckedWhat: personalField(optionalText(200).nullable()),
  notes: personalField(optionalText(TEXT_MAX).nullable()),
  doNotAdopt: z.boolean({ error: 'must be true or false' }),
  doNotAdoptReason: personalField(optionalText(500).nullable()),
  fosterApproved: z.boolean({ error: 'must be true or false' }),
  fosterCapacity: z
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be 1 or more' })
    .max(100, { error: 'must be at most 100' })
    .nullable(),
  /** The categories (species) the foster home takes, by category id. */
  fosterSpecies: z.array(z.int().positive()).max(50),
};

/** "Do not adopt to" needs its reason: a flag nobody can explain is no help at the desk. */
function flagsExplained(
  person: { doNotAdopt?: boolean; doNotAdoptReason?: string | null },
  context: z.core.$RefinementCtx,
): void {
  if (person.doNotAdopt === true && !person.doNotAdoptReason)
    context.addIssue({
      code: 'custom',
      path: ['doNotAdoptReason'],
      message: 'must say why when doNotAdopt is set',
      params: { reason: 'do_not_adopt_unexplained' },
    });
}

export const NewPersonSchema = z
  .strictObject(personShape)
  .partial()
  .required({ name: true })
  .superRefine(flagsExplained);
export type NewPerson = z.input<typeof NewPersonSchema>;

export const PersonChangeSchema = z.strictObject(personShape).partial();
export type PersonChange = z.input<typeof PersonChangeSchema>;

export interface Person {
  id: number;
  name: string;
  kind: PersonKind;
  roles: PersonRole[];
  phones: string[];
  email: string | null;
  address: string | null;
  postcode: string | null;
  idChecked: boolean;
  idCheckedWhat: string | null;
  notes: string | null;
  doNotAdopt: boolean;
  doNotAdoptReason: string | null;
  fosterApproved: boolean;
  fosterCapacity: number | null;
  fosterSpecies: number[];
  /** When staff chose "forget this person": everything personal is gone, the id and its movements stay. */
  forgottenAt: number | null;
  createdAt: number;
  updatedAt: number;
  /** Every write adds one: a save from an older version is refused (edit_conflict). */
  version: number;
}

/** Why an existing person may be the same one: a warning on adding, never a refusal. */
export type DuplicateMatch = 'email' | 'phone' | 'name_postcode';

export interface PersonWarning {
  kind: 'possible_duplicate';
  personId: number;
  name: string;
  matched: DuplicateMatch[];
}

export interface AddedPerson {
  person: Person;
  warnings: PersonWarning[];
}

export const PeopleSearchSchema = z.strictObject({
  /** Part of a name, email or phone number; case and accents do not matter. */
  search: z.string({ error: 'must be a string' }).max(200).optional(),
  role: z.enum(PERSON_ROLES).optional(),
  doNotAdopt: z.boolean().optional(),
  fosterApproved: z.boolean().optional(),
  /** Forgotten people are left out unless asked for (report counts still hold them). */
  includeForgotten: z.boolean().optional(),
  limit: z.int().min(1).max(500).optional(),
  offset: z.int().min(0).optional(),
});
export type PeopleSearch = z.input<typeof PeopleSearchSchema>;
