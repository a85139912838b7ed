/**
 * The profile's rules (birth date, microchip, fee): one rule for every face, in src/shared/pet-profile.ts. A birth
 * date after today (the real day where the face runs, never the lab clock) and a microchip with
 * separators are refused with the rule in the message and typed details the window words; so is a
 * fee in fractions of a cent.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/shared/clock';
import { AppError } from '../../src/shared/errors';
import { PetProfileChangeSchema, PetProfileSchema, isFutureBirthDate, localDay } from '../../src/shared/pet-profile';
import { dispatchAdmin } from '../../src/main/admin/dispatch';
import { createAdminHandlers } from '../../src/main/admin/handlers';
import { Engine } from '../../src/main/engine/engine';
import type { AppHost } from '../../src/main/host/app-host';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { runCliInProcess } from '../helpers/cli-in-process';

const DAY = 86_400_000;
/** The local day `days` from now, as the schema reckons today. */
const dayFromNow = (days: number) => localDay(Date.now() + days * DAY);

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('the birth date is not after today', () => {
  it('compares a date, or the start of the month or year an estimate names', () => {
    expect(isFutureBirthDate('2026-11-28', '2026-11-27')).toBe(true);
    expect(isFutureBirthDate('2026-11-27', '2026-11-27')).toBe(false);
    expect(isFutureBirthDate('2026-12', '2026-11-27')).toBe(true);
    expect(isFutureBirthDate('2026-11', '2026-11-27')).toBe(false);
    expect(isFutureBirthDate('2027', '2026-11-27')).toBe(true);
    expect(isFutureBirthDate('2026', '2026-11-27')).toBe(false);
  });

  it('the schema refuses tomorrow, next month and next year, and takes today', () => {
    const today = dayFromNow(0);
    const nextYear = String(Number(today.slice(0, 4)) + 1);
    for (const birthDate of [dayFromNow(1), dayFromNow(40).slice(0, 7), nextYear]) {
      const result = PetProfileSchema.safeParse({ birthDate });
      expect(result.success, birthDate).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(/^must not be after today \(\d{4}-\d{2}-\d{2}\)/);
      expect(result.error?.issues[0]).toMatchObject({ code: 'custom', params: { reason: 'birth_date_future' } });
    }
    for (const birthDate of [today, today.slice(0, 7), today.slice(0, 4), '2019-02'])
      expect(PetProfileChangeSchema.safeParse({ birthDate }).success, birthDate).toBe(true);
  });
});

describe('the microchip is letters and digits', () => {
  it('refuses spaces, hyphens and dots; takes letters and digits', () => {
    for (const microchipNumber of ['985-141 000', '985 141 000 123 456', '985.141.000', 'AB-12']) {
      const result = PetProfileSchema.safeParse({ microchipNumber });
      expect(result.success, microchipNumber).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(
        'must be 1 to 40 letters and digits, with no spaces, hyphens or dots (e.g. 985141000123456)',
      );
    }
    for (const microchipNumber of ['985141000123456', 'AVID012345678', ' 0A1B2C3D4E '])
      expect(PetProfileSchema.safeParse({ microchipNumber }).success, microchipNumber).toBe(true);
    expect(PetProfileSchema.safeParse({ microchipNumber: '9'.repeat(41) }).success).toBe(false);
  });
});

describe('the engine refuses them with typed details', () => {
  let dataDir: string;
  let engine: Engine;

  beforeEach(() => {
    dataDir = makeTempDir();
    // The lab clock far in the past: the birth-date rule follows the real day, not this clock.
    engine = new Engine({ dataDir, environment: 'production', clock: new ManualClock(Date.UTC(2001, 0, 1)) });
  });

  afterEach(() => {
    engine.close();
    removeTempDir(dataDir);
  });

  it('a future birth date, a separated microchip and a fee of 12.345 each name their rule, in the service and the admin channel; nothing is saved', () => {
    const { pets, petProfiles } = engine.services;
    const pet = pets.create({ name: 'Biscuit', categoryId: 1 });
    const tomorrow = dayFromNow(1);

    const born = refusal(() => petProfiles.set(pet.id, { birthDate: tomorrow }));
    expect(born.code).toBe('validation_failed');
    expect(born.message).toMatch(
      /^birthDate: must not be after today \(\d{4}-\d{2}-\d{2}\): an animal is born before it arrives$/,
    );
    expect(born.details).toEqual({ field: 'birthDate', reason: 'birth_date_future', today: dayFromNow(0) });

    const chip = refusal(() => petProfiles.set(pet.id, { microchipNumber: '985-141 000' }));
    expect(chip.message).toBe(
      'microchipNumber: must be 1 to 40 letters and digits, with no spaces, hyphens or dots (e.g. 985141000123456)',
    );
    expect(chip.details).toEqual({ field: 'microchipNumber', reason: 'microchip_characters', max: 40 });

    const fee = refusal(() => petProfiles.set(pet.id, { adoptionFee: 12.345 }));
    expect(fee.details).toEqual({ field: 'adoptionFee', reason: 'fee_decimals' });

    expect(petProfiles.get(pet.id)).toEqual({});
    // Through the admin channel the window uses: the same rule, the same details (the field by its own name).
    const handlers = createAdminHandlers({ engine: () => engine } as unknown as AppHost);
    return dispatchAdmin(handlers, 'pets.setProfile', {
      environment: 'production',
      id: pet.id,
      profile: { birthDate: tomorrow },
    }).then((answer) => {
      expect(answer).toMatchObject({
        ok: false,
        error: {
          code: 'validation_failed',
          message: expect.stringMatching(/^profile\.birthDate: must not be after today/),
        },
      });
      expect(answer.ok ? null : answer.error).toHaveProperty('details', {
        field: 'birthDate',
        reason: 'birth_date_future',
        today: dayFromNow(0),
      });
      // A past date under a lab clock set in 2001 is still fine: the rule follows the real day.
      expect(petProfiles.set(pet.id, { birthDate: '2019-02', microchipNumber: '985141000123456' })).toEqual({
        birthDate: '2019-02',
        microchipNumber: '985141000123456',
      });
    });
  });
});

describe('the CLI says the rule', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = makeTempDir();
    new Engine({ dataDir, environment: 'production' }).close();
  });
  afterEach(() => removeTempDir(dataDir));
  const cli = (...args: string[]) => runCliInProcess(dataDir, args);

  it('pets profile set --born tomorrow / --microchip with separators: refused, naming the flag and the rule', async () => {
    expect((await cli('pets', 'add', '--name', 'Biscuit', '--category', '1')).code).toBe(0);
    const born = await cli('pets', 'profile', 'set', '1', '--born', dayFromNow(1));
    expect(born.code).not.toBe(0);
    expect(born.stderr).toContain('--born: must not be after today');
    const chip = await cli('pets', 'profile', 'set', '1', '--microchip', '985-141 000');
    expect(chip.code).not.toBe(0);
    expect(chip.stderr).toContain('--microchip: must be 1 to 40 letters and digits, with no spaces, hyphens or dots');
    const shown = await cli('--json', 'pets', 'show', '1');
    expect((JSON.parse(shown.stdout) as { profile: object }).profile).toEqual({});
  }, 60_000);
});
