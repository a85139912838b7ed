/**
 * Lost and found through the CLI over one data dir, in-process (the program as `cli` builds it):
 * a report added shows its chip match at 100, `match` lists it from the stray's side, `confirm`
 * records the return to owner, and a second confirm is refused naming the rule.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Match, Report, ReportWithMatches } from '../../src/shared/lost-found';
import { Engine } from '../../src/main/engine/engine';
import { runCliInProcess } from '../helpers/cli-in-process';
import type { ProcessResult } from '../helpers/processes';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

let dataDir: string;
let strayId: number;

beforeAll(() => {
  dataDir = makeTempDir();
  const engine = new Engine({ dataDir, environment: 'production' });
  strayId = engine.services.movements.intake(
    { pet: { name: 'Noisette', categoryId: 1 }, type: 'stray', reason: 'Found in Parc de la Tête d’Or, 69006' },
    'cli',
  ).petId;
  engine.services.petProfiles.set(strayId, { microchipNumber: '250269604123456', color: 'black and white' });
  engine.close();
});

afterAll(() => {
  removeTempDir(dataDir);
});

async function cli(...args: string[]): Promise<ProcessResult> {
  const result = await runCliInProcess(dataDir, args);
  expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(0);
  return result;
}

const json = async <T>(...args: string[]): Promise<T> => JSON.parse((await cli('--json', ...args)).stdout) as T;

it('adds a lost report, shows its chip match at 100 from both sides, confirms the return to owner', async () => {
  const added = await json<ReportWithMatches>(
    'lost-found',
    'add',
    '--kind',
    'lost',
    '--species',
    'dog',
    '--seen',
    '2026-11-01T09:00:00Z',
    '--name',
    'Camille Martin',
    '--phone',
    '06 12 34 56 78',
    '--chip',
    '250269604123456',
    '--colour',
    'black and white',
  );
  expect(added.report).toMatchObject({
    kind: 'lost',
    state: 'open',
    source: 'desk',
    contact: { name: 'Camille Martin' },
  });
  expect(added.matches[0]).toMatchObject({ score: 100, certain: true, pet: { id: strayId, name: 'Noisette' } });

  const table = (await cli('lost-found', 'show', String(added.report.id))).stdout;
  expect(table).toContain('100 (chip)');
  expect(table).toContain(`pet ${strayId} Noisette`);

  const fromStray = await json<Match[]>('lost-found', 'match', String(strayId));
  expect(fromStray[0]?.report?.id).toBe(added.report.id);

  const listed = await json<Report[]>('lost-found', 'list', '--kind', 'lost', '--state', 'open');
  expect(listed.map((report) => report.id)).toEqual([added.report.id]);

  const confirmed = await cli('--json', 'lost-found', 'confirm', String(added.report.id), '--pet', String(strayId));
  expect(JSON.parse(confirmed.stdout)).toMatchObject({ state: 'returned', returnedPetId: strayId });
  expect(confirmed.stderr).toContain('returned to its owner');

  const engine = new Engine({ dataDir, environment: 'production' });
  try {
    expect(engine.services.shelterDay.record(strayId).stays[0]).toMatchObject({ outcomeType: 'return_to_owner' });
  } finally {
    engine.close();
  }

  const again = await runCliInProcess(dataDir, [
    'lost-found',
    'confirm',
    String(added.report.id),
    '--pet',
    String(strayId),
  ]);
  expect(again.code).toBe(1);
  expect(again.stderr).toContain('returned, not open');
});
