/**
 * Live updates in browser mode against the real admin server: GET /admin/api/events,
 * its guard, the events a write causes (through another admin call, or the CLI over its own engine),
 * and its bounds: a reader that never reads, the cap on open streams, a session that ends, a stop.
 */
import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CHANGE_TOPICS } from '../../src/shared/change-topics';
import { ADMIN_EVENTS_PATH, isChangeEvent, type ChangeEvent } from '../../src/shared/live-updates';
import { startAdminHarness, type AdminHarness } from '../helpers/admin-host';
import { adminClient, overHttp } from '../helpers/admin-client';
import { freePort } from '../helpers/free-port';
import { runCliInProcess } from '../helpers/cli-in-process';
import { waitFor } from '../helpers/wait-for';

const TOKEN = 'test-token-0123456789abcdefghijklmnopqrstuv';
const PASSWORD = 'a long shelter password';

/** One open stream as the window reads it (fetch and a reader); every event kept with when it came. */
interface Reader {
  status: number;
  body: string;
  events: { event: ChangeEvent; at: number }[];
  /** Resolves when the server ended the stream (or the connection broke). */
  ended: Promise<'ended' | 'broken'>;
  close: () => void;
}

/** Every stream a test opened, closed after it whatever its outcome. */
const opened = new Set<Reader>();

async function openStream(base: string, auth: { token?: string; cookie?: string }): Promise<Reader> {
  const controller = new AbortController();
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (auth.token) headers['x-admin-token'] = auth.token;
  if (auth.cookie) headers.cookie = auth.cookie;
  const response = await fetch(`${base}${ADMIN_EVENTS_PATH}`, { headers, signal: controller.signal });
  const reader: Reader = {
    status: response.status,
    body: '',
    events: [],
    ended: Promise.resolve('ended'),
    close: () => controller.abort(),
  };
  opened.add(reader);
  if (!response.ok) {
    reader.body = await response.text();
    return reader;
  }
  reader.ended = (async () => {
    const decoder = new TextDecoder();
    let pending = '';
    try {
      for await (const chunk of response.body ?? []) {
        const text = decoder.decode(chunk as Uint8Array, { stream: true });
        reader.body += text;
        const blocks = (pending + text).split('\n\n');
        pending = blocks.pop() ?? '';
        for (const block of blocks)
          if (block.startsWith('data: '))
            reader.events.push({ event: JSON.parse(block.slice(6)) as ChangeEvent, at: performance.now() });
      }
      return 'ended';
    } catch {
      return 'broken';
    }
  })();
  return reader;
}

afterEach(() => {
  for (const reader of opened) reader.close();
  opened.clear();
});

const heard = (reader: Reader, environment: string, topic: string, after = 0) =>
  reader.events.find(({ event, at }) => at >= after && event.environment === environment && event.topic === topic);

const call = (base: string, channel: string, payload: unknown, auth: { token?: string; cookie?: string }) =>
  adminClient(overHttp(() => base, auth.token ?? '')).raw(channel, payload, {
    token: Boolean(auth.token),
    cookie: auth.cookie,
  });

