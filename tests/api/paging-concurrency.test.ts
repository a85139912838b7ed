import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pet, PetStatus } from '../../src/shared/pet';
import { startTestServer, type TestServer } from '../helpers/api-server';
import { bearer, jsonHeaders, linkTargets } from '../helpers/http';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

/** Keeps POSTing pets from `workers` parallel loops until stopped; returns the ids it got 201s for. */
function startInserting(workers: number, status?: PetStatus) {
  let running = true;
  const created: number[] = [];
  const loops = Array.from({ length: workers }, async (_, worker) => {
    for (let i = 0; running; i++) {
      const response = await fetch(`${server.baseUrl}/pets`, {
        method: 'POST',
        headers: jsonHeaders(server.key),
        body: JSON.stringify({ name: `Newcomer ${worker}-${i}`, categoryId: 2, ...(status ? { status } : {}) }),
      });
      expect(response.status).toBe(201);
      created.push(((await response.json()) as Pet).id);
    }
  });
  return {
    created,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

async function walk(query: string): Promise<{ ids: number[]; pages: number }> {
  const ids: number[] = [];
  let url: string | undefined = `${server.baseUrl}/pets?${query}`;
  let pages = 0;
  while (url) {
    const response: Response = await fetch(url, { headers: bearer(server.key) });
    expect(response.status).toBe(200);
    ids.push(...((await response.json()) as Pet[]).map((pet) => pet.id));
    url = linkTargets(response.headers.get('link'), 'next')[0];
    pages += 1;
  }
  return { ids, pages };
}

function expectStrictlyAscending(ids: number[]): void {
  for (let i = 1; i < ids.length; i++) expect(ids[i], `position ${i}`).toBeGreaterThan(ids[i - 1] ?? 0);
}

describe('cursor paging while pets are being added', () => {
  it('every pet that existed before the walk appears exactly once, in ascending id order', async () => {
    const before = server.engine.services.pets
      .importMany(Array.from({ length: 300 }, (_, i) => ({ name: `Resident ${i}`, categoryId: 1 })))
      .map((pet) => pet.id);
    const inserter = startInserting(4);
    const { ids, pages } = await walk('limit=7');
    await inserter.stop();

    expect(inserter.created.length).toBeGreaterThan(0);
    expect(pages).toBeGreaterThanOrEqual(Math.ceil(300 / 7));
    expectStrictlyAscending(ids);
    const seen = new Set(ids);
    expect(seen.size).toBe(ids.length);
    for (const id of before) expect(seen.has(id), `pet ${id}`).toBe(true);
    // Anything else seen was added during the walk, and was really acknowledged.
    const acknowledged = new Set([...before, ...inserter.created]);
    for (const id of ids) expect(acknowledged.has(id), `pet ${id}`).toBe(true);

    const after = await walk('limit=100');
    expectStrictlyAscending(after.ids);
    expect(after.ids).toHaveLength(acknowledged.size);
  });

  it('a status-filtered walk stays correct while pets of that status are added', async () => {
    const before = server.engine.services.pets
      .importMany(
        Array.from({ length: 120 }, (_, i) => ({
          name: `Waiting ${i}`,
          categoryId: 3,
          status: i % 2 === 0 ? 'pending' : 'sold',
        })),
      )
      .filter((pet) => pet.status === 'pending')
      .map((pet) => pet.id);
    const inserter = startInserting(3, 'pending');
    const { ids } = await walk('status=pending&limit=5');
    await inserter.stop();

    expect(inserter.created.length).toBeGreaterThan(0);
    expectStrictlyAscending(ids);
    const seen = new Set(ids);
    for (const id of before) expect(seen.has(id), `pet ${id}`).toBe(true);
    const pending = new Set(
      server.engine.services.pets.browse({ status: 'pending', limit: 500 }).pets.map((pet) => pet.id),
    );
    for (const id of ids) expect(pending.has(id), `pet ${id} is pending`).toBe(true);
  });
});
