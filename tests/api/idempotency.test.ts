/**
 * POST /pets with an Idempotency-Key (an extension beyond the seed): a retry with the same key and
 * body gets the first answer again, another body is refused, and a client that sends no key sees no
 * change. Real server, real SQLite file; the engine's clock is moved instead of waiting a day.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pet } from '../../src/shared/pet';
import { createEnterpriseKey, startTestServer, type TestServer } from '../helpers/api-server';
import { expectError, expectRateLimitHeaders, jsonHeaders } from '../helpers/http';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const post = (body: object, key?: string, apiKey = server.key) =>
  fetch(`${server.baseUrl}/pets`, {
    method: 'POST',
    headers: { ...jsonHeaders(apiKey), ...(key === undefined ? {} : { 'idempotency-key': key }) },
    body: JSON.stringify(body),
  });

describe('Idempotency-Key on POST /pets', () => {
  it('answers a retry with the same key and body with the first 201, creating nothing', async () => {
    const body = { name: 'Retry Rex', categoryId: 1 };
    const first = await post(body, 'create-rex-1');
    expect(first.status).toBe(201);
    const pet = (await first.json()) as Pet;
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const before = server.engine.services.pets.count();

    const retry = await post({ categoryId: 1, name: 'Retry Rex' }, 'create-rex-1');
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.headers.get('location')).toBe(first.headers.get('location'));
    expect(await retry.json()).toEqual(pet);
    expectRateLimitHeaders(retry.headers);
    expect(server.engine.services.pets.count()).toBe(before);
  });

  it('refuses the same key with another body: 422 idempotency_mismatch, nothing created', async () => {
    expect((await post({ name: 'Mia', categoryId: 2 }, 'create-mia')).status).toBe(201);
    const before = server.engine.services.pets.count();
    const error = await expectError(
      await post({ name: 'Mia', categoryId: 3 }, 'create-mia'),
      422,
      'idempotency_mismatch',
    );
    expect(error.message).toMatch(/Idempotency-Key "create-mia" was first sent with another body/);
    expect(server.engine.services.pets.count()).toBe(before);
  });

  it('waits for a retry that arrives while the first is still being written: one pet, two equal answers', async () => {
    const before = server.engine.services.pets.count();
    const [a, b] = await Promise.all([
      post({ name: 'Twin', categoryId: 1 }, 'twin'),
      post({ name: 'Twin', categoryId: 1 }, 'twin'),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(await a.json()).toEqual(await b.json());
    expect(server.engine.services.pets.count()).toBe(before + 1);
  });

  it('keeps keys per account and for 24 hours', async () => {
    const other = createEnterpriseKey(server.engine, 'other client');
    const mine = (await (await post({ name: 'Shared', categoryId: 1 }, 'same-key')).json()) as Pet;
    const theirs = (await (await post({ name: 'Shared', categoryId: 1 }, 'same-key', other.key)).json()) as Pet;
    expect(theirs.id).not.toBe(mine.id);

    server.clock.advance(24 * 60 * 60_000 + 1);
    const later = await post({ name: 'Shared', categoryId: 1 }, 'same-key');
    expect(later.status).toBe(201);
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect(((await later.json()) as Pet).id).not.toBe(mine.id);
  });

  it('refuses a key that is empty, too long or not visible ASCII with 400, and no key changes nothing', async () => {
    let refused = 0;
    for (const bad of ['', 'x'.repeat(256), 'with space', 'clé']) {
      const response = await fetch(`${server.baseUrl}/pets`, {
        method: 'POST',
        headers: { ...jsonHeaders(server.key), 'idempotency-key': bad },
        body: JSON.stringify({ name: 'Nope', categoryId: 1 }),
      }).catch(() => null);
      if (response === null) continue; // fetch itself refuses some header values
      const error = await expectError(response, 400, 'validation_failed');
      expect(error.message).toMatch(/idempotency-key: must be 1 to 255 visible ASCII characters/i);
      refused += 1;
    }
    expect(refused).toBeGreaterThanOrEqual(3);
    const before = server.engine.services.pets.count();
    expect((await post({ name: 'Plain', categoryId: 1 })).status).toBe(201);
    expect((await post({ name: 'Plain', categoryId: 1 })).status).toBe(201);
    expect(server.engine.services.pets.count()).toBe(before + 2);
  });
});
