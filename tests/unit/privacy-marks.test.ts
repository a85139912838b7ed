/**
 * Private, personal, secret: one mark on the schema field (shared/privacy.ts). A fixture answer
 * composed like a real one shows that a field marked there is hidden from the volunteer's cut, the
 * published projection, the audit trail and the privacy tests' seeds with no other line written.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { redacted } from '../../src/main/audit/audit';
import {
  doseForVolunteer,
  dueListForVolunteer,
  publicPart,
  withoutContractTerms,
  withoutPrivateFields,
} from '../../src/main/staff/volunteer-cuts';
import type { Dose, DueDose, DueList, GivenRound } from '../../src/shared/care';
import type { DoseSchema, DueDoseSchema, DueListSchema, GivenRoundSchema } from '../../src/shared/care-answers';
import type { PersonRef } from '../../src/shared/movements';
import {
  PetDetailsSchema,
  PetProfileSchema,
  PRIVATE_PROFILE_FIELDS,
  publicProfile,
} from '../../src/shared/pet-profile';
import { cutByMarks, markedFields, markOf, personalField, privateField, secretField } from '../../src/shared/privacy';
import type { ShelterProfileSchema, ShelterProfile } from '../../src/shared/shelter';
import { markedSeeds } from '../helpers/marked-seeds';

/** A test-only answer, composed as a real one is: the pet's details with a profile that has a new private field, and a new secret beside it. */
const FixtureProfileSchema = PetProfileSchema.extend({
  rescueStory: privateField(z.string().optional(), 'Where it was found.'),
});
const FixtureDetailsSchema = PetDetailsSchema.extend({
  profile: FixtureProfileSchema,
  doorCode: secretField(z.string()),
});
/** Its input, as a channel's: the secret nested in an optional object and a list. */
const FixtureInputSchema = z.strictObject({
  environment: z.string(),
  pet: z.object({ name: z.string(), doorCode: secretField(z.string()) }).optional(),
  visits: z.array(z.object({ pin: secretField(z.string()), day: z.string() })),
});

const pet = {
  id: 7,
  name: 'Biscuit',
  categoryId: 1,
  status: 'available' as const,
  createdAt: 1,
  updatedAt: 2,
  version: 3,
  departure: null,
};
const details = {
  pet,
  profile: { breedPrimary: 'Beagle', microchipNumber: '985112003456789', rescueStory: 'Found behind the bakery' },
  ageGroup: null,
  currency: 'EUR',
  doorCode: '4711',
};

describe('a field marked on its schema is hidden everywhere, with no other line', () => {
  it("from the volunteer's cut: the new private field and the new secret, with the profile's own", () => {
    expect(cutByMarks(FixtureDetailsSchema, details)).toEqual({
      pet,
      profile: { breedPrimary: 'Beagle' },
      ageGroup: null,
      currency: 'EUR',
    });
  });

  it('from the published projection: what publicProfile does over the real schema, the fixture gets over its own', () => {
    expect(cutByMarks(FixtureProfileSchema, details.profile)).toEqual({ breedPrimary: 'Beagle' });
    expect(publicProfile({ breedPrimary: 'Beagle', microchipNumber: '985112003456789', kennelLocation: 'B4' })).toEqual(
      { breedPrimary: 'Beagle' },
    );
  });

  it('from the audit trail: a secret field is removed wherever it stands, whatever its name', () => {
    const input = {
      environment: 'production',
      pet: { name: 'Rex', doorCode: '4711' },
      visits: [{ pin: '0000', day: 'Monday' }],
    };
    expect(redacted(input, FixtureInputSchema)).toEqual({
      environment: 'production',
      pet: { name: 'Rex', doorCode: '[removed]' },
      visits: [{ pin: '[removed]', day: 'Monday' }],
    });
    // Private and personal values stay in the managers' record of who changed what.
    expect(redacted(details.profile, FixtureProfileSchema)).toEqual(details.profile);
  });

  it("from the privacy tests' seeds: the new field is seeded and looked for", () => {
    expect(markedFields(FixtureProfileSchema)).toEqual([...PRIVATE_PROFILE_FIELDS, 'rescueStory']);
    expect(Object.keys(markedSeeds(FixtureProfileSchema, 'fx').values)).toContain('rescueStory');
  });
});