describe('the event stream at a desk (the admin token)', () => {
  let harness: AdminHarness;
  let base: string;

  beforeAll(async () => {
    harness = await startAdminHarness(TOKEN, { liveUpdateLimits: { maxStreams: 4, maxBufferedBytes: 16 * 1024 } });
    base = new URL(harness.admin.url).origin;
  }, 60_000);
  afterAll(async () => {
    await harness?.stop();
  });

  it('refuses a request with no token, or a wrong one, with the Error body', async () => {
    for (const auth of [{}, { token: 'wrong' }]) {
      const refused = await openStream(base, auth);
      expect(refused.status).toBe(401);
      expect(JSON.parse(refused.body)).toMatchObject({ code: 'unauthorized', status: 401 });
    }
  });

  it('sends the retry hint at once, then {environment, topic} after a write through another admin call', async () => {
    const reader = await openStream(base, { token: TOKEN });
    expect(reader.status).toBe(200);
    await waitFor(() => reader.body.startsWith('retry: '), 1_000);
    const sent = performance.now();
    const created = await call(
      base,
      'pets.create',
      { environment: 'staging', pet: { name: 'Pepper', categoryId: 1, status: 'available' } },
      { token: TOKEN },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const event = await waitFor(() => heard(reader, 'staging', 'pets'), 1_000);
    expect(event.at - sent).toBeLessThan(1_000);
    expect(heard(reader, 'production', 'pets')).toBeUndefined();
  });

  it('sends the event of a CLI write (its own connection to the database) within 1 s', async () => {
    const reader = await openStream(base, { token: TOKEN });
    const cli = await runCliInProcess(harness.dataDir, ['pets', 'add', '--name', 'Biscuit', '--category', '1']);
    expect(cli.code, cli.stderr).toBe(0);
    const written = performance.now();
    await waitFor(() => heard(reader, 'production', 'pets'), 1_000);
    expect(performance.now() - written).toBeLessThan(1_000);
  });

  it('keeps sending across a settings save that restarts the production engine, and says every topic may have changed', async () => {
    const reader = await openStream(base, { token: TOKEN });
    const before = harness.host.engine('production');
    const { ports } = harness.host.currentSettings();
    const saved = await call(
      base,
      'settings.update',
      { host: '127.0.0.1', ports: { production: await freePort(), staging: ports.staging } },
      { token: TOKEN },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(harness.host.engine('production')).not.toBe(before);
    await waitFor(() => heard(reader, 'production', 'care'), 1_000);
    const sent = performance.now();
    const created = await call(
      base,
      'pets.create',
      { environment: 'production', pet: { name: 'Clementine', categoryId: 1, status: 'available' } },
      { token: TOKEN },
    );
    expect(created.status).toBe(200);
    await waitFor(() => heard(reader, 'production', 'pets', sent), 1_000);
  });

  it('sends the changes of one turn of the event loop once', async () => {
    const reader = await openStream(base, { token: TOKEN });
    await waitFor(() => reader.body.startsWith('retry: '), 1_000);
    const { changes } = harness.host.engine('production');
    for (let i = 0; i < 50; i += 1) changes.emit('people');
    changes.emit('care');
    await waitFor(() => heard(reader, 'production', 'care'), 1_000);
    expect(reader.events.filter(({ event }) => event.topic === 'people')).toHaveLength(1);
  });

  it('closes the stream of a reader that never reads; memory stays bounded and a reading window still gets every change', async () => {
    const reading = await openStream(base, { token: TOKEN });
    const stalled = net.connect(Number(new URL(base).port), '127.0.0.1');
    await new Promise((resolve) => stalled.once('connect', resolve));
    stalled.write(`GET ${ADMIN_EVENTS_PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nx-admin-token: ${TOKEN}\r\n\r\n`);
    // It reads nothing from here on: the kernel's buffers fill, then the server's.
    stalled.pause();
    let received = 0;
    let closed = false;
    stalled.on('data', (chunk: Buffer) => (received += chunk.length));
    stalled.once('close', () => (closed = true));
    stalled.on('error', () => {});

    // Fault injection: every topic of both environments changes, turn after turn (about 1.3 kB a turn, 13 MB in all).
    let turns = 0;
    for (; turns < 10_000; turns += 1) {
      for (const environment of ['production', 'staging'] as const)
        for (const topic of CHANGE_TOPICS) harness.host.engine(environment).changes.emit(topic);
      await new Promise((resolve) => setImmediate(resolve));
    }
    harness.host.engine('production').changes.emit('shelter');
    const last = performance.now();
    await waitFor(() => heard(reading, 'production', 'shelter', last), 2_000);
    expect(reading.events.length).toBeGreaterThanOrEqual(turns * 24);

    // Read now: everything held for it (the kernel's buffers and the server's) arrives, then the stream is over. Unbounded, all 13 MB would.
    stalled.resume();
    await waitFor(() => closed, 5_000);
    expect(received).toBeLessThan(turns * 1_300 * 0.5);
  }, 60_000);

  it('refuses a stream over the cap with 503 and Retry-After, and takes one again once a stream closes', async () => {
    // The streams of the tests before may take a moment to be seen closed.
    const openOne = () =>
      waitFor(async () => ((await openStream(base, { token: TOKEN })).status === 200 ? true : undefined), 2_000);
    for (let i = 0; i < 4; i += 1) await openOne();
    const response = await fetch(`${base}${ADMIN_EVENTS_PATH}`, { headers: { 'x-admin-token': TOKEN } });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(await response.json()).toMatchObject({ code: 'service_unavailable', status: 503 });
    [...opened].find((reader) => reader.status === 200)?.close();
    await openOne();
  });
});

it('passes on only a well-formed {environment, topic}: the preload and the window check each message', () => {
  expect(isChangeEvent({ environment: 'staging', topic: 'care' })).toBe(true);
  for (const wrong of [
    null,
    'pets',
    { environment: 'staging' },
    { environment: 'qa', topic: 'pets' },
    { environment: 'production', topic: 'staff' },
    { environment: 'production', topic: 'pets', pet: { name: 'Rex' } },
  ]) {
    expect(isChangeEvent(wrong)).toBe(false);
  }
});

describe('the event stream in team mode', () => {
  let harness: AdminHarness;
  let base: string;

  const login = async (name: string) => {
    const answer = await call(base, 'staff.login', { login: name, password: PASSWORD }, {});
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return (answer.setCookie ?? '').split(';')[0] ?? '';
  };

  beforeAll(async () => {
    harness = await startAdminHarness(TOKEN, { liveUpdateLimits: { sessionCheckMs: 100 } });
    base = new URL(harness.admin.url).origin;
    const { staff } = harness.host.engine('production').services;
    await staff.add({ name: 'The owner', login: 'owner', role: 'owner', password: PASSWORD });
    await staff.add({ name: 'A volunteer', login: 'volunteer', role: 'volunteer', password: PASSWORD });
  }, 60_000);
  afterAll(async () => {
    await harness?.stop();
  });

  it('refuses a session that does not stand, with the Error body', async () => {
    const refused = await openStream(base, { cookie: '__Host-adoption_desk_session=not-a-session-id-at-all-0000' });
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'unauthorized', status: 401 });
  });

  it('gives a volunteer the topics too (they carry no data), and ends the stream at logout', async () => {
    const cookie = await login('volunteer');
    const reader = await openStream(base, { cookie });
    expect(reader.status).toBe(200);
    harness.host.engine('production').changes.emit('people');
    await waitFor(() => heard(reader, 'production', 'people'), 1_000);
    expect((await call(base, 'staff.logout', {}, { cookie })).status).toBe(200);
    expect(await Promise.race([reader.ended, waitFor(() => false, 2_000).catch(() => 'still open')])).toBe('ended');
  });

  it('ends the stream of a member deactivated elsewhere', async () => {
    const cookie = await login('volunteer');
    const reader = await openStream(base, { cookie });
    const { staff } = harness.host.engine('production').services;
    const volunteer = staff.list().find((member) => member.login === 'volunteer');
    staff.deactivate(volunteer?.id ?? 0);
    expect(await Promise.race([reader.ended, waitFor(() => false, 2_000).catch(() => 'still open')])).toBe('ended');
  });

  it('holds one session to 4 streams and the sessions of one address to 8; the desk still gets one', async () => {
    const sessions = [await login('owner'), await login('owner'), await login('owner')];
    const busy = async (cookie: string) => {
      const refused = await openStream(base, { cookie });
      expect(refused.status).toBe(503);
      expect(JSON.parse(refused.body)).toMatchObject({ code: 'service_unavailable', status: 503 });
    };
    const first: Reader[] = [];
    for (let i = 0; i < 4; i += 1) first.push(await openStream(base, { cookie: sessions[0] }));
    expect(first.map((reader) => reader.status)).toEqual([200, 200, 200, 200]);
    await busy(sessions[0]!);
    for (let i = 0; i < 4; i += 1) expect((await openStream(base, { cookie: sessions[1] })).status).toBe(200);
    // A third session from the same address (this computer's 127.0.0.1) finds its 8 taken.
    await busy(sessions[2]!);
    expect((await openStream(base, { token: TOKEN })).status).toBe(200);
    first[0]?.close();
    await waitFor(
      async () => ((await openStream(base, { cookie: sessions[2] })).status === 200 ? true : undefined),
      2_000,
    );
  });

  it('ends every stream at once when the server stops', async () => {
    const cookie = await login('owner');
    const readers = [await openStream(base, { cookie }), await openStream(base, { token: TOKEN })];
    const stopping = performance.now();
    await harness.admin.stop();
    expect(performance.now() - stopping).toBeLessThan(1_000);
    for (const reader of readers)
      expect(await Promise.race([reader.ended, waitFor(() => false, 1_000).catch(() => 'still open')])).not.toBe(
        'still open',
      );
  });
});
