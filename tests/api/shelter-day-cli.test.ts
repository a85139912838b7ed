/**
 * The shelter's day story through the CLI (run in this process), beside a real server:
 * take in a stray with a finder, foster it, bring it back, reserve it, adopt it, take it back two
 * weeks later, adopt it again — the API's `status` followed at each step. Then the refusals name
 * their rule, and the staff backup is an owner-only file holding people and movements.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Engine } from '../../src/main/engine/engine';
import { killServer, spawnServer, type ProcessResult, type ServerProcess } from '../helpers/processes';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { waitFor } from '../helpers/wait-for';
import { runCliInProcess } from '../helpers/cli-in-process';

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

let dataDir: string;
let server: ServerProcess | undefined;
let key: string;

beforeAll(async () => {
  dataDir = makeTempDir();
  new Engine({ dataDir, environment: 'production' }).close();
  server = await spawnServer(dataDir);
  const made = await runCliInProcess(dataDir, ['keys', 'create', '--plan', 'business']);
  key = made.stdout.trim().split('\n').at(-1) ?? '';
}, 60_000);

afterAll(async () => {
  await killServer(server);
  removeTempDir(dataDir);
});

async function cli(...args: string[]): Promise<ProcessResult> {
  const result = await runCliInProcess(dataDir, args);
  expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(0);
  return result;
}

async function json<T>(...args: string[]): Promise<T> {
  return JSON.parse((await cli('--json', ...args)).stdout) as T;
}

/** The pet's status as the running server's API answers it (a CLI write reaches it within 250 ms). */
async function expectApiStatus(petId: number, status: string): Promise<void> {
  await waitFor(async () => {
    const response = await fetch(`${server?.baseUrl}/pets/${petId}`, { headers: { authorization: `Bearer ${key}` } });
    return ((await response.json()) as { status: string }).status === status;
  }, 5_000);
}

