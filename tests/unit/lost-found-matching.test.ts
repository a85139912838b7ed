/**
 * Lost and found matching over a real engine: a chip is certain, a description alone ranks the right
 * stray first and says which fields agreed, a stray taken in after the report is found at once, and
 * confirming records the return to owner.
 */
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../src/main/engine/engine';
import { prepare, quickScore, scoreMatch, type Description } from '../../src/main/lost-found/matching';
import type { ReportInput } from '../../src/shared/lost-found';
import type { PetProfileChange } from '../../src/shared/pet-profile';
import { useTempEngine } from '../helpers/temp-engine';
import { thrownBy } from '../helpers/thrown';

const START = Date.parse('2026-11-20T10:00:00Z');
const DAY = 86_400_000;
let engine: Engine;
useTempEngine(START, (made) => (engine = made.engine));

const DOGS = 1;
const CATS = 2;

function stray(name: string, categoryId: number, profile: PetProfileChange, reason?: string): number {
  const { petId } = engine.services.movements.intake(
    { pet: { name, categoryId }, type: 'stray', at: START - DAY, ...(reason && { reason }) },
    'cli',
  );
  engine.services.petProfiles.set(petId, profile);
  return petId;
}

const lost = (fields: Partial<ReportInput> = {}): ReportInput => ({
  kind: 'lost',
  species: 'dog',
  seenAt: START - 3 * DAY,
  contact: { name: 'Camille Martin', phone: '06 12 34 56 78' },
  ...fields,
});

const plain: Description = {
  species: 'dog',
  sex: null,
  colour: null,
  breed: null,
  size: null,
  ageGroup: null,
  microchip: null,
  postcode: null,
  place: null,
  at: START,
  features: null,
};

describe('scoring', () => {
  it('agreeing chips are certain at 100; another chip or species is no match', () => {
    const chip = prepare({ ...plain, microchip: '250269604123456' });
    expect(scoreMatch(chip, prepare({ ...plain, microchip: '250269604123456', sex: 'male' }))).toMatchObject({
      score: 100,
      certain: true,
      fields: [{ field: 'microchip', verdict: 'same' }],
    });
    expect(scoreMatch(chip, prepare({ ...plain, microchip: '250269604999999' }))).toBeNull();
    expect(scoreMatch(chip, prepare({ ...plain, species: 'cat', microchip: '250269604123456' }))).toBeNull();
  });

  it('explains each field; accents, case and word endings do not matter; a contradiction takes points back', () => {
    const a = prepare({
      ...plain,
      colour: 'Noir et blanc',
      sex: 'female',
      postcode: '69006',
      features: 'oreille déchirée',
    });
    const b = prepare({
      ...plain,
      colour: 'blanche, noire',
      sex: 'female',
      postcode: '69 006',
      features: 'Oreille dechiree, collier rouge',
    });
    const score = scoreMatch(a, b)!;
    const field = (name: string) => score.fields.find((verdict) => verdict.field === name);
    expect(field('colour')).toMatchObject({ verdict: 'same', points: 20 });
    expect(field('sex')).toMatchObject({ verdict: 'same', points: 10 });
    expect(field('area')).toMatchObject({ verdict: 'same', points: 10 });
    expect(field('features')).toMatchObject({ verdict: 'close', words: ['oreille', 'dechiree'] });
    expect(field('breed')).toMatchObject({ verdict: 'unknown', points: 0 });
    const male = scoreMatch(a, prepare({ ...plain, colour: 'noir et blanc', sex: 'male' }))!;
    expect(male.fields.find((verdict) => verdict.field === 'sex')).toMatchObject({ verdict: 'different', points: -10 });
    expect(score.score).toBeLessThan(100);
  });

  it('the quick sift gives every pair the score its explanation adds up to', () => {
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
    const describe = (): Description => ({
      species: pick(['dog', 'cat'] as const),
      sex: pick([null, 'female', 'male', 'unknown'] as const),
      colour: pick([null, 'black', 'noir et blanc', 'white and black', 'tan']),
      breed: pick([null, 'Border Collie', 'collie cross', 'Beagle']),
      size: pick([null, 'small', 'medium', 'large'] as const),
      ageGroup: pick([null, 'young', 'adult', 'senior'] as const),
      microchip: pick([null, null, null, '250269604123456', '250269604999999']),
      postcode: pick([null, '69006', '69007', '75011']),
      place: pick([null, 'Parc de la Tête d’Or', 'parc Blandan', 'gare']),
      at: START - Math.floor(next() * 90) * DAY,
      features: pick([null, 'torn left ear, red collar', 'red collar and a scar', 'shy']),
    });
    let compared = 0;
    for (let i = 0; i < 2000; i++) {
      const a = prepare(describe());
      const b = prepare(describe());
      const explained = scoreMatch(a, b);
      expect(quickScore(a, b)).toBe(explained === null ? null : explained.score);
      if (explained && !explained.certain) {
        compared += 1;
        const sum = explained.fields.reduce((total, field) => total + field.points, 0);
        expect(explained.score).toBe(Math.max(0, Math.min(99, sum)));
      }
    }
    expect(compared).toBeGreaterThan(500);
  });
});

