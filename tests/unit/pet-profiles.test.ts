/** Pet profiles (schema, private fields, age groups), their history, the shelter profile, and migration 0009 on an older database. */
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/shared/clock';
import { AppError } from '../../src/shared/errors';
import {
  PET_PROFILE_FIELDS,
  PRIVATE_PROFILE_FIELDS,
  PetProfileChangeSchema,
  PetProfileSchema,
  PublicPetProfileSchema,
  ageGroupOf,
  ageScaleOf,
  publicProfile,
  type PetProfile,
} from '../../src/shared/pet-profile';
import { CurrencySchema, logoMediaType } from '../../src/shared/shelter';
import { databaseFile, Engine } from '../../src/main/engine/engine';
import { writeOldDatabase } from '../helpers/old-migrations';
import { transparentPng } from '../helpers/photos';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

const T0 = Date.UTC(2026, 5, 1, 12, 0, 0);

const FULL: PetProfile = {
  breedPrimary: 'Beagle',
  breedSecondary: 'Basset Hound',
  breedMixed: true,
  sex: 'female',
  birthDate: '2023-04',
  size: 'medium',
  color: 'tan and white',
  coat: 'short',
  description: 'Loves walks.\n\nSleeps on the sofa.',
  goodWithKids: 'yes',
  goodWithDogs: 'yes',
  goodWithCats: 'unknown',
  houseTrained: true,
  spayedNeutered: false,
  specialNeeds: 'Daily ear drops.',
  intakeDate: '2026-05-20',
  adoptionFee: 150.5,
  microchipNumber: '985112003456789',
  kennelLocation: 'Kennel B4',
  internalNotes: 'Bit a volunteer once when startled.',
};

describe('the profile schema', () => {
  it('takes every field, each optional', () => {
    expect(PetProfileSchema.parse(FULL)).toEqual(FULL);
    expect(PetProfileSchema.parse({})).toEqual({});
    expect(Object.keys(FULL).sort()).toEqual([...PET_PROFILE_FIELDS].sort());
  });

  it.each([
    [{ sex: 'robot' }, /sex: must be one of female, male, unknown/],
    [{ size: 'huge' }, /size: must be one of small, medium, large, xlarge/],
    [{ goodWithCats: 'maybe' }, /goodWithCats: must be one of yes, no, unknown/],
    [{ birthDate: '2023-13' }, /birthDate: must be a date/],
    [{ birthDate: '2023-02-30' }, /birthDate: must be a date/],
    [{ intakeDate: '2026-5-1' }, /intakeDate: must be a date, YYYY-MM-DD/],
    [{ adoptionFee: -1 }, /adoptionFee: must be 0 or more/],
    [{ adoptionFee: 10.555 }, /adoptionFee: must have at most two decimals/],
    [{ description: 'x'.repeat(5_001) }, /description: must be at most 5,000 characters/],
    [{ description: 'bell\u0007' }, /description: must not contain control characters/],
    [{ microchipNumber: '<script>' }, /microchipNumber: must be 1 to 40 letters and digits/],
    [{ colour: 'black' }, /has unknown field\(s\) colour/],
  ])('refuses %j, naming the field', (input, message) => {
    const result = PetProfileSchema.safeParse(input);
    expect(result.success).toBe(false);
    const text = result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ') ?? '';
    expect(text).toMatch(message);
  });

  it('keeps paragraphs as line feeds, and takes a birth date estimated to the month or the year', () => {
    expect(PetProfileSchema.parse({ description: '  One.\r\n\r\nTwo.  ' }).description).toBe('One.\n\nTwo.');
    for (const birthDate of ['2024', '2024-03', '2024-03-15'])
      expect(PetProfileSchema.parse({ birthDate }).birthDate).toBe(birthDate);
  });

  it('lets a change clear a field with null', () => {
    expect(PetProfileChangeSchema.parse({ sex: null, breedPrimary: 'Collie' })).toEqual({
      sex: null,
      breedPrimary: 'Collie',
    });
  });
});

describe('private fields', () => {
  it('are marked private in the schema metadata, and only those three', () => {
    const marked = PET_PROFILE_FIELDS.filter(
      (field) => (PetProfileSchema.shape[field].unwrap().meta() as { private?: boolean } | undefined)?.private === true,
    );
    expect(marked).toEqual(['microchipNumber', 'kennelLocation', 'internalNotes']);
    expect([...PRIVATE_PROFILE_FIELDS]).toEqual(marked);
  });

  it('are dropped by publicProfile, which keeps everything else', () => {
    const shown = publicProfile(FULL);
    for (const field of PRIVATE_PROFILE_FIELDS) expect(shown).not.toHaveProperty(field);
    expect(JSON.stringify(shown)).not.toContain('985112003456789');
    expect(JSON.stringify(shown)).not.toContain('Kennel B4');
    expect(JSON.stringify(shown)).not.toContain('volunteer');
    expect(Object.keys(shown)).toHaveLength(PET_PROFILE_FIELDS.length - PRIVATE_PROFILE_FIELDS.length);
    // What it gives passes the public schema, which would refuse a private field.
    expect(PublicPetProfileSchema.parse(shown)).toEqual(shown);
    expect(PublicPetProfileSchema.safeParse({ microchipNumber: '1' }).success).toBe(false);
  });
});

