/**
 * No lost updates against browser mode's real admin server in team mode: two saves
 * from one version give one 409 edit_conflict with the first's values and who made them; a save
 * without a version writes over; a CLI write is a new version nobody in the trail made; the public
 * API answers no version; two engines racing on one SQLite file: exactly one save a round wins.
 */
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editConflictShownTo } from '../../src/main/admin/edit-conflicts';
import { AppError, type EditConflictDetails } from '../../src/shared/errors';
import type { Services } from '../../src/main/engine/services';
import { startAdminHarness, type AdminHarness } from '../helpers/admin-host';
import { adminClient, overHttp } from '../helpers/admin-client';
import { createEnterpriseKey } from '../helpers/api-server';
import { runCliInProcess } from '../helpers/cli-in-process';

const TOKEN = 'test-token-0123456789abcdefghijklmnopqrstuv';
const PASSWORD = 'a long shelter password';
const MICROCHIP = '981020000123456';

let harness: AdminHarness;
let base: string;
let services: Services;
let sam: string;
let alex: string;
let volunteer: string;
let categoryId: number;

interface Answer {
  status: number;
  body: { code?: string; details?: EditConflictDetails } & Record<string, unknown>;
}

/** In production, with a member's cookie or else the desk's token. */
const client = adminClient(
  overHttp(() => base, TOKEN),
  { defaults: { environment: 'production' }, password: PASSWORD },
);
const call = (channel: string, payload: Record<string, unknown>, cookie?: string): Promise<Answer> =>
  client.raw<Answer['body']>(channel, payload, cookie ? { cookie } : { token: true });
const login = (member: string): Promise<string> => client.login(member);

function newPet(name: string): number {
  return services.pets.create({ name, categoryId, status: 'available' }).id;
}

beforeAll(async () => {
  harness = await startAdminHarness(TOKEN);
  base = new URL(harness.admin.url).origin;
  services = harness.host.engine('production').services;
  categoryId = services.categories.list()[0]?.id ?? services.categories.create('Dogs').id;
  await services.staff.add({ name: 'The owner', login: 'owner', role: 'owner', password: PASSWORD });
  await services.staff.add({ name: 'Sam', login: 'sam', role: 'staff', password: PASSWORD });
  await services.staff.add({ name: 'Alex', login: 'alex', role: 'manager', password: PASSWORD });
  await services.staff.add({ name: 'Vic', login: 'vic', role: 'volunteer', password: PASSWORD });
  [sam, alex, volunteer] = [await login('sam'), await login('alex'), await login('vic')];
}, 60_000);

afterAll(async () => {
  await harness?.stop();
});