describe('reports against the strays in care', () => {
  it('a lost report with a stray’s chip matches it at 100 %', () => {
    const rex = stray('Rex', DOGS, { microchipNumber: '250269604123456' });
    stray('Other', DOGS, { microchipNumber: '250269604000001' });
    const { matches } = engine.services.lostFound.recordReport(lost({ microchip: '250269604123456' }), 'desk');
    expect(matches[0]).toMatchObject({ score: 100, certain: true, pet: { id: rex, name: 'Rex' } });
    expect(matches.filter((match) => match.pet?.name === 'Other')).toEqual([]);
  });

  it('a description-only report ranks the right stray first, and says which fields matched', () => {
    stray('Brutus', DOGS, { color: 'brown', breedPrimary: 'Boxer', sex: 'male', size: 'large' }, 'Found on the A6');
    const right = stray(
      'Noisette',
      DOGS,
      { color: 'black and white', breedPrimary: 'Border Collie', sex: 'female', size: 'medium', birthDate: '2023-05' },
      'Found in the Parc de la Tête d’Or, 69006, torn left ear and a red collar',
    );
    stray('Luna', DOGS, { color: 'black', breedPrimary: 'Labrador Retriever', sex: 'female', size: 'large' });
    stray('Minou', CATS, { color: 'black and white', sex: 'female' });
    const { matches } = engine.services.lostFound.recordReport(
      lost({
        colour: 'Black & white',
        breed: 'border collie',
        sex: 'female',
        size: 'medium',
        ageGroup: 'adult',
        postcode: '69006',
        features: 'Her left ear is torn; she wears a red collar',
      }),
      'desk',
    );
    expect(matches[0]?.pet?.id).toBe(right);
    expect(matches[0]?.certain).toBe(false);
    expect(matches[0]!.score).toBeGreaterThan(80);
    expect(matches.map((match) => match.pet?.name)).not.toContain('Minou');
    const agreed = matches[0]!.fields.filter((field) => field.verdict === 'same').map((field) => field.field);
    expect(agreed).toEqual(expect.arrayContaining(['colour', 'breed', 'sex', 'size', 'ageGroup', 'area', 'date']));
  });

  it('a stray taken in after the report is its match at the next read, and on Today', () => {
    const report = engine.services.lostFound.recordReport(
      lost({ colour: 'tan', breed: 'beagle', sex: 'male', size: 'small', postcode: '69003' }),
      'desk',
    );
    expect(report.matches).toEqual([]);
    const beagle = stray('Snoopy', DOGS, { color: 'tan', breedPrimary: 'Beagle', sex: 'male', size: 'small' }, '69003');
    expect(engine.services.lostFound.get(report.report.id).matches[0]?.pet?.id).toBe(beagle);
    expect(engine.services.lostFound.matchesOfPet(beagle)[0]?.report?.id).toBe(report.report.id);
    expect(engine.services.lostFound.waiting().entries.map((waiting) => waiting.report.id)).toContain(report.report.id);
  });

  it('a report seen long ago is still found by its chip, but not read for a description match', () => {
    const description = { colour: 'tan', breed: 'beagle', sex: 'male', size: 'small', postcode: '69003' } as const;
    const old = engine.services.lostFound.recordReport(
      { ...lost({ ...description, seenAt: START - 800 * DAY }), kind: 'found' },
      'site',
    );
    const chipped = engine.services.lostFound.recordReport(
      { ...lost({ microchip: '250269604777777', seenAt: START - 800 * DAY }), kind: 'found' },
      'site',
    );
    const recent = engine.services.lostFound.recordReport({ ...lost(description), kind: 'found' }, 'site');
    const mine = engine.services.lostFound.recordReport(lost({ ...description, microchip: '250269604777777' }), 'desk');
    const ids = mine.matches.map((match) => match.report?.id);
    expect(mine.matches[0]).toMatchObject({ certain: true, report: { id: chipped.report.id } });
    expect(ids).toContain(recent.report.id);
    expect(ids).not.toContain(old.report.id);
  });

  it('confirming records the return to owner and closes the report; a second confirm is refused', () => {
    const rex = stray('Rex', DOGS, { microchipNumber: 'ABC123' });
    const { report } = engine.services.lostFound.recordReport(lost({ microchip: 'abc123' }), 'desk');
    const after = engine.services.lostFound.confirm({ reportId: report.id, petId: rex }, 'cli');
    expect(after.report).toMatchObject({ state: 'returned', returnedPetId: rex });
    const record = engine.services.shelterDay.record(rex);
    expect(record.stays[0]).toMatchObject({ outcomeType: 'return_to_owner' });
    expect(engine.services.pets.getRecord(rex).departure).toBe('return_to_owner');
    expect(thrownBy(() => engine.services.lostFound.confirm({ reportId: report.id, petId: rex }, 'cli'))).toMatchObject(
      {
        code: 'conflict',
        details: { reason: 'report_not_open' },
      },
    );
  });

  it('a lost and a found report match each other, and confirming returns both', () => {
    const found = engine.services.lostFound.recordReport(
      { ...lost({ colour: 'ginger', sex: 'male', postcode: '69007' }), kind: 'found', species: 'cat' },
      'site',
    );
    const mine = engine.services.lostFound.recordReport(
      lost({ species: 'cat', colour: 'ginger tabby', sex: 'male', postcode: '69007' }),
      'desk',
    );
    expect(mine.matches[0]?.report?.id).toBe(found.report.id);
    engine.services.lostFound.confirm({ reportId: mine.report.id, otherReportId: found.report.id }, 'cli');
    expect(engine.services.lostFound.get(found.report.id).report.state).toBe('returned');
  });
});