describe('age groups', () => {
  it("follow the category's species (never its name): dogs, cats and others differ", () => {
    expect(ageScaleOf('dog')).toBe('dog');
    expect(ageScaleOf('cat')).toBe('cat');
    expect(ageScaleOf('rabbit')).toBe('other');
    expect(ageScaleOf('small_animal')).toBe('other');
    const today = '2026-06-01';
    expect(ageGroupOf('2026-01-15', 'dog', today)).toBe('baby');
    expect(ageGroupOf('2025-06-01', 'dog', today)).toBe('young');
    expect(ageGroupOf('2025-06-01', 'other', today)).toBe('adult');
    expect(ageGroupOf('2017-06', 'dog', today)).toBe('senior');
    expect(ageGroupOf('2017-06', 'cat', today)).toBe('adult');
    expect(ageGroupOf('2016', 'cat', today)).toBe('adult');
    expect(ageGroupOf('2015', 'cat', today)).toBe('senior');
    expect(ageGroupOf('2020', 'other', today)).toBe('senior');
    expect(ageGroupOf(undefined, 'dog', today)).toBeNull();
    expect(ageGroupOf('2027', 'dog', today)).toBeNull();
  });
});

describe('the shelter schema', () => {
  it('takes ISO 4217 codes only, upper-casing them', () => {
    expect(CurrencySchema.parse('eur')).toBe('EUR');
    expect(CurrencySchema.safeParse('EURO').success).toBe(false);
    expect(CurrencySchema.safeParse('XYZ').success).toBe(false);
  });

  it('tells a logo by its first bytes', () => {
    expect(logoMediaType(Buffer.from('89504e470d0a1a0a0000', 'hex'))).toBe('image/png');
    expect(logoMediaType(Buffer.from('ffd8ffe000104a464946', 'hex'))).toBe('image/jpeg');
    expect(logoMediaType(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(logoMediaType(Buffer.from('GIF89a'))).toBeNull();
    expect(logoMediaType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
  });
});

describe('the services', () => {
  let dataDir: string;
  let clock: ManualClock;
  let engine: Engine;

  beforeEach(() => {
    dataDir = makeTempDir();
    clock = new ManualClock(T0);
    engine = new Engine({ dataDir, environment: 'production', clock });
  });

  afterEach(() => {
    engine.close();
    removeTempDir(dataDir);
  });

  it('store a profile, clear fields with null, and keep each change in the history', () => {
    const { pets, petProfiles } = engine.services;
    const pet = pets.create({ name: 'Biscuit', categoryId: 1 });
    expect(petProfiles.get(pet.id)).toEqual({});
    clock.advance(1_000);
    expect(petProfiles.set(pet.id, FULL)).toEqual(FULL);
    expect(petProfiles.get(pet.id)).toEqual(FULL);
    expect(pets.getRecord(pet.id).updatedAt).toBe(T0 + 1_000);
    clock.advance(1_000);
    petProfiles.set(pet.id, { microchipNumber: null, sex: 'male' });
    expect(petProfiles.get(pet.id)).toEqual({ ...FULL, microchipNumber: undefined, sex: 'male' });
    expect(petProfiles.get(pet.id)).not.toHaveProperty('microchipNumber');
    // Saving the same values again changes nothing and adds no entry.
    petProfiles.set(pet.id, { sex: 'male' });
    const history = petProfiles.history(pet.id);
    expect(history).toHaveLength(2);
    expect(history[0]?.changedAt).toBe(T0 + 1_000);
    expect(history[0]?.fields.adoptionFee).toEqual({ from: null, to: 150.5 });
    expect(history[1]).toEqual({
      changedAt: T0 + 2_000,
      fields: { sex: { from: 'female', to: 'male' }, microchipNumber: { from: '985112003456789', to: null } },
    });
    // The status history is as it was: profile changes are their own entries.
    expect(pets.history(pet.id)).toEqual([
      { fromStatus: null, toStatus: 'available', changedAt: T0, happenedAt: T0, departure: null },
    ]);
  });

  it('refuse a bad value and change nothing; refuse a pet that does not exist', () => {
    const { pets, petProfiles } = engine.services;
    const pet = pets.create({ name: 'Biscuit', categoryId: 1 });
    petProfiles.set(pet.id, { breedPrimary: 'Beagle' });
    expect(() => petProfiles.set(pet.id, { breedPrimary: 'Collie', sex: 'robot' as never })).toThrow(
      /sex: must be one of/,
    );
    expect(petProfiles.get(pet.id)).toEqual({ breedPrimary: 'Beagle' });
    expect(petProfiles.history(pet.id)).toHaveLength(1);
    const missing = (() => {
      try {
        petProfiles.set(999, { sex: 'male' });
      } catch (error) {
        return error;
      }
    })();
    expect(missing).toBeInstanceOf(AppError);
    expect((missing as AppError).code).toBe('not_found');
  });

  it('give the age group by category and the shelter currency with the details', () => {
    const { pets, petProfiles, shelter } = engine.services;
    const dog = pets.create({ name: 'Old Rex', categoryId: 1 });
    const cat = pets.create({ name: 'Old Tom', categoryId: 2 });
    petProfiles.set(dog.id, { birthDate: '2017-01' });
    petProfiles.set(cat.id, { birthDate: '2017-01' });
    expect(petProfiles.details(dog.id)).toMatchObject({ ageGroup: 'senior', currency: null });
    shelter.set({ currency: 'gbp' });
    expect(petProfiles.details(cat.id)).toMatchObject({
      ageGroup: 'adult',
      currency: 'GBP',
      pet: { id: cat.id, name: 'Old Tom' },
    });
  });

  it('drop a pet’s profile and its changes with the pet', () => {
    const { pets, petProfiles } = engine.services;
    const pet = pets.create({ name: 'Biscuit', categoryId: 1 });
    petProfiles.set(pet.id, { breedPrimary: 'Beagle' });
    pets.remove(pet.id);
    expect(
      engine.sqlite
        .prepare('SELECT (SELECT count(*) FROM pet_profiles) + (SELECT count(*) FROM pet_profile_changes) AS n')
        .get(),
    ).toEqual({ n: 0 });
  });

  it('keep the shelter profile: set, clear, logo bounded to PNG, JPEG or WebP', async () => {
    const { shelter } = engine.services;
    expect(shelter.get()).toEqual({ logo: null, version: 0 });
    shelter.set({
      name: 'Happy Tails',
      email: 'adopt@happytails.test',
      currency: 'usd',
      howToAdopt: 'Visit us.\n\nMeet the pet.',
    });
    expect(shelter.get()).toMatchObject({ name: 'Happy Tails', email: 'adopt@happytails.test', currency: 'USD' });
    expect(() => shelter.set({ email: 'not an email' })).toThrow(/email: must be an email address/);
    expect(() => shelter.set({ website: 'ftp://x.test' })).toThrow(/website: must be a web address/);
    shelter.set({ email: null });
    expect(shelter.get()).not.toHaveProperty('email');
    const png = await transparentPng(64, 64);
    const saved = (await shelter.setLogo(png)).logo;
    expect(saved).toEqual({ mediaType: 'image/png', byteSize: shelter.logo()?.bytes.length, updatedAt: T0 });
    expect(await sharp(shelter.logo()?.bytes).metadata()).toMatchObject({
      format: 'png',
      width: 64,
      height: 64,
      hasAlpha: true,
    });
    await expect(shelter.setLogo(Buffer.from('GIF89a'))).rejects.toThrow(/must be a PNG, JPEG or WebP image/);
    await expect(
      shelter.setLogo(Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(100)])),
    ).rejects.toThrow(/logo is not an image that can be read/);
    await expect(shelter.setLogo(Buffer.alloc(1024 * 1024 + 1, 0xff))).rejects.toThrow(/over the 1 MiB/);
    expect(shelter.get().logo?.mediaType).toBe('image/png');
    expect(shelter.removeLogo().logo).toBeNull();
  });
});

describe('migration 0009 (pet and shelter profiles)', () => {
  let dataDir: string;

  beforeEach(() => {
    dataDir = makeTempDir();
  });

  afterEach(() => {
    removeTempDir(dataDir);
  });

  it('opens a database of the release before, whose pets keep everything and get empty profiles', () => {
    writeOldDatabase(
      databaseFile(dataDir, 'production'),
      '0009',
      `
      INSERT INTO meta (key, value) VALUES ('categories_seeded', '1');
      INSERT INTO categories (id, name, name_folded) VALUES (1, 'Dogs', 'dogs');
      INSERT INTO pets (id, name, name_folded, category_id, status, created_at, updated_at) VALUES (1, 'Rex', 'rex', 1, 'sold', 1000, 2000);
      INSERT INTO pet_status_history (pet_id, from_status, to_status, changed_at) VALUES (1, 'available', 'sold', 2000);
    `,
    );
    const engine = new Engine({ dataDir, environment: 'production', clock: new ManualClock(T0) });
    try {
      const { pets, petProfiles, shelter } = engine.services;
      expect(pets.get(1)).toEqual({ id: 1, name: 'Rex', categoryId: 1, status: 'sold' });
      expect(pets.history(1)).toHaveLength(2);
      expect(petProfiles.details(1)).toMatchObject({ profile: {}, ageGroup: null, currency: null });
      expect(shelter.get()).toEqual({ logo: null, version: 0 });
      petProfiles.set(1, { breedPrimary: 'Collie' });
      expect(petProfiles.get(1)).toEqual({ breedPrimary: 'Collie' });
    } finally {
      engine.close();
    }
  });
});
