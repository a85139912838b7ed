/**
 * Every way of leaving care says how the animal left: a dog that died in care, a euthanised dog, a
 * cat returned to its owner and a transfer are never "adopted" in the CLI, and never `sold` on the
 * public API, which lists them no more (and answers 404 for each); the adopted filter means adopted.
 * The real server on 127.0.0.1 over SQLite in a temp dir, and the CLI in-process on the same data dir.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pet } from '../../src/shared/pet';
import type { PetRecord } from '../../src/shared/models';
import { startTestServer, type TestServer } from '../helpers/api-server';
import { runCliInProcess } from '../helpers/cli-in-process';

let server: TestServer;
const ids = { rex: 0, old: 0, tom: 0, jun: 0, ada: 0, stays: 0, vet: 0 };

beforeAll(async () => {
  server = await startTestServer();
  const { movements, people } = server.engine.services;
  const intake = (name: string, categoryId = 1) =>
    movements.intake({ pet: { name, categoryId }, type: 'stray' }, 'cli').petId;
  ids.rex = intake('Rex');
  ids.old = intake('Old Sam');
  ids.tom = intake('Tom', 2);
  ids.jun = intake('Juniper');
  ids.ada = intake('Adopted Ada');
  ids.stays = intake('Stays');
  ids.vet = people.add({ name: 'Dr Vet' }).person.id;
  movements.outcome({ petId: ids.rex, type: 'died_in_care', personId: ids.vet }, 'cli');
  movements.outcome({ petId: ids.old, type: 'euthanasia' }, 'cli');
  movements.outcome({ petId: ids.tom, type: 'return_to_owner' }, 'cli');
  movements.outcome(
    { petId: ids.jun, type: 'transfer_out', transferTo: 'in_state', receivingOrganisation: 'Northside Rescue' },
    'cli',
  );
  const adopter = people.add({ name: 'Ada Adopter' }).person.id;
  movements.adopt({ petId: ids.ada, personId: adopter, fee: 50, feeMethod: 'cash' }, 'cli');
});

afterAll(async () => {
  await server.stop();
});

const api = async (path: string) => {
  const response = await fetch(`${server.baseUrl}${path}`, { headers: { authorization: `Bearer ${server.key}` } });
  return {
    status: response.status,
    body: (await response.json()) as unknown,
    type: response.headers.get('content-type'),
  };
};

describe('the public API', () => {
  it('lists the animals in care and the adopted one, and none that left otherwise', async () => {
    const all = (await api('/pets?limit=100')).body as Pet[];
    expect(all.map((pet) => [pet.name, pet.status])).toEqual([
      ['Adopted Ada', 'sold'],
      ['Stays', 'available'],
    ]);
    const sold = (await api('/pets?status=sold')).body as Pet[];
    expect(sold.map((pet) => pet.name)).toEqual(['Adopted Ada']);
  });

  it('answers 404 with the Error body for an animal that died, was euthanised, went home to its owner or was transferred', async () => {
    for (const name of ['rex', 'old', 'tom', 'jun'] as const) {
      const answer = await api(`/pets/${ids[name]}`);
      expect(answer).toMatchObject({ status: 404, body: { code: 'not_found', status: 404 } });
      expect(answer.type).toMatch(/^application\/problem\+json|^application\/json/);
    }
    expect(await api(`/pets/${ids.ada}`)).toMatchObject({ status: 200, body: { status: 'sold' } });
  });
});

describe('the CLI and the staff records', () => {
  it('says how each left; --status adopted lists the adopted one only', async () => {
    const table = await runCliInProcess(server.dataDir, ['pets', 'list']);
    expect(table.code).toBe(0);
    const line = (name: string) => table.stdout.split('\n').find((row) => row.includes(name)) ?? '';
    expect(line('Rex')).toContain('died in care');
    expect(line('Old Sam')).toContain('euthanised');
    expect(line('Tom')).toContain('returned to owner');
    expect(line('Juniper')).toContain('transferred out');
    expect(line('Adopted Ada')).toContain('adopted');
    for (const name of ['Rex', 'Old Sam', 'Tom', 'Juniper']) expect(line(name)).not.toContain('adopted');

    const adopted = await runCliInProcess(server.dataDir, ['--json', 'pets', 'list', '--status', 'adopted']);
    expect((JSON.parse(adopted.stdout) as PetRecord[]).map((pet) => pet.name)).toEqual(['Adopted Ada']);
  });

  it('keeps the departure on the record and in the status history; a return to care clears it', () => {
    const { pets, movements } = server.engine.services;
    expect(pets.getRecord(ids.rex)).toMatchObject({ status: 'sold', departure: 'died_in_care' });
    expect(pets.history(ids.jun).at(-1)).toMatchObject({ toStatus: 'sold', departure: 'transfer_out' });
    expect(server.engine.services.shelterDay.personMovements(ids.vet).animals).toEqual([
      { id: ids.rex, name: 'Rex', status: 'sold', departure: 'died_in_care' },
    ]);
    expect(
      pets
        .browse({ status: 'left_care' })
        .pets.map((pet) => pet.name)
        .sort(),
    ).toEqual(['Juniper', 'Old Sam', 'Rex', 'Tom']);
    movements.intake({ petId: ids.jun, type: 'transfer_in', transferFrom: 'in_state' }, 'cli');
    expect(pets.getRecord(ids.jun)).toMatchObject({ status: 'available', departure: null });
  });
});
