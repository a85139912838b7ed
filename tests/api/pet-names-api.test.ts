/** The shared name rules as the public API applies them: 400 with one plain message, nothing stored. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pet } from '../../src/shared/pet';
import { startTestServer, type TestServer } from '../helpers/api-server';
import { expectError, jsonHeaders } from '../helpers/http';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

const create = (name: string) => fetch(`${server.baseUrl}/pets`, { method: 'POST', headers: jsonHeaders(server.key), body: JSON.stringify({ name, categoryId: 1 }) });

describe('POST /v1/pets names', () => {
  it('refuses control characters and names with nothing visible, saying which rule', async () => {
    const refused: [string, string][] = [
      ['Evil\x1b[2J', 'name: must not contain control characters (found U+001B)'],
      ['Rex\n999 Forged', 'name: must not contain control characters (found U+000A)'],
      ['C1\u009b', 'name: must not contain control characters (found U+009B)'],
      ['\u200b\u200d\u2060', 'name: must contain at least one visible character'],
      [' \n ', 'name: must not be empty'],
    ];
    for (const [name, message] of refused) {
      const body = await expectError(await create(name), 400, 'validation_failed');
      expect(body.message, JSON.stringify(name)).toBe(message);
    }
    expect(server.engine.services.pets.count()).toBe(0);
  });

  it('stores everything else exactly, emoji ZWJ sequences included', async () => {
    for (const name of ['👩‍👩‍👧 Family', 'Señor Whiskers', 'שלום\u200f Rex']) {
      const response = await create(name);
      expect(response.status).toBe(201);
      expect(((await response.json()) as Pet).name).toBe(name);
    }
  });
});