it('takes a stray in with its finder, fosters it, reserves and adopts it, takes it back two weeks later and adopts it again; the API follows', async () => {
  const finder = (
    await json<{ person: { id: number } }>(
      'people',
      'add',
      '--name',
      'Fiona Finder',
      '--role',
      'finder',
      '--phone',
      '+44 7700 900123',
    )
  ).person.id;
  const foster = (
    await json<{ person: { id: number } }>(
      'people',
      'add',
      '--name',
      'Frank Foster',
      '--foster',
      '--foster-capacity',
      '2',
      '--foster-species',
      '1',
    )
  ).person.id;
  const adopter = (
    await json<{ person: { id: number } }>(
      'people',
      'add',
      '--name',
      'Adèle Adopter',
      '--email',
      'adele@example.test',
      '--postcode',
      'AB1 2CD',
    )
  ).person.id;
  const second = (await json<{ person: { id: number } }>('people', 'add', '--name', 'Sam Second')).person.id;

  const intake = await json<{ petId: number; intakeType: string; intakePerson: { name: string } }>(
    'intake',
    '--name',
    'Pepper',
    '--category',
    '1',
    '--type',
    'stray',
    '--person',
    String(finder),
    '--condition',
    'thin, friendly',
    '--at',
    daysAgo(40),
  );
  const pet = String(intake.petId);
  expect(intake).toMatchObject({ intakeType: 'stray', intakePerson: { name: 'Fiona Finder' } });
  await expectApiStatus(intake.petId, 'available');

  await cli('foster', 'start', pet, '--person', String(foster), '--until', daysAgo(25), '--at', daysAgo(39));
  await cli('foster', 'end', pet, '--at', daysAgo(30));
  await expectApiStatus(intake.petId, 'available');

  await cli('reserve', pet, '--person', String(adopter), '--at', daysAgo(20));
  await expectApiStatus(intake.petId, 'pending');

  const adopted = await json<{ id: number; outcomeType: string; fee: number; feeMethod: string }>(
    'adopt',
    pet,
    '--person',
    String(adopter),
    '--fee',
    '150',
    '--paid',
    'card',
    '--at',
    daysAgo(16),
  );
  expect(adopted).toMatchObject({ outcomeType: 'adoption', fee: 150, feeMethod: 'card' });
  await expectApiStatus(intake.petId, 'sold');

  await cli('return', pet, '--reason', 'the landlord refused pets', '--at', daysAgo(2));
  await expectApiStatus(intake.petId, 'available');

  await cli('adopt', pet, '--person', String(second), '--fee', '0', '--paid', 'waived');
  await expectApiStatus(intake.petId, 'sold');

  const listed = await json<Array<{ kind: string; type: string | null; by: string }>>(
    'movements',
    'list',
    '--pet',
    pet,
  );
  expect(listed.map((event) => event.type ?? event.kind)).toEqual([
    'adoption',
    'returned_after_adoption',
    'adoption',
    'reservation',
    'foster_end',
    'foster_start',
    'stray',
  ]);
  expect(new Set(listed.map((event) => event.by))).toEqual(new Set(['cli']));
  const adoptions = await json<unknown[]>(
    'movements',
    'list',
    '--type',
    'adoption',
    '--from',
    daysAgo(17),
    '--to',
    daysAgo(10),
  );
  expect(adoptions).toHaveLength(1);

  const record = await cli('movements', 'record', pet);
  expect(record.stderr).toMatch(/Pepper \(#\d+\), sold: left care: adoption/);
}, 300_000);

it('names the rule a refusal broke, and says what helps', async () => {
  const flagged = (
    await json<{ person: { id: number } }>('people', 'add', '--name', 'Dora Flagged', '--do-not-adopt', 'neglect case')
  ).person.id;
  const { petId } = await json<{ petId: number }>(
    'intake',
    '--name',
    'Ziggy',
    '--category',
    '2',
    '--type',
    'owner_surrender',
  );
  const refused = await runCliInProcess(dataDir, ['reserve', String(petId), '--person', String(flagged)]);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toMatch(/do not adopt to.*rule do_not_adopt: .*--override/);
  await cli('reserve', String(petId), '--person', String(flagged), '--override', 'the case was closed');
  const twice = await runCliInProcess(dataDir, ['intake', String(petId), '--type', 'stray']);
  expect(twice.stderr).toMatch(/rule stay_open: record its outcome first/);
  const backwards = await runCliInProcess(dataDir, [
    'foster',
    'start',
    String(petId),
    '--person',
    String(flagged),
    '--at',
    daysAgo(30),
  ]);
  expect(backwards.stderr).toMatch(/dates cannot run backwards.*rule date_before_previous: check --at/);
}, 180_000);

it('people list folds case and accents; people export writes the staff backup, owner-only, with people and movements', async () => {
  const found = await json<Array<{ id: number; name: string }>>('people', 'list', '--search', 'ADELE');
  expect(found.map((person) => person.name)).toEqual(['Adèle Adopter']);
  const duplicate = await cli('people', 'add', '--name', 'A. Adopter', '--email', 'ADELE@example.test');
  expect(duplicate.stderr).toMatch(/Warning: may be the same as person \d+, Adèle Adopter \(same email\)/);

  const file = path.join(dataDir, 'backup', 'people.json');
  fs.mkdirSync(path.dirname(file));
  await cli('people', 'export', '--out', file);
  expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  const backup = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    people: Array<{ name: string }>;
    stays: unknown[];
    events: unknown[];
  };
  expect(backup.people.map((person) => person.name)).toContain('Fiona Finder');
  expect(backup.stays.length).toBeGreaterThanOrEqual(3);
  expect(backup.events.length).toBeGreaterThanOrEqual(8);

  const forgotten = await json<{ name: string; email: string | null }>('people', 'forget', String(found[0]?.id));
  expect(forgotten).toMatchObject({ name: 'Forgotten person', email: null });
}, 180_000);