describe('two saves from one version', () => {
  it("refuses the second profile save with 409 edit_conflict: the first's values, both versions, and the member who made it", async () => {
    const id = newPet('Pepper');
    const opened = (await call('pets.profile', { id }, sam)).body as unknown as { pet: { version: number } };
    expect(opened.pet.version).toBe(1);
    const first = await call(
      'pets.setProfile',
      { id, profile: { breedPrimary: 'Beagle', microchipNumber: MICROCHIP }, version: 1 },
      sam,
    );
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ breedPrimary: 'Beagle', version: 2 });
    const second = await call('pets.setProfile', { id, profile: { breedPrimary: 'Collie' }, version: 1 }, alex);
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('edit_conflict');
    expect(second.body.details).toEqual({
      current: { breedPrimary: 'Beagle', microchipNumber: MICROCHIP, version: 2 },
      currentVersion: 2,
      yourVersion: 1,
      changedBy: 'Sam',
      changedAt: expect.any(Number),
    });
    expect(services.petProfiles.get(id).breedPrimary).toBe('Beagle');
    // "Save mine over theirs": the same change from the current version.
    const over = await call('pets.setProfile', { id, profile: { breedPrimary: 'Collie' }, version: 2 }, alex);
    expect(over.body).toMatchObject({ breedPrimary: 'Collie', version: 3 });
  });

  it('shares one version across the record, the status and the profile: a rename makes an open profile stale', async () => {
    const id = newPet('Biscuit');
    expect((await call('pets.update', { id, changes: { name: 'Biscuit II' }, version: 1 }, sam)).body).toMatchObject({
      name: 'Biscuit II',
      version: 2,
    });
    const stale = await call('pets.setProfile', { id, profile: { color: 'tan' }, version: 1 }, alex);
    expect(stale.body.details).toMatchObject({ current: { version: 2 }, currentVersion: 2, changedBy: 'Sam' });
    expect((await call('pets.setStatus', { id, status: 'pending', version: 2 }, alex)).body).toMatchObject({
      status: 'pending',
      version: 3,
    });
    const late = await call('pets.update', { id, changes: { name: 'Bix' }, version: 2 }, sam);
    expect(late.status).toBe(409);
    expect(late.body.details).toMatchObject({
      current: { name: 'Biscuit II', status: 'pending', version: 3 },
      changedBy: 'Alex',
    });
  });

  it('names "desk" for the admin token, and refuses a stale person and a stale shelter profile alike', async () => {
    const id = newPet('Olive');
    expect((await call('pets.update', { id, changes: { name: 'Olivia' }, version: 1 })).status).toBe(200);
    expect((await call('pets.update', { id, changes: { name: 'Liv' }, version: 1 }, sam)).body.details).toMatchObject({
      current: { name: 'Olivia' },
      changedBy: 'desk',
    });

    const person = services.people.add({ name: 'Marta Gil', email: 'marta@example.org' }).person;
    expect(person.version).toBe(1);
    expect(
      (await call('people.edit', { id: person.id, changes: { email: 'marta.gil@example.org' }, version: 1 }, sam)).body,
    ).toMatchObject({ version: 2 });
    const stalePerson = await call(
      'people.edit',
      { id: person.id, changes: { notes: 'Prefers cats.' }, version: 1 },
      alex,
    );
    expect(stalePerson.status).toBe(409);
    expect(stalePerson.body.details).toMatchObject({
      current: { email: 'marta.gil@example.org', version: 2 },
      currentVersion: 2,
      yourVersion: 1,
      changedBy: 'Sam',
    });

    const shelter = (await call('shelter.get', {}, sam)).body as unknown as { version: number };
    expect(
      (await call('shelter.set', { shelter: { name: 'Happy Tails' }, version: shelter.version }, alex)).status,
    ).toBe(200);
    const staleShelter = await call(
      'shelter.set',
      { shelter: { phone: '+1 555 0100' }, version: shelter.version },
      sam,
    );
    expect(staleShelter.status).toBe(409);
    expect(staleShelter.body.details).toMatchObject({
      current: { name: 'Happy Tails', version: shelter.version + 1 },
      changedBy: 'Alex',
    });
  });

  it('says a person was forgotten rather than changed, though the forget is a new version', async () => {
    const person = services.people.add({ name: 'Bea Busy' }).person;
    expect((await call('people.forget', { id: person.id }, sam)).body).toMatchObject({ version: 2 });
    const late = await call('people.edit', { id: person.id, changes: { notes: 'Called back.' }, version: 1 }, alex);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'conflict', details: { reason: 'person_forgotten', personId: person.id } });
  });

  it('writes over without a version (the CLI and scripts: last writer wins)', async () => {
    const id = newPet('Rex');
    await call('pets.setProfile', { id, profile: { color: 'black' }, version: 1 }, sam);
    const blind = await call('pets.setProfile', { id, profile: { color: 'brown' } }, alex);
    expect(blind.status).toBe(200);
    expect(blind.body).toMatchObject({ color: 'brown', version: 3 });
  });
});

