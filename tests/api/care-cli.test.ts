/**
 * Care through the CLI over one data dir (what care must do: a vaccination round from
 * the due list in one action): animals taken in get their protocol's doses, `care due` lists them, one
 * `care give` per vaccine gives the round, and the refusals name their rule with nothing written.
 * Most commands run in-process (the program as `cli` builds it, its output captured); the due list
 * and a refused round also run as real processes, where the process boundary (exit code, stderr) is the point.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CareRecord, CategoryProtocol, Dose, DueList } from '../../src/shared/care';
import { localDay } from '../../src/shared/pet-profile';
import { Engine } from '../../src/main/engine/engine';
import { runCliInProcess } from '../helpers/cli-in-process';
import { runCli, type ProcessResult } from '../helpers/processes';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

const DAY = 86_400_000;

let dataDir: string;

beforeAll(() => {
  dataDir = makeTempDir();
  new Engine({ dataDir, environment: 'production' }).close();
});

afterAll(() => {
  removeTempDir(dataDir);
});

/** Runs the program in-process over the data dir: what it wrote, and its exit code. */
const inProcess = (args: string[]) => runCliInProcess(dataDir, args);

async function cli(...args: string[]): Promise<ProcessResult> {
  const result = await inProcess(args);
  expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(0);
  return result;
}

async function json<T>(...args: string[]): Promise<T> {
  return JSON.parse((await cli('--json', ...args)).stdout) as T;
}

async function refused(...args: string[]): Promise<string> {
  const result = await inProcess(args);
  expect(result.code, `${args.join(' ')} should fail: ${result.stdout}`).toBe(1);
  return result.stderr;
}

const offset = String(-new Date().getTimezoneOffset());
const rows = (list: DueList) =>
  [...list.overdue, ...list.dueToday, ...list.soon].map((row) => `${row.petName} ${row.dose.vaccine} ${row.bucket}`);

it('a round from the due list: intakes schedule the protocol, one give per vaccine gives them all, the list empties', async () => {
  const today = localDay(Date.now());
  const dogs: string[] = [];
  for (const name of ['Ace', 'Bea', 'Cob'])
    dogs.push(
      String((await json<{ petId: number }>('intake', '--name', name, '--category', '1', '--type', 'stray')).petId),
    );
  const cat = String(
    (await json<{ petId: number }>('intake', '--name', 'Dot', '--category', '2', '--type', 'owner_surrender')).petId,
  );

  // A real process: the due list as a script reads it.
  const real = await runCli(['--data-dir', dataDir, '--json', 'care', 'due', '--utc-offset', offset]);
  expect(real.code, real.stderr).toBe(0);
  const due = JSON.parse(real.stdout) as DueList;
  expect(due.today).toBe(today);
  expect(rows(due)).toEqual([
    'Ace DHPP today',
    'Ace Rabies today',
    'Bea DHPP today',
    'Bea Rabies today',
    'Cob DHPP today',
    'Cob Rabies today',
    'Dot FVRCP today',
    'Dot Rabies today',
  ]);
  const table = (await cli('care', 'due', '--utc-offset', offset)).stdout;
  expect(table).toMatch(/Overdue\n {2}none\n/);
  expect(table).toMatch(/Today\ndose +pet +name +category +vaccine +due +overdueDays\n/);

  const given = await json<Dose[]>(
    'care',
    'give',
    ...dogs,
    '--vaccine',
    'DHPP',
    '--batch',
    'DH-2231',
    '--manufacturer',
    'Zoetis',
    '--by',
    'Sam',
  );
  expect(given.map((dose) => `${dose.petId} ${dose.status} ${dose.batch} ${dose.givenDate}`)).toEqual(
    dogs.map((pet) => `${pet} given DH-2231 ${today}`),
  );
  await cli('care', 'give', cat, '--vaccine', 'FVRCP', '--batch', 'FV-778');
  await cli(
    'care',
    'give',
    ...dogs,
    cat,
    '--vaccine',
    'Rabies',
    '--batch',
    'RB-1',
    '--expires',
    localDay(Date.now() + 365 * DAY),
  );
  expect(rows(await json<DueList>('care', 'due', '--utc-offset', offset))).toEqual([]);
  expect(rows(await json<DueList>('care', 'due', '--days', '21', '--utc-offset', offset))).toEqual([
    'Ace DHPP soon',
    'Bea DHPP soon',
    'Cob DHPP soon',
    'Dot FVRCP soon',
  ]);

  const record = await json<CareRecord>('care', 'list', dogs[0] ?? '');
  expect(record.upToDate).toBe(true);
  expect(record.history.map((event) => `${event.kind} ${event.by}`)).toEqual([
    'dose_given cli',
    'dose_given cli',
    'dose_scheduled cli',
    'dose_scheduled cli',
    'dose_scheduled cli',
  ]);

  // The staff backup holds the care records beside people and movements.
  const file = path.join(dataDir, 'backup.json');
  await cli('people', 'export', '--out', file);
  const backup = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    care: { doses: Array<{ batch: string | null }>; events: unknown[] };
  };
  expect(backup.care.doses.filter((dose) => dose.batch === 'DH-2231')).toHaveLength(3);
  expect(backup.care.events.length).toBeGreaterThanOrEqual(16);
}, 120_000);

