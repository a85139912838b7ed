/**
 * Today's card reads the stored likely matches: after a report recorded, a stray taken in, a profile
 * edited, a report closed or confirmed, a new day that moves a stray's age group, a start on the same
 * file and reports written straight into it, the card is the one a from-scratch comparison of every open
 * report with every candidate makes (the card's computation before the matches were stored), and the
 * stored rows are exactly the likely pairs.
 */
import { describe, expect, it } from 'vitest';
import { Engine } from '../../src/main/engine/engine';
import { strayDescription, reportDescription } from '../../src/main/lost-found/descriptions';
import { prepare, quickScore } from '../../src/main/lost-found/matching';
import { LostFoundStore } from '../../src/main/lost-found/store';
import type { ManualClock } from '../../src/shared/clock';
import { LIKELY_SCORE, type MatchesWaiting, type Report, type ReportInput } from '../../src/shared/lost-found';
import { localDay, type PetProfileChange } from '../../src/shared/pet-profile';
import { fromScratch } from '../helpers/lost-found-card';
import { useTempEngine } from '../helpers/temp-engine';

const START = Date.parse('2026-11-20T10:00:00Z');
const DAY = 86_400_000;
let engine: Engine;
let clock: ManualClock;
let dataDir: string;
useTempEngine(START - 40 * DAY, (made) => ({ engine, clock, dataDir } = made));

const DOGS = 1;
const CATS = 2;

/** Every open report's likely pairs, worked out again: what the stored table must hold. */
function likelyPairs(): string[] {
  const store = new LostFoundStore(engine.sqlite);
  const today = localDay(clock.now());
  const open = (
    engine.sqlite.prepare("SELECT id FROM lost_found_reports WHERE state = 'open'").all() as { id: number }[]
  ).map(({ id }) => store.one(id)!);
  const pairs: string[] = [];
  for (const report of open) {
    const mine = prepare(reportDescription(report));
    for (const other of open)
      if (other.kind !== report.kind && (quickScore(mine, prepare(reportDescription(other))) ?? -1) >= LIKELY_SCORE)
        pairs.push(`${report.id} report ${other.id}`);
    if (report.kind === 'lost')
      for (const stray of store.straysInCare())
        if ((quickScore(mine, prepare(strayDescription(stray, today))) ?? -1) >= LIKELY_SCORE)
          pairs.push(`${report.id} pet ${stray.id}`);
  }
  return pairs.sort();
}

const storedPairs = (): string[] =>
  (
    engine.sqlite
      .prepare('SELECT report_id AS r, other_report_id AS o, pet_id AS p FROM lost_found_likely_matches')
      .all() as { r: number; o: number | null; p: number | null }[]
  )
    .map(({ r, o, p }) => (o === null ? `${r} pet ${p}` : `${r} report ${o}`))
    .sort();

/** The card read and checked against the from-scratch one, and the stored rows against the likely pairs. */
function checkedCard(): MatchesWaiting {
  const card = engine.services.lostFound.waiting();
  expect(card).toEqual(fromScratch(engine, clock.now()));
  expect(storedPairs()).toEqual(likelyPairs());
  return card;
}

let seed = 11;
const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
const COLOURS = ['black', 'black and white', 'tan', 'ginger'];
const BREEDS = ['Beagle', 'Border Collie', 'European Shorthair'];

function report(kind: 'lost' | 'found', species: 'dog' | 'cat', fields: Partial<ReportInput> = {}): Report {
  return engine.services.lostFound.recordReport(
    {
      kind,
      species,
      seenAt: clock.now() - Math.floor(next() * 10) * DAY,
      colour: pick(COLOURS),
      breed: pick(BREEDS),
      sex: pick(['female', 'male'] as const),
      size: pick(['small', 'medium'] as const),
      postcode: pick(['69003', '69007']),
      features: pick(['torn left ear', 'red collar', 'shy']),
      contact: { name: 'Camille Martin' },
      ...fields,
    },
    'desk',
  ).report;
}

function stray(name: string, categoryId: number, profile: PetProfileChange = {}): number {
  const { petId } = engine.services.movements.intake(
    {
      pet: { name, categoryId },
      type: 'stray',
      at: clock.now() - DAY,
      reason: `Found near ${pick(['69003', '69007'])}`,
    },
    'cli',
  );
  engine.services.petProfiles.set(petId, {
    color: pick(COLOURS),
    breedPrimary: pick(BREEDS),
    sex: pick(['female', 'male'] as const),
    size: pick(['small', 'medium'] as const),
    ...profile,
  });
  return petId;
}

const idsOf = (card: MatchesWaiting) => card.entries.map((entry) => entry.report.id).sort((a, b) => a - b);
/** Every report the card counts, listed or not. */
const countOf = (card: MatchesWaiting) => card.entries.length + card.more;

