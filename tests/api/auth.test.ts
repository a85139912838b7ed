import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../src/main/engine/engine';
import { generateApiKey } from '../../src/main/keys/key-format';
import { AnonymousBudget, startTestServer, type TestServer } from '../helpers/api-server';
import { expectError } from '../helpers/http';
import { runCliInProcess } from '../helpers/cli-in-process';
import { waitFor } from '../helpers/wait-for';

let server: TestServer;
let budget: AnonymousBudget;

beforeAll(async () => {
  server = await startTestServer();
  budget = new AnonymousBudget(server.clock);
});

afterAll(async () => {
  await server?.stop();
});

type Operation = { label: string; send: (authorization?: string) => Promise<Response> };

const operations: Operation[] = [
  {
    label: 'listPets',
    send: (authorization) =>
      fetch(`${server.baseUrl}/pets`, { headers: authorization === undefined ? {} : { authorization } }),
  },
  {
    label: 'createPet',
    send: (authorization) =>
      fetch(`${server.baseUrl}/pets`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(authorization === undefined ? {} : { authorization }) },
        body: JSON.stringify({ name: 'Should not exist', categoryId: 1 }),
      }),
  },
  {
    label: 'getPet',
    send: (authorization) =>
      fetch(`${server.baseUrl}/pets/1`, { headers: authorization === undefined ? {} : { authorization } }),
  },
];

/** Sends without a valid key, counting it against the per-address budget. */
async function anonymous(operation: Operation, authorization?: string): Promise<Response> {
  budget.spend();
  return operation.send(authorization);
}

async function expectUnauthorized(response: Response): Promise<string> {
  expect(response.headers.get('www-authenticate') ?? '').toMatch(/^Bearer\b/);
  const body = await expectError(response, 401, 'unauthorized');
  return body.message;
}

function stagingKey(): string {
  const staging = new Engine({ dataDir: server.dataDir, environment: 'staging', clock: server.clock });
  try {
    const { key } = staging.services.keys.createOnNewAccount({
      account: { planId: 'enterprise', perMinute: 1_000_000, perDay: 10_000_000 },
      label: 'Staging tester',
    });
    expect(staging.services.keys.authenticate(key)).not.toBeNull();
    return key;
  } finally {
    staging.close();
  }
}

describe('a request without a valid key gets 401, WWW-Authenticate: Bearer and the Error body', () => {
  const cases: [string, () => string | undefined, RegExp][] = [
    ['no Authorization header', () => undefined, /Bearer/],
    ['the Basic scheme', () => `Basic ${Buffer.from('user:pass').toString('base64')}`, /Bearer/],
    ['the key without a scheme', () => server.key, /Bearer/],
    ['an empty bearer token', () => 'Bearer ', /empty|Bearer/],
    ['only the word Bearer', () => 'Bearer', /empty|Bearer/],
    ['a malformed key', () => 'Bearer not-a-key', /not valid/],
    ['a truncated key', () => `Bearer ${server.key.slice(0, -1)}`, /not valid/],
    [
      'a key with one character changed',
      () => `Bearer ${server.key.slice(0, -1)}${server.key.endsWith('A') ? 'B' : 'A'}`,
      /not valid/,
    ],
    ['an unknown well-formed key', () => `Bearer ${generateApiKey('production')}`, /not valid/],
    ['two tokens', () => `Bearer ${server.key} ${server.key}`, /not valid/],
    ['a staging key on the production server', () => `Bearer ${stagingKey()}`, /adk_live_/],
  ];

  for (const [label, header, message] of cases) {
    it.each(operations.map((operation) => [operation.label, operation] as const))(
      `${label}: %s`,
      async (_name, operation) => {
        expect(await expectUnauthorized(await anonymous(operation, header()))).toMatch(message);
      },
    );
  }

  it('accepts the scheme in any case and extra spaces around the key', async () => {
    for (const header of [`bearer ${server.key}`, `BEARER ${server.key}`, `Bearer   ${server.key}  `]) {
      expect((await fetch(`${server.baseUrl}/pets?limit=1`, { headers: { authorization: header } })).status).toBe(200);
    }
  });

  it('created no pet through any refused request', () => {
    expect(server.engine.services.pets.browse({ search: 'Should not exist' }).total).toBe(0);
  });
});

