/**
 * The reports through the CLI, run in this process: `report sac` as a table, CSV, JSON and a
 * file; `report live-release`; a bad month told in one line; and `report --key` still the quota lab's
 * compliance report (the group's default).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../../src/shared/clock';
import type { LiveRelease, SacMatrix } from '../../src/shared/reports';
import { Engine } from '../../src/main/engine/engine';
import type { ProcessResult } from '../helpers/processes';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { runCliInProcess } from '../helpers/cli-in-process';

let dataDir: string;
let expected: SacMatrix;

beforeAll(() => {
  dataDir = makeTempDir();
  const engine = new Engine({ dataDir, environment: 'production', clock: new ManualClock(Date.UTC(2026, 5, 1)) });
  try {
    const { movements, people, petProfiles } = engine.services;
    const adopter = people.add({ name: 'Robin Petit' }).person.id;
    const rex = movements.intake({ pet: { name: 'Rex', categoryId: 1 }, type: 'stray', at: '2026-02-20' }, 'cli').petId;
    petProfiles.set(rex, { birthDate: '2021-04' });
    movements.adopt(
      { petId: rex, personId: adopter, at: '2026-03-14T10:00:00+01:00', fee: 90, feeMethod: 'card' },
      'cli',
    );
    const luna = movements.intake(
      { pet: { name: 'Luna', categoryId: 2 }, type: 'transfer_in', transferFrom: 'in_state', at: '2026-03-02' },
      'cli',
    ).petId;
    petProfiles.set(luna, { birthDate: '2026-01-05' });
    const tom = movements.intake(
      { pet: { name: 'Tom', categoryId: 2 }, type: 'owner_surrender', at: '2026-03-05' },
      'cli',
    ).petId;
    movements.outcome({ petId: tom, type: 'euthanasia', at: '2026-03-09' }, 'cli');
    const pip = movements.intake(
      { pet: { name: 'Pip', categoryId: 1 }, type: 'seized', at: '2026-03-03' },
      'cli',
    ).petId;
    movements.outcome(
      {
        petId: pip,
        type: 'transfer_out',
        transferTo: 'out_of_state',
        receivingOrganisation: 'Hill Farm Rescue',
        at: '2026-03-10',
      },
      'cli',
    );
    expected = engine.services.reports.sac({ month: '2026-03', timeZone: 'Europe/Paris' });
  } finally {
    engine.close();
  }
});

afterAll(() => removeTempDir(dataDir));

async function cli(...args: string[]): Promise<ProcessResult> {
  const result = await runCliInProcess(dataDir, args);
  expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(0);
  return result;
}

const SAC = ['report', 'sac', '--month', '2026-03', '--time-zone', 'Europe/Paris'];

it('report sac --csv: the matrix, a line per row, through the one CSV writer', async () => {
  const { stdout } = await cli(...SAC, '--csv');
  const [header, ...lines] = parse(stdout) as string[][];
  expect(header).toEqual([
    'Month',
    'Section',
    'Row',
    'Dogs: adult',
    'Dogs: up to 5 months',
    'Dogs: age unknown',
    'Cats: adult',
    'Cats: up to 5 months',
    'Cats: age unknown',
    'Total',
  ]);
  expect(stdout).toContain('\r\n');
  const line = (row: string) => lines.find((each) => each[2] === row)?.slice(3);
  expect(line('Beginning count')).toEqual(['1', '0', '0', '0', '0', '0', '1']);
  expect(line('Transferred in: within state')).toEqual(['0', '0', '0', '0', '1', '0', '1']);
  expect(line('Relinquished by owner')).toEqual(['0', '0', '0', '0', '0', '1', '1']);
  expect(line('Adoption')).toEqual(['1', '0', '0', '0', '0', '0', '1']);
  expect(line('Shelter euthanasia')).toEqual(['0', '0', '0', '0', '0', '1', '1']);
  // A transfer out in the row of where it went; none without a destination.
  expect(line('Transferred out: out of state')).toEqual(['0', '0', '1', '0', '0', '0', '1']);
  expect(line('Transferred out: destination not recorded')).toEqual(['0', '0', '0', '0', '0', '0', '0']);
  expect(stdout).not.toContain('Hill Farm Rescue');
  expect(line('Ending count')).toEqual(['0', '0', '0', '0', '1', '0', '1']);
});

it('report sac --json and the table say the same as the engine', async () => {
  const matrix = JSON.parse((await cli('--json', ...SAC)).stdout) as SacMatrix;
  expect(matrix.rows).toEqual(expected.rows);
  expect(matrix.timeZone).toBe('Europe/Paris');
  const table = await cli(...SAC);
  expect(table.stdout).toMatch(/^Live intake +Stray \/ at large +0 +0 +0 +0 +0 +0 +0$/m);
  expect(table.stderr).toContain('Shelter Animals Count, 2026-03 (Europe/Paris)');
});

it('report sac --out writes the CSV whole, owner-only', async () => {
  const file = path.join(dataDir, 'sac-2026-03.csv');
  const result = await cli(...SAC, '--out', file);
  expect(result.stdout).toBe('');
  expect(fs.readFileSync(file, 'utf8')).toBe((await cli(...SAC, '--csv')).stdout);
  expect(fs.statSync(file).mode & 0o777).toBe(0o600);
});

it('report sac --csv-separator semicolon: `;`, a byte order mark, the same cells, for a spreadsheet set to French', async () => {
  const file = path.join(dataDir, 'sac-2026-03-fr.csv');
  await cli(...SAC, '--csv-separator', 'semicolon', '--out', file);
  const bytes = fs.readFileSync(file);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.subarray(3).toString('utf8');
  expect(text.split('\r\n')[0]).toBe(
    'Month;Section;Row;Dogs: adult;Dogs: up to 5 months;Dogs: age unknown;Cats: adult;Cats: up to 5 months;Cats: age unknown;Total',
  );
  expect(parse(text, { delimiter: ';' })).toEqual(parse((await cli(...SAC, '--csv')).stdout));
  expect((await cli(...SAC, '--csv', '--csv-separator', 'semicolon')).stdout).toBe(bytes.toString('utf8'));
  const refused = await runCliInProcess(dataDir, [...SAC, '--csv', '--csv-separator', 'tab']);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toContain('comma, semicolon');
});

it('report live-release: the Asilomar rate of the days given', async () => {
  const release = JSON.parse(
    (
      await cli(
        '--json',
        'report',
        'live-release',
        '--from',
        '2026-03-01',
        '--to',
        '2026-03-31',
        '--time-zone',
        'Europe/Paris',
      )
    ).stdout,
  ) as LiveRelease;
  expect(release.dog.rate).toBe(1);
  expect(release.cat.rate).toBe(0);
  expect(release.total).toMatchObject({ transfersOut: 1, liveOutcomes: 2, shelterEuthanasia: 1, rate: 2 / 3 });
  const table = await cli(
    'report',
    'live-release',
    '--from',
    '2026-03-01',
    '--to',
    '2026-03-31',
    '--time-zone',
    'Europe/Paris',
  );
  expect(table.stdout).toMatch(/^dogs and cats +1 +0 +1 +0 +2 +1 +0 +0 +66\.7 %$/m);
});

it('a month that is no month is one line, and report --key is still the compliance report', async () => {
  const bad = await runCliInProcess(dataDir, ['report', 'sac', '--month', '2026-3']);
  expect(bad.code).toBe(1);
  expect(bad.stderr).toMatch(/^Error: .*month.*YYYY-MM/);
  const compliance = await runCliInProcess(dataDir, ['report', '--key', '99']);
  expect(compliance.code).toBe(1);
  expect(compliance.stderr).toMatch(/API key 99 does not exist/);
});