it('refusals name their rule and the command that helps; a refused round records nothing', async () => {
  const pet = String(
    (await json<{ petId: number }>('intake', '--name', 'Eli', '--category', '1', '--type', 'stray')).petId,
  );
  await cli('care', 'give', pet, '--vaccine', 'Bordetella', '--batch', 'B1');
  const before = (await cli('--json', 'care', 'list', '1')).stdout;
  // A real process: exit code 1, the rule on stderr, nothing on stdout.
  const round = await runCli([
    '--data-dir',
    dataDir,
    'care',
    'give',
    '1',
    pet,
    '--vaccine',
    'Bordetella',
    '--batch',
    'B1',
  ]);
  expect(round).toMatchObject({ code: 1, stdout: '' });
  expect(round.stderr).toMatch(
    /^Error: Pet \d+ was given Bordetella on [\d-]+ already \(dose \d+\); rule already_given: nothing was recorded; leave pet \d+ out/,
  );
  expect((await cli('--json', 'care', 'list', '1')).stdout).toBe(before);
  expect(
    await refused('care', 'give', pet, '--vaccine', 'DHPP', '--batch', 'L', '--date', localDay(Date.now() + 3 * DAY)),
  ).toMatch(/rule care_date_in_future: check --date/);
  expect(await refused('care', 'give', '999', '--vaccine', 'DHPP', '--batch', 'L')).toMatch(
    /Pet 999 does not exist; see "pets list"/,
  );
  const [waiting] = (await json<CareRecord>('care', 'list', pet)).doses;
  await cli('care', 'skip', String(waiting?.id), '--reason', 'vet: wait until she is well');
  expect(await refused('care', 'skip', String(waiting?.id), '--reason', 'again')).toMatch(
    /rule dose_not_waiting: nothing was recorded; see "care list \d+"/,
  );
  expect(await refused('care', 'skip', '9999', '--reason', 'x')).toMatch(
    /Dose 9999 does not exist; see "care due" or "care list <PET>"/,
  );
  const [next] = (await json<CareRecord>('care', 'list', pet)).doses.filter((dose) => dose.status === 'scheduled');
  expect(await refused('care', 'edit', String(next?.id), '--by', 'Sam')).toMatch(
    /^Error: --by: givenBy: only a given dose has one/,
  );
  await cli('care', 'treat', pet, '--kind', 'spay_neuter', '--by', 'Dr Who');
  expect(await refused('care', 'treat', pet, '--kind', 'spay_neuter')).toMatch(/rule already_spayed_neutered/);
}, 120_000);

it('protocols: listed per category, set with --step, back to the shipped one with --default', async () => {
  const set = await json<CategoryProtocol>(
    'care',
    'protocol',
    '3',
    '--step',
    'RHDV2:+0',
    '--step',
    'RHDV2:+21',
    '--step',
    'Myxo:10w',
  );
  expect(set).toMatchObject({
    categoryId: 3,
    shipped: false,
    steps: [
      { vaccine: 'RHDV2', afterIntakeDays: 0 },
      { vaccine: 'RHDV2', afterIntakeDays: 21 },
      { vaccine: 'Myxo', atAgeWeeks: 10 },
    ],
  });
  expect((await cli('care', 'protocols')).stdout).toMatch(
    /Rabbits +RHDV2 at intake \+ 0d; RHDV2 at intake \+ 21d; Myxo at 10 weeks of age +false/,
  );
  expect(await refused('care', 'protocol', '3', '--step', 'RHDV2')).toMatch(/must be VACCINE:\+DAYS/);
  expect(await json<CategoryProtocol>('care', 'protocol', '3', '--default')).toMatchObject({
    shipped: true,
    steps: [],
  });
}, 60_000);
