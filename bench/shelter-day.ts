/**
 * The shelter's day figures, through the real engine: a shelter with 20,000 animals and 60,000 movements
 * over ten years (and 15,000 people), then the Today summary, an animal's record and a people search,
 * each timed many times (p50/p95). Targets: Today and a record ≤ 200 ms, people search ≤ 100 ms.
 *
 *   npm exec -- tsx bench/shelter-day.ts [ANIMALS] [PEOPLE]   (default 20000 and 15000)
 */
import { seedBenchShelter, timed } from './shelter-data';

const ANIMALS = Number(process.argv[2] ?? 20_000);
const PEOPLE = Number(process.argv[3] ?? 15_000);
const TARGETS = { todayMs: 200, recordMs: 200, searchMs: 100 };

function main(): void {
  const shelter = seedBenchShelter('day', ANIMALS, PEOPLE);
  const { engine, pick } = shelter;
  try {
    const { people, shelterDay } = engine.services;
    const counts = engine.sqlite
      .prepare(
        'SELECT (SELECT count(*) FROM pets) AS animals, (SELECT count(*) FROM movement_events) AS movements, (SELECT count(*) FROM people) AS people',
      )
      .get();
    console.log(`seeded ${JSON.stringify(counts)} in ${(shelter.seededMs / 1000).toFixed(1)} s`);

    const today = timed(50, () => shelterDay.today({ waitingDays: 7 }));
    const ids = engine.sqlite
      .prepare<[], { id: number }>('SELECT id FROM pets')
      .all()
      .map((row) => row.id);
    const record = timed(300, () => shelterDay.record(pick(ids)));
    const queries = [
      'zoe',
      'MULLER',
      'chloé d',
      'nowak 12',
      'person123',
      '0710000',
      'ab3 3',
      'jorgensen',
      'lefevre 9',
      'xyz',
    ];
    const search = timed(300, (run) => people.search({ search: queries[run % queries.length] }));
    const line = (what: string, figures: { p50: number; p95: number }, target: number) =>
      console.log(
        `${what.padEnd(14)} p50 ${figures.p50.toFixed(1).padStart(6)} ms   p95 ${figures.p95.toFixed(1).padStart(6)} ms   (target ≤ ${target} ms: ${figures.p95 <= target ? 'met' : 'MISSED'})`,
      );
    line('today', today, TARGETS.todayMs);
    line('record', record, TARGETS.recordMs);
    line('people search', search, TARGETS.searchMs);
  } finally {
    shelter.close();
  }
}

main();