describe('the walk', () => {
  it('reads a mark through optional, nullable, a transform and refinements', () => {
    expect(markOf(personalField(z.string()).nullable().optional())).toBe('personal');
    expect(
      markOf(
        privateField(
          z
            .string()
            .trim()
            .transform((text) => text.toUpperCase()),
        )
          .refine(Boolean)
          .describe('words'),
      ),
    ).toBe('private');
    expect(markOf(z.string().optional())).toBeUndefined();
  });

  it('goes through arrays, records, unions and nullable objects, and keeps what the schema does not describe', () => {
    const Item = z.object({ label: z.string(), vet: personalField(z.string()) });
    const schema = z.object({
      items: z.array(Item),
      byId: z.record(z.string(), Item),
      either: z.union([Item, z.object({ code: secretField(z.string()) })]),
      maybe: Item.nullable(),
    });
    const value = {
      items: [{ label: 'a', vet: 'Dr A' }],
      byId: { one: { label: 'b', vet: 'Dr B' } },
      either: { code: 'x', label: 'c' },
      maybe: null,
      extra: 1,
    };
    expect(cutByMarks(schema, value)).toEqual({
      items: [{ label: 'a' }],
      byId: { one: { label: 'b' } },
      either: { label: 'c' },
      maybe: null,
      extra: 1,
    });
    expect(cutByMarks(schema, value, ['secret'])).toMatchObject({
      items: [{ label: 'a', vet: 'Dr A' }],
      either: { label: 'c' },
    });
  });
});

describe("the volunteer's cuts are the marks over each answer's schema", () => {
  const vet: PersonRef = { id: 3, name: 'Dr Quist', forgotten: false };
  const dose: Dose = {
    id: 1,
    petId: 7,
    vaccine: 'DHPP',
    status: 'given',
    dueDate: null,
    followsAge: false,
    givenDate: '2026-11-02',
    expiresDate: null,
    batch: 'B1',
    manufacturer: null,
    givenBy: 'Oswin',
    vet,
    skipReason: null,
    notes: 'hernia',
    protocolStep: null,
    createdAt: 5,
  };
  const { vet: _vet, notes: _notes, ...shown } = dose;

  it('a dose, a due list, a profile, the details, the shelter', () => {
    expect(doseForVolunteer(dose)).toEqual(shown);
    const row = { dose, petName: 'Biscuit', category: 'Dogs', bucket: 'overdue' as const, overdueDays: 2 };
    expect(
      dueListForVolunteer({ today: '2026-11-04', until: '2026-11-11', overdue: [row], dueToday: [], soon: [row] }),
    ).toEqual({
      today: '2026-11-04',
      until: '2026-11-11',
      overdue: [{ ...row, dose: shown }],
      dueToday: [],
      soon: [{ ...row, dose: shown }],
    });
    expect(publicPart({ sex: 'male', internalNotes: 'x', version: 4 })).toEqual({ sex: 'male', version: 4 });
    expect(withoutPrivateFields({ ...details, doorCode: undefined })).toEqual({
      pet,
      profile: { breedPrimary: 'Beagle', rescueStory: 'Found behind the bakery' },
      ageGroup: null,
      currency: 'EUR',
      doorCode: undefined,
    });
    expect(withoutContractTerms({ name: 'Happy Paws', contractTerms: 'Clause 1', logo: null, version: 2 })).toEqual({
      name: 'Happy Paws',
      logo: null,
      version: 2,
    });
  });

  it('the answer schemas agree with the TS types the services answer with', () => {
    expectTypeOf<z.output<typeof DoseSchema>>().toEqualTypeOf<Dose>();
    expectTypeOf<z.output<typeof DueDoseSchema>>().toEqualTypeOf<DueDose>();
    expectTypeOf<z.output<typeof DueListSchema>>().toEqualTypeOf<DueList>();
    expectTypeOf<z.output<typeof GivenRoundSchema>>().toEqualTypeOf<GivenRound>();
    expectTypeOf<z.output<typeof ShelterProfileSchema>>().toMatchTypeOf<ShelterProfile>();
    expectTypeOf<ShelterProfile>().toMatchTypeOf<z.output<typeof ShelterProfileSchema>>();
  });
});
