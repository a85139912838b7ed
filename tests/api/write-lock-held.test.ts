/**
 * A write lock held by another process longer than a request may wait (the CLI mid-transaction):
 * the API answers 503 `service_unavailable` in the Error shape with `Retry-After` and the rate-limit
 * headers, never a 500, and writes again as soon as the lock goes.
 */
import Database from 'better-sqlite3';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/api-server';
import { expectRateLimitHeaders, jsonHeaders } from '../helpers/http';

let server: TestServer;
let holder: Database.Database | undefined;

beforeEach(async () => {
  server = await startTestServer();
});

afterEach(async () => {
  if (holder?.open) holder.close();
  await server.stop();
});

const create = (name: string) =>
  fetch(`${server.baseUrl}/pets`, {
    method: 'POST',
    headers: jsonHeaders(server.key),
    body: JSON.stringify({ name, categoryId: 1 }),
  });

describe('a write lock held by another process', () => {
  it('answers 503 service_unavailable with Retry-After and the rate-limit headers, then 201 once it is released', async () => {
    holder = new Database(path.join(server.dataDir, 'production.sqlite'));
    holder.exec('BEGIN IMMEDIATE');
    const refused = await create('Biscuit');
    expect(refused.status).toBe(503);
    expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
    expect(refused.headers.get('retry-after')).toBe('1');
    expectRateLimitHeaders(refused.headers, '503');
    expect(await refused.json()).toEqual({
      code: 'service_unavailable',
      message: expect.stringMatching(/nothing was written/),
      status: 503,
    });
    holder.exec('ROLLBACK');
    const created = await create('Biscuit');
    expect(created.status).toBe(201);
    const list = await fetch(`${server.baseUrl}/pets?limit=100`, { headers: jsonHeaders(server.key) });
    expect((await list.json()) as unknown[]).toHaveLength(1);
  });
});
