/**
 * Today's card answers only what it lists: with many more open reports with likely matches than it shows,
 * the answer holds the first WAITING_SHOWN of them, the best (the from-scratch card's first), each with its
 * best WAITING_MATCHES_SHOWN matches and its count of all of them, and how many reports it leaves out; an
 * old lost report a stray just taken in carries the chip of heads it.
 */
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../src/main/engine/engine';
import type { ManualClock } from '../../src/shared/clock';
import { WAITING_MATCHES_SHOWN, WAITING_SHOWN, type ReportInput } from '../../src/shared/lost-found';
import { fromScratch, wholeCard } from '../helpers/lost-found-card';
import { useTempEngine } from '../helpers/temp-engine';

const START = Date.parse('2026-11-20T10:00:00Z');
const DAY = 86_400_000;
const DOGS = 1;
let engine: Engine;
let clock: ManualClock;
useTempEngine(START - 30 * DAY, (made) => ({ engine, clock } = made));

let seed = 7;
const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;

function report(kind: 'lost' | 'found', fields: Partial<ReportInput> = {}): number {
  return engine.services.lostFound.recordReport(
    {
      kind,
      species: 'dog',
      seenAt: clock.now() - Math.floor(next() * 5) * DAY,
      colour: pick(['black', 'black and white']),
      breed: 'Border Collie',
      sex: pick(['female', 'male'] as const),
      size: pick(['small', 'medium'] as const),
      postcode: pick(['69003', '69007']),
      features: pick(['torn left ear', 'red collar', 'torn left ear, red collar']),
      contact: { name: 'Camille Martin' },
      ...fields,
    },
    'desk',
  ).report.id;
}

describe("Today's card answer is bounded", () => {
  it('lists the best reports of many, their best few matches, their counts and the number left out', () => {
    const chip = '250269604999111';
    const old = report('lost', { microchip: chip, seenAt: START - 30 * DAY });
    clock.set(START);
    for (let i = 0; i < 40; i++) report(i % 2 ? 'lost' : 'found');
    const { petId } = engine.services.movements.intake(
      { pet: { name: 'Puce', categoryId: DOGS }, type: 'stray', at: START - DAY, reason: 'Found near 69003' },
      'cli',
    );
    engine.services.petProfiles.set(petId, { microchipNumber: chip, color: 'tan', breedPrimary: 'Beagle' });

    const whole = wholeCard(engine, clock.now());
    // Enough reports and matches that the cut has something to leave out.
    expect(whole.length).toBeGreaterThan(WAITING_SHOWN + 5);
    expect(whole.filter((entry) => entry.matches.length > WAITING_MATCHES_SHOWN).length).toBeGreaterThan(WAITING_SHOWN);

    const card = engine.services.lostFound.waiting();
    expect(card).toEqual(fromScratch(engine, clock.now()));
    expect(card.entries).toHaveLength(WAITING_SHOWN);
    expect(card.more).toBe(whole.length - WAITING_SHOWN);
    for (const entry of card.entries) expect(entry.matches.length).toBeLessThanOrEqual(WAITING_MATCHES_SHOWN);
    expect(card.entries.map((entry) => entry.likely)).toEqual(
      whole.slice(0, WAITING_SHOWN).map((entry) => entry.matches.length),
    );
    // The old report is on the card through the stray taken in since, and first: a chip is certain.
    expect(card.entries[0]?.report.id).toBe(old);
    expect(card.entries[0]?.matches[0]).toMatchObject({ score: 100, certain: true, pet: { id: petId } });
    // Nothing left out scores above what is listed.
    const lowest = card.entries.at(-1)!.matches[0]!.score;
    for (const left of whole.slice(WAITING_SHOWN)) expect(left.matches[0]!.score).toBeLessThanOrEqual(lowest);
  });

  it('a card with fewer reports than it lists leaves none out', () => {
    clock.set(START);
    report('lost', { colour: 'tan', breed: 'Beagle', sex: 'male', size: 'small', postcode: '69003' });
    report('found', { colour: 'tan', breed: 'Beagle', sex: 'male', size: 'small', postcode: '69003' });
    const card = engine.services.lostFound.waiting();
    expect(card).toEqual(fromScratch(engine, clock.now()));
    expect(card.entries).toHaveLength(2);
    expect(card.more).toBe(0);
  });
});
