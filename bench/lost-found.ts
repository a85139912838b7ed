/**
 * Lost and found matching through the real engine: the ten-year shelter of 20,000 animals (its strays
 * in care described), 5,000 open reports (half lost, half found, written by SQL: the first card stores their
 * likely matches, as after an upgrade), then a report's match search, a
 * stray's, a new report recorded with its matches and Today's card, each timed (p50/p95); then the
 * engine is closed and opened again on the same file, and Today's card is timed from its first read.
 * Target: a match search and Today's card ≤ 200 ms, the first read after a start included.
 *
 *   npm exec -- tsx bench/lost-found.ts [ANIMALS] [REPORTS]   (default 20000 and 5000)
 */
import fs from 'node:fs';
import { ManualClock } from '../src/shared/clock';
import { Engine } from '../src/main/engine/engine';
import { random, seedBenchShelter, timed } from './shelter-data';

const ANIMALS = Number(process.argv[2] ?? 20_000);
const REPORTS = Number(process.argv[3] ?? 5_000);
const TARGET_MS = 200;
const DAY = 86_400_000;

const COLOURS = ['black', 'white', 'black and white', 'tan', 'brown', 'ginger', 'grey tabby', 'tricolour', 'cream'];
const BREEDS = [
  'Labrador Retriever',
  'Border Collie',
  'Beagle',
  'Boxer',
  'European Shorthair',
  'Maine Coon',
  'Jack Russell',
];
const FEATURES = [
  'torn left ear',
  'red collar',
  'white tip on the tail',
  'limps slightly',
  'scar on the nose',
  'very shy',
  'blue harness',
];

function main(): void {
  const shelter = seedBenchShelter('lost-found', ANIMALS, 2_000);
  const { engine, end } = shelter;
  let reopened: Engine | undefined;
  const next = random(39);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  try {
    const strays = engine.sqlite
      .prepare<[], { id: number }>("SELECT pet_id AS id FROM stays WHERE outcome_at IS NULL AND intake_type = 'stray'")
      .all()
      .map((row) => row.id);
    engine.sqlite.transaction(() => {
      for (const petId of strays)
        engine.services.petProfiles.set(petId, {
          color: pick(COLOURS),
          breedPrimary: pick(BREEDS),
          sex: pick(['female', 'male'] as const),
          size: pick(['small', 'medium', 'large'] as const),
          description: `${pick(FEATURES)}, ${pick(FEATURES)}`,
        });
    })();
    const insert = engine.sqlite.prepare(
      `INSERT INTO lost_found_reports (kind, source, species, sex, colour, breed, size, postcode, seen_at, features,
        contact_name, created_at, updated_at) VALUES (?, 'site', ?, ?, ?, ?, ?, ?, ?, ?, 'Bench Reporter', ?, ?)`,
    );
    engine.sqlite.transaction(() => {
      for (let i = 0; i < REPORTS; i += 1) {
        const at = end - Math.floor(next() * 120) * DAY;
        insert.run(
          i % 2 === 0 ? 'lost' : 'found',
          next() < 0.6 ? 'dog' : 'cat',
          pick(['female', 'male']),
          pick(COLOURS),
          pick(BREEDS),
          pick(['small', 'medium', 'large']),
          `690${String(Math.floor(next() * 10)).padStart(2, '0')}`,
          at,
          `${pick(FEATURES)} and ${pick(FEATURES)}`,
          at,
          at,
        );
      }
    })();
    const lost = engine.sqlite
      .prepare<[], { id: number }>("SELECT id FROM lost_found_reports WHERE kind = 'lost' AND species = 'dog'")
      .all()
      .map((row) => row.id);
    const { lostFound } = engine.services;
    console.log(
      `seeded ${ANIMALS} animals (${strays.length} strays in care), ${REPORTS} open reports in ${(shelter.seededMs / 1000).toFixed(1)} s`,
    );
    // The reports went in by SQL, without their likely matches: the first card stores them, as after an upgrade.
    const building = performance.now();
    lostFound.waiting();
    console.log(
      `likely matches stored for the ${REPORTS} reports in ${((performance.now() - building) / 1000).toFixed(1)} s`,
    );
    const line = (what: string, figures: { p50: number; p95: number }, target?: number) =>
      console.log(
        `${what.padEnd(22)} p50 ${figures.p50.toFixed(1).padStart(6)} ms   p95 ${figures.p95.toFixed(1).padStart(6)} ms${target === undefined ? '' : `   (target ≤ ${target} ms: ${figures.p95 <= target ? 'met' : 'MISSED'})`}`,
      );
    line(
      'report match search',
      timed(50, () => lostFound.get(pick(lost))),
      TARGET_MS,
    );
    line(
      'stray match search',
      timed(50, () => lostFound.matchesOfPet(pick(strays))),
      TARGET_MS,
    );
    line(
      'new report + matches',
      timed(20, () =>
        lostFound.recordReport(
          {
            kind: 'lost',
            species: 'dog',
            seenAt: end - 3 * DAY,
            colour: pick(COLOURS),
            breed: pick(BREEDS),
            postcode: '69006',
            features: pick(FEATURES),
            contact: { name: 'Bench Owner' },
          },
          'desk',
        ),
      ),
      TARGET_MS,
    );
    line(
      'today card',
      timed(3, () => lostFound.waiting()),
      TARGET_MS,
    );
    engine.close();
    const opening = performance.now();
    reopened = new Engine({ dataDir: shelter.dataDir, environment: 'production', clock: new ManualClock(end) });
    console.log(`engine opened again in ${(performance.now() - opening).toFixed(0)} ms`);
    const first = performance.now();
    const card = reopened.services.lostFound.waiting();
    console.log(`first card after start  ${(performance.now() - first).toFixed(1)} ms`);
    // What crosses to the window: the card's JSON, its size and the time to write it.
    const writing = performance.now();
    const json = JSON.stringify(card);
    console.log(
      `card's answer           ${(Buffer.byteLength(json) / 1024).toFixed(1)} KiB of JSON, written in ${(performance.now() - writing).toFixed(1)} ms`,
    );
    const again = reopened.services.lostFound;
    line(
      'today card, started',
      timed(20, () => again.waiting()),
      TARGET_MS,
    );
    line(
      'today card, as sent',
      timed(20, () => JSON.stringify(again.waiting())),
      TARGET_MS,
    );
  } finally {
    if (reopened) {
      reopened.close();
      fs.rmSync(shelter.dataDir, { recursive: true, force: true });
    } else shelter.close();
  }
}

main();