describe('authentication comes before any other check', () => {
  // Without a key the caller learns nothing about the request rules (docs/contract.md, "Keys and accounts": missing → 401).
  const cases: [string, () => Promise<Response>][] = [
    [
      'createPet with a body that breaks the rules',
      () =>
        fetch(`${server.baseUrl}/pets`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        }),
    ],
    [
      'createPet with malformed JSON',
      () =>
        fetch(`${server.baseUrl}/pets`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' }),
    ],
    [
      'createPet with text/plain',
      () => fetch(`${server.baseUrl}/pets`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'Rex' }),
    ],
    ['listPets with limit=0', () => fetch(`${server.baseUrl}/pets?limit=0`)],
    ['listPets with a garbage cursor', () => fetch(`${server.baseUrl}/pets?cursor=garbage`)],
    ['getPet with petId abc', () => fetch(`${server.baseUrl}/pets/abc`)],
  ];

  it.each(cases)('%s → 401', async (_label, send) => {
    budget.spend();
    await expectUnauthorized(await send());
  });
});

describe('revocation', () => {
  it('takes effect on the very next request when made in the same process', async () => {
    const { key, record } = server.engine.services.keys.create({ accountId: server.accountId });
    const list = () => fetch(`${server.baseUrl}/pets`, { headers: { authorization: `Bearer ${key}` } });
    expect((await list()).status).toBe(200);
    server.engine.services.keys.revoke(record.id);
    budget.spend();
    await expectUnauthorized(await list());
  });

  it('rotating a key: the new one works, the old one is refused at once', async () => {
    const { record, key: oldKey } = server.engine.services.keys.create({ accountId: server.accountId });
    const { key: newKey } = server.engine.services.keys.rotate(record.id);
    budget.spend();
    await expectUnauthorized(await fetch(`${server.baseUrl}/pets`, { headers: { authorization: `Bearer ${oldKey}` } }));
    expect((await fetch(`${server.baseUrl}/pets`, { headers: { authorization: `Bearer ${newKey}` } })).status).toBe(
      200,
    );
  });
});

// The CLI runs in this process but over its own engine: the server sees its writes as another process's (SQLite's data_version).
describe('keys changed by the CLI (its own connection to the database) while the server runs', () => {
  const status = async (key: string) => {
    const response = await fetch(`${server.baseUrl}/pets?limit=1`, { headers: { authorization: `Bearer ${key}` } });
    await response.arrayBuffer();
    return response.status;
  };

  it('a key created by the CLI is honoured within 2 s, and its revocation too', async () => {
    const created = await runCliInProcess(server.dataDir, [
      'keys',
      'create',
      '--plan',
      'enterprise',
      '--per-minute',
      '1000000',
      '--per-day',
      '10000000',
      '--label',
      'from the CLI',
    ]);
    expect(created.code, created.stderr).toBe(0);
    const key = created.stdout.trim().split('\n').at(-1) ?? '';
    expect(key).toMatch(/^adk_live_[0-9A-Za-z]{38}$/);

    await waitFor(
      async () => {
        const code = await status(key);
        if (code === 401) budget.spend();
        return code === 200;
      },
      2_000,
      100,
    );

    const revoked = await runCliInProcess(server.dataDir, ['keys', 'revoke', key]);
    expect(revoked.code, revoked.stderr).toBe(0);
    await waitFor(async () => (await status(key)) === 401, 2_000, 100);
    budget.spend();
    expect(await status(key)).toBe(401);
  });

  it('a key the server already knows is refused within 2 s of a CLI revocation by id', async () => {
    const { key, record } = server.engine.services.keys.create({ accountId: server.accountId });
    expect(await status(key)).toBe(200);
    const revoked = await runCliInProcess(server.dataDir, ['keys', 'revoke', String(record.id)]);
    expect(revoked.code, revoked.stderr).toBe(0);
    await waitFor(async () => (await status(key)) === 401, 2_000, 100);
  });
});
