/**
 * The shelter the shelter-day and reports benches measure, the same on every run: ANIMALS animals taken in over
 * ten years (one every few hours, four categories: dogs, cats, rabbits, birds), each fostered, adopted
 * or given another outcome over the next weeks, and PEOPLE people — about 3 movements an animal.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ManualClock } from '../src/shared/clock';
import { TRANSFER_ORIGINS } from '../src/shared/movements';
import { Engine } from '../src/main/engine/engine';

const DAY = 86_400_000;
const YEARS = 10;

/** mulberry32: the same shelter on every run. */
export function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const FIRST = [
  'Zoë',
  'Chloé',
  'Łukasz',
  'José',
  'Ana',
  'Søren',
  'Renée',
  'Björn',
  'Noël',
  'Amélie',
  'Oliver',
  'Mia',
  'Liam',
  'Emma',
  'Noah',
  'Ava',
];
const LAST = [
  'Müller',
  'Durand',
  'Nowak',
  'García',
  'Smith',
  'Jørgensen',
  'Dubois',
  'Öztürk',
  'Brown',
  'Rossi',
  'Kowalski',
  'Núñez',
  'Taylor',
  'Lefèvre',
];

export interface BenchShelter {
  dataDir: string;
  engine: Engine;
  /** The last moment of the ten years (27 November 2026, noon UTC); the clock is left there. */
  end: number;
  /** Picks from the same random sequence the seeding used. */
  pick: <T>(items: readonly T[]) => T;
  /** How long the seeding took, ms. */
  seededMs: number;
  close(): void;
}

/** A fresh data dir with the shelter in it, through the real engine and services. */
export function seedBenchShelter(label: string, animals: number, peopleCount: number): BenchShelter {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `adoption-desk-${label}-bench-`));
  const end = Date.UTC(2026, 10, 27, 12);
  const start = end - YEARS * 365 * DAY;
  const clock = new ManualClock(start);
  const engine = new Engine({ dataDir, environment: 'production', clock });
  const next = random(27);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const close = () => {
    engine.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const { people, movements } = engine.services;
    const seeded = performance.now();
    const personIds: number[] = [];
    engine.sqlite.transaction(() => {
      for (let i = 0; i < peopleCount; i += 1) {
        const name = `${pick(FIRST)} ${pick(LAST)} ${i}`;
        personIds.push(
          people.add({
            name,
            email: `person${i}@example.test`,
            phones: [`07${String(100_000_000 + i * 7).slice(0, 9)}`],
            postcode: `AB${i % 90} ${i % 9}CD`,
            fosterApproved: i % 75 === 0,
          }).person.id,
        );
      }
    })();
    const fosters = personIds.filter((_, i) => i % 75 === 0);
    const at = (ms: number) => clock.set(Math.min(ms, end));
    const spacing = (end - start - 30 * DAY) / animals;
    for (let first = 0; first < animals; first += 1_000) {
      engine.sqlite.transaction(() => {
        for (let i = first; i < Math.min(animals, first + 1_000); i += 1) {
          const intakeAt = start + i * spacing;
          at(intakeAt);
          const type = pick(['stray', 'owner_surrender', 'transfer_in', 'seized', 'born_in_care'] as const);
          const transferFrom =
            type === 'transfer_in' ? pick(['in_state', 'out_of_state', 'abroad'] as const) : undefined;
          const { petId } = movements.intake(
            {
              pet: {
                name: `${pick(['Rex', 'Luna', 'Milo', 'Bella', 'Pépite', 'Kiki'])} ${i}`,
                categoryId: 1 + (i % 4),
              },
              type,
              transferFrom,
              personId: pick(personIds),
            },
            'cli',
          );
          const fate = next();
          let day = intakeAt + DAY;
          const step = () => (day += (1 + Math.floor(next() * 10)) * DAY);
          if (i > animals - 1_500) continue;
          if (fate < 0.2) {
            at(step());
            movements.fosterStart({ petId, personId: pick(fosters), expectedEndAt: day + 20 * DAY }, 'cli');
            at(step());
            movements.fosterEnd({ petId }, 'cli');
          }
          if (fate < 0.8) {
            const adopter = pick(personIds);
            at(step());
            movements.reserve({ petId, personId: adopter }, 'cli');
            at(step());
            movements.adopt({ petId, personId: adopter, fee: 120, feeMethod: 'card' }, 'cli');
          } else if (fate < 0.95) {
            at(step());
            const type = pick(['transfer_out', 'return_to_owner', 'died_in_care'] as const);
            // The destination from the pet's id, not the random stream, so the rest of the data stays as it was.
            movements.outcome(
              {
                petId,
                type,
                transferTo: type === 'transfer_out' ? TRANSFER_ORIGINS[petId % TRANSFER_ORIGINS.length] : undefined,
              },
              'cli',
            );
          }
        }
      })();
    }
    clock.set(end);
    return { dataDir, engine, end, pick, seededMs: performance.now() - seeded, close };
  } catch (error) {
    close();
    throw error;
  }
}

export function percentiles(samples: number[]): { p50: number; p95: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { p50: at(0.5), p95: at(0.95) };
}

export function timed(runs: number, body: (run: number) => void): { p50: number; p95: number } {
  const samples: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    body(run);
    samples.push(performance.now() - started);
  }
  return percentiles(samples);
}