describe("Today's card from the stored likely matches", () => {
  it('stays the from-scratch card through reports, intakes, profile edits, closes, returns and a new day', () => {
    // Six weeks ago: reports and strays the card no longer lists for their own sake.
    for (let i = 0; i < 4; i++) report(i % 2 ? 'lost' : 'found', 'dog');
    const old = stray('Ancien', DOGS);
    clock.set(START);
    for (let i = 0; i < 3; i++) report('found', 'dog');
    const ginger = {
      colour: 'ginger',
      breed: 'European Shorthair',
      sex: 'male',
      size: 'small',
      postcode: '69003',
    } as const;
    report('lost', 'cat', ginger);
    report('found', 'cat', ginger);
    stray('Filou', DOGS);
    stray('Caramel', CATS, { color: 'ginger', breedPrimary: 'European Shorthair' });
    const first = checkedCard();
    expect(first.entries.length).toBeGreaterThan(0);

    // A report recorded: it may be a likely match of older ones too.
    const recorded = report('lost', 'dog', { colour: 'black and white', breed: 'Border Collie', sex: 'male' });
    const withReport = checkedCard();
    expect(storedPairs().some((pair) => pair.endsWith(`report ${recorded.id}`))).toBe(true);

    // A stray taken in that is the old lost reports' likely match brings them onto the card.
    const twin = stray('Jumeau', DOGS, { color: 'black and white', breedPrimary: 'Border Collie', sex: 'male' });
    const withStray = checkedCard();
    expect(storedPairs()).toContain(`${recorded.id} pet ${twin}`);

    // A profile edit: the old stray now looks like nothing reported.
    engine.services.petProfiles.set(old, { color: 'white', breedPrimary: 'Dalmatian', sex: 'female', size: 'large' });
    checkedCard();
    engine.services.petProfiles.set(twin, { color: 'tan', breedPrimary: 'Beagle' });
    const edited = checkedCard();
    expect(storedPairs()).not.toContain(`${recorded.id} pet ${twin}`);
    // Each step changed the card, so each comparison above had something to get wrong.
    expect(withReport).not.toEqual(first);
    expect(withStray).not.toEqual(withReport);
    expect(edited).not.toEqual(withStray);

    // A report closed, another returned with the stray it was: neither, nor the stray, stays stored.
    const closing = edited.entries[0]!.report.id;
    engine.services.lostFound.close(closing);
    expect(idsOf(checkedCard())).not.toContain(closing);
    const claimed = stray('Retrouvé', DOGS, { microchipNumber: '250269604123456' });
    const chipped = report('lost', 'dog', { microchip: '250269604123456' });
    expect(checkedCard().entries.find((entry) => entry.report.id === chipped.id)?.matches[0]).toMatchObject({
      score: 100,
    });
    engine.services.lostFound.confirm({ reportId: chipped.id, petId: claimed }, 'cli');
    checkedCard();
    expect(
      storedPairs().filter((pair) => pair.startsWith(`${chipped.id} `) || pair.endsWith(`pet ${claimed}`)),
    ).toEqual([]);
  });

  it('a stray whose age group moves overnight is compared again at the next read', () => {
    clock.set(START);
    // Two years old tomorrow: young today (59 with this adult's report), adult tomorrow (65).
    const rex = stray('Rex', DOGS, {
      color: 'black',
      breedPrimary: 'Beagle',
      sex: 'male',
      size: null,
      birthDate: '2024-11-21',
    });
    engine.sqlite.prepare('UPDATE stays SET intake_reason = NULL WHERE pet_id = ?').run(rex);
    const adult = report('lost', 'dog', {
      seenAt: START - 3 * DAY,
      colour: 'black',
      breed: 'Beagle',
      sex: 'male',
      size: undefined,
      ageGroup: 'adult',
      postcode: undefined,
      features: undefined,
    });
    expect(idsOf(checkedCard())).not.toContain(adult.id);
    clock.set(START + DAY);
    expect(checkedCard().entries.find((entry) => entry.report.id === adult.id)?.matches[0]).toMatchObject({
      pet: { id: rex },
      score: 65,
    });
  });

  it('after a start the card reads what is stored; reports written straight into the file are stored at the first read', () => {
    clock.set(START);
    for (let i = 0; i < 6; i++) report(i % 2 ? 'lost' : 'found', 'dog');
    stray('Filou', DOGS);
    const before = checkedCard();
    const stored = storedPairs();
    engine.close();
    engine = new Engine({ dataDir, environment: 'production', clock });
    expect(engine.services.lostFound.waiting()).toEqual(before);
    expect(storedPairs()).toEqual(stored);
    engine.sqlite
      .prepare(
        `INSERT INTO lost_found_reports (kind, source, species, sex, colour, breed, size, postcode, seen_at, features,
           contact_name, created_at, updated_at)
         SELECT CASE kind WHEN 'lost' THEN 'found' ELSE 'lost' END, 'site', species, sex, colour, breed, size, postcode,
           seen_at, features, 'Imported', ?, ? FROM lost_found_reports`,
      )
      .run(START, START);
    expect(countOf(checkedCard())).toBeGreaterThan(countOf(before));
  });
});
