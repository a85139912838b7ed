/**
 * The reports' figures, through the real engine, on bench/shelter-data.ts's shelter (20,000 animals,
 * about 60,000 movements over ten years): a month's Shelter Animals Count matrix (in Paris), a
 * quarter's live release rate and twelve months of trends, each timed many times (p50/p95), with the
 * reconciliation checked on every month of the ten years. Target: each ≤ 200 ms (the window's budget).
 *
 *   npm exec -- tsx bench/reports.ts [ANIMALS] [PEOPLE]   (default 20000 and 2000)
 */
import { SAC_AGES, SAC_SPECIES } from '../src/shared/reports';
import { addMonths } from '../src/shared/zoned-time';
import { seedBenchShelter, timed } from './shelter-data';

const ANIMALS = Number(process.argv[2] ?? 20_000);
const PEOPLE = Number(process.argv[3] ?? 2_000);
const TARGET_MS = 200;
const TIME_ZONE = 'Europe/Paris';

function main(): void {
  const shelter = seedBenchShelter('reports', ANIMALS, PEOPLE);
  const { engine } = shelter;
  try {
    const { reports } = engine.services;
    const counts = engine.sqlite
      .prepare(
        'SELECT (SELECT count(*) FROM pets) AS animals, (SELECT count(*) FROM movement_events) AS movements, (SELECT count(*) FROM stays) AS stays',
      )
      .get();
    console.log(`seeded ${JSON.stringify(counts)} in ${(shelter.seededMs / 1000).toFixed(1)} s`);

    const months: string[] = [];
    for (let month = '2016-12'; month <= '2026-10'; month = addMonths(month, 1)) months.push(month);
    const checked = timed(1, () => {
      for (const month of months) {
        const { rows } = reports.sac({ month, timeZone: TIME_ZONE });
        for (const species of SAC_SPECIES) {
          for (const age of SAC_AGES) {
            const balance =
              rows.beginning[species][age] +
              rows.intakes[species][age] -
              rows.outcomes[species][age] +
              rows.grew_up[species][age];
            if (balance !== rows.ending[species][age]) throw new Error(`${month} ${species} ${age} does not reconcile`);
          }
        }
      }
    });
    console.log(`${months.length} months reconciled in ${checked.p50.toFixed(0)} ms`);

    const matrix = timed(100, (run) =>
      reports.sac({ month: months[months.length - 1 - (run % 24)] ?? '2026-10', timeZone: TIME_ZONE }),
    );
    const release = timed(100, () =>
      reports.liveRelease({ from: '2026-07-01', to: '2026-09-30', timeZone: TIME_ZONE }),
    );
    const trends = timed(30, () => reports.trends({ month: '2026-10', months: 12, timeZone: TIME_ZONE }));
    const line = (what: string, figures: { p50: number; p95: number }) =>
      console.log(
        `${what.padEnd(22)} p50 ${figures.p50.toFixed(1).padStart(6)} ms   p95 ${figures.p95.toFixed(1).padStart(6)} ms   (target ≤ ${TARGET_MS} ms: ${figures.p95 <= TARGET_MS ? 'met' : 'MISSED'})`,
      );
    line('SAC matrix, a month', matrix);
    line('live release, quarter', release);
    line('trends, 12 months', trends);
  } finally {
    shelter.close();
  }
}

main();
