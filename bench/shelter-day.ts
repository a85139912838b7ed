/**
 * Issue 27 §5's figures, through the real engine: a shelter with 20,000 animals and 60,000 movements
 * over ten years (and 15,000 people), then the Today summary, an animal's record and a people search,
 * each timed many times (p50/p95). Targets: Today and a record ≤ 200 ms, people search ≤ 100 ms.
 *
 *   npm exec -- tsx bench/shelter-day.ts [ANIMALS] [PEOPLE]   (default 20000 and 15000)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ManualClock } from '../src/shared/clock';
import { Engine } from '../src/main/engine/engine';

const ANIMALS = Number(process.argv[2] ?? 20_000);
const PEOPLE = Number(process.argv[3] ?? 15_000);
const DAY = 86_400_000;
const YEARS = 10;
const TARGETS = { todayMs: 200, recordMs: 200, searchMs: 100 };

/** mulberry32: the same shelter on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const FIRST = ['Zoë', 'Chloé', 'Łukasz', 'José', 'Ana', 'Søren', 'Renée', 'Björn', 'Noël', 'Amélie', 'Oliver', 'Mia', 'Liam', 'Emma', 'Noah', 'Ava'];
const LAST = ['Müller', 'Durand', 'Nowak', 'García', 'Smith', 'Jørgensen', 'Dubois', 'Öztürk', 'Brown', 'Rossi', 'Kowalski', 'Núñez', 'Taylor', 'Lefèvre'];

function percentiles(samples: number[]): { p50: number; p95: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { p50: at(0.5), p95: at(0.95) };
}

function timed(runs: number, body: (run: number) => void): { p50: number; p95: number } {
  const samples: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    body(run);
    samples.push(performance.now() - started);
  }
  return percentiles(samples);
}

function main(): void {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adoption-desk-day-bench-'));
  const end = Date.UTC(2026, 10, 27, 12);
  const start = end - YEARS * 365 * DAY;
  const clock = new ManualClock(start);
  const engine = new Engine({ dataDir, environment: 'production', clock });
  const next = random(27);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  try {
    const { people, movements, shelterDay } = engine.services;
    const seeded = performance.now();
    const personIds: number[] = [];
    engine.sqlite.transaction(() => {
      for (let i = 0; i < PEOPLE; i += 1) {
        const name = `${pick(FIRST)} ${pick(LAST)} ${i}`;
        personIds.push(people.add({ name, email: `person${i}@example.test`, phones: [`07${String(100_000_000 + i * 7).slice(0, 9)}`], postcode: `AB${i % 90} ${i % 9}CD`, fosterApproved: i % 75 === 0 }).person.id);
      }
    })();
    const fosters = personIds.filter((_, i) => i % 75 === 0);
    const at = (ms: number) => clock.set(Math.min(ms, end));
    const spacing = (end - start - 30 * DAY) / ANIMALS;
    for (let first = 0; first < ANIMALS; first += 1_000) {
      engine.sqlite.transaction(() => {
        for (let i = first; i < Math.min(ANIMALS, first + 1_000); i += 1) {
          const intakeAt = start + i * spacing;
          at(intakeAt);
          const type = pick(['stray', 'owner_surrender', 'transfer_in', 'seized', 'born_in_care'] as const);
          const transferFrom = type === 'transfer_in' ? pick(['in_state', 'out_of_state', 'abroad'] as const) : undefined;
          const { petId } = movements.intake({ pet: { name: `${pick(['Rex', 'Luna', 'Milo', 'Bella', 'Pépite', 'Kiki'])} ${i}`, categoryId: 1 + (i % 4) }, type, transferFrom, personId: pick(personIds) }, 'cli');
          const fate = next();
          let day = intakeAt + DAY;
          const step = () => (day += (1 + Math.floor(next() * 10)) * DAY);
          if (i > ANIMALS - 1_500) continue;
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
            movements.outcome({ petId, type: pick(['transfer_out', 'return_to_owner', 'died_in_care'] as const) }, 'cli');
          }
        }
      })();
    }
    clock.set(end);
    const counts = engine.sqlite.prepare('SELECT (SELECT count(*) FROM pets) AS animals, (SELECT count(*) FROM movement_events) AS movements, (SELECT count(*) FROM people) AS people').get();
    console.log(`seeded ${JSON.stringify(counts)} in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);

    const today = timed(50, () => shelterDay.today({ waitingDays: 7 }));
    const ids = engine.sqlite.prepare<[], { id: number }>('SELECT id FROM pets').all().map((row) => row.id);
    const record = timed(300, () => shelterDay.record(pick(ids)));
    const queries = ['zoe', 'MULLER', 'chloé d', 'nowak 12', 'person123', '0710000', 'ab3 3', 'jorgensen', 'lefevre 9', 'xyz'];
    const search = timed(300, (run) => people.search({ search: queries[run % queries.length] }));
    const line = (what: string, figures: { p50: number; p95: number }, target: number) =>
      console.log(`${what.padEnd(14)} p50 ${figures.p50.toFixed(1).padStart(6)} ms   p95 ${figures.p95.toFixed(1).padStart(6)} ms   (target ≤ ${target} ms: ${figures.p95 <= target ? 'met' : 'MISSED'})`);
    line('today', today, TARGETS.todayMs);
    line('record', record, TARGETS.recordMs);
    line('people search', search, TARGETS.searchMs);
  } finally {
    engine.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main();