describe('writes from outside the admin pages', () => {
  it('a CLI write is a new version: the window save over it conflicts with changedBy null', async () => {
    const id = newPet('Juno');
    await call('pets.setProfile', { id, profile: { color: 'grey' }, version: 1 }, sam);
    const result = await runCliInProcess(harness.dataDir, ['pets', 'profile', 'set', String(id), '--breed', 'Collie']);
    expect(result.code, result.stderr).toBe(0);
    const stale = await call('pets.setProfile', { id, profile: { color: 'white' }, version: 2 }, alex);
    expect(stale.status).toBe(409);
    expect(stale.body.details).toMatchObject({
      current: { breedPrimary: 'Collie', color: 'grey', version: 3 },
      currentVersion: 3,
      yourVersion: 2,
      changedBy: null,
    });
  }, 30_000);

  it("the public API's pets carry no version: a creation starts at 1, its answers and pages are as the contract says", async () => {
    const { key } = createEnterpriseKey(harness.host.engine('production'));
    const api = harness.host.baseUrl('production') ?? '';
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const created = await fetch(`${api}/pets`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Mochi', categoryId }),
    });
    expect(created.status).toBe(201);
    const pet = (await created.json()) as Record<string, unknown>;
    expect(Object.keys(pet).sort()).toEqual(['categoryId', 'id', 'name', 'status']);
    const page = (await (await fetch(`${api}/pets?limit=100`, { headers })).json()) as Record<string, unknown>[];
    expect(page.every((each) => !('version' in each))).toBe(true);
    expect(services.pets.getRecord(pet.id as number).version).toBe(1);
    const openapi = (await (await fetch(`${api}/openapi.json`, { headers })).json()) as {
      paths: unknown;
      components: unknown;
    };
    expect(JSON.stringify([openapi.paths, openapi.components])).not.toContain('"version"');
  });
});

describe("a volunteer's view of a conflict", () => {
  it('never carries the microchip: refused before the save, and a conflict is cut as the channel answers a volunteer', async () => {
    const id = newPet('Luna');
    services.petProfiles.set(id, {
      microchipNumber: MICROCHIP,
      kennelLocation: 'Kennel B4',
      description: 'A calm terrier.',
    });
    const refused = await call('pets.setProfile', { id, profile: { description: 'Calmer.' }, version: 1 }, volunteer);
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).not.toContain(MICROCHIP);

    const current = { ...services.petProfiles.get(id), version: 2 };
    const error = new AppError('edit_conflict', 'Pet changed.', {
      details: { current, currentVersion: 2, yourVersion: 1, changedBy: null, changedAt: 1 },
    });
    const member = { id: 9, name: 'Vic', login: 'vic', role: 'volunteer' as const, active: true, createdAt: 0 };
    const shown = editConflictShownTo(
      error,
      'pets.setProfile',
      { environment: 'production', id },
      { call: { credential: { kind: 'session', id: 'x' }, address: null }, teamMode: true, member },
      undefined,
    );
    expect(JSON.stringify(shown.toAdminBody())).not.toContain(MICROCHIP);
    expect((shown.details as EditConflictDetails | undefined)?.current).toEqual({
      description: 'A calm terrier.',
      version: 2,
    });
  });
});

describe('racing saves', () => {
  it('two sessions send their saves from one version at once, each on its own connection: one 200, one 409', async () => {
    const id = newPet('Twin');
    const answers = await Promise.all([
      call('pets.setProfile', { id, profile: { color: 'red' }, version: 1 }, sam),
      call('pets.setProfile', { id, profile: { color: 'blue' }, version: 1 }, alex),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.status === 200)?.body.color;
    expect(answers.find((answer) => answer.status === 409)?.body.details).toMatchObject({
      current: { color: winner, version: 2 },
      changedBy: winner === 'red' ? 'Sam' : 'Alex',
    });
    expect(services.petProfiles.get(id).color).toBe(winner);
  });

  it('two engines on one SQLite file save from the same version at once: exactly one a round wins', async () => {
    const id = newPet('Racer');
    const rounds = 20;
    const barrier = new SharedArrayBuffer(4);
    const run = (breed: string) =>
      new Promise<string[]>((resolve, reject) => {
        const worker = new Worker(new URL('../helpers/racing-save-worker.mjs', import.meta.url), {
          workerData: { dataDir: harness.dataDir, petId: id, firstVersion: 1, rounds, barrier, breed },
        });
        worker.once('message', resolve);
        worker.once('error', reject);
      });
    const [left, right] = await Promise.all([run('Left'), run('Right')]);
    for (let round = 0; round < rounds; round++)
      expect([left[round], right[round]].sort(), `round ${round}`).toEqual(['edit_conflict', 'saved']);
    expect(services.pets.getRecord(id).version).toBe(1 + rounds);
  }, 60_000);
});
