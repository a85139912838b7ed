/**
 * The live-updates figure, through the real pieces: the admin server in team mode, ten
 * staff sessions logged in through staff.login, each with its event stream open (fetch and a reader,
 * as the window reads it); one of them saves a pet (`pets.update`) WRITES times, one after another.
 * For each save, the time from sending it until each of the nine other streams heard its `pets`
 * change. Targets: p95 ≤ 250 ms on loopback, every one ≤ 1 s. Server and readers share this process.
 *
 *   npm exec -- tsx bench/live-updates.ts [WRITES]   (default 200)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { adminServingOf } from '../src/main/admin/admin-serving';
import { AppHost } from '../src/main/host/app-host';
import { startAdminServer } from '../src/main/http/admin/server';
import { ADMIN_EVENTS_PATH } from '../src/shared/live-updates';

const WRITES = Number(process.argv[2] ?? 200);
const SESSIONS = 10;
const TOKEN = 'bench-token-0123456789abcdefghijklmnopqrstuv';
const PASSWORD = 'a long shelter password';
const TARGETS = { p95Ms: 250, maxMs: 1_000 };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/** A window's stream: the arrival time of each `pets` change of production, in order. */
async function openStream(base: string, cookie: string): Promise<{ arrivals: number[] }> {
  const response = await fetch(`${base}${ADMIN_EVENTS_PATH}`, { headers: { cookie } });
  if (response.status !== 200) throw new Error(`the stream answered ${response.status}: ${await response.text()}`);
  const stream = { arrivals: [] as number[] };
  void (async () => {
    const decoder = new TextDecoder();
    let pending = '';
    for await (const chunk of response.body ?? []) {
      const blocks = (pending + decoder.decode(chunk as Uint8Array, { stream: true })).split('\n\n');
      pending = blocks.pop() ?? '';
      const now = performance.now();
      for (const block of blocks)
        if (block === 'data: {"environment":"production","topic":"pets"}') stream.arrivals.push(now);
    }
  })().catch(() => {});
  return stream;
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-live-'));
  const rendererDir = path.join(dataDir, 'renderer');
  fs.mkdirSync(rendererDir);
  fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html>');
  const host = new AppHost({ dataDir, overrides: { ports: { production: 0, staging: 0 } } });
  await host.start();
  // What `serve --admin` serves: the dispatch judged by team mode and the stream of changes.
  const admin = await startAdminServer({ ...adminServingOf(host, rendererDir), token: TOKEN, port: 0 });
  const base = new URL(admin.url).origin;
  try {
    const services = host.engine('production').services;
    const pet = services.pets.create({
      name: 'Biscuit',
      categoryId: services.categories.list()[0]?.id ?? 1,
      status: 'available',
    } as never);
    await services.staff.add({ name: 'Owner', login: 'owner', role: 'owner', password: PASSWORD });
    for (let i = 1; i < SESSIONS; i++)
      await services.staff.add({ name: `Member ${i}`, login: `member${i}`, role: 'staff', password: PASSWORD });
    const logins = ['owner', ...Array.from({ length: SESSIONS - 1 }, (_, i) => `member${i + 1}`)];
    const cookies: string[] = [];
    for (const login of logins) {
      const response = await fetch(`${base}/admin/api/staff.login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ login, password: PASSWORD }),
      });
      if (response.status !== 200) throw new Error(`login ${login}: ${response.status} ${await response.text()}`);
      cookies.push((response.headers.get('set-cookie') ?? '').split(';')[0] ?? '');
    }
    const streams = await Promise.all(cookies.map((cookie) => openStream(base, cookie)));
    const [writer, ...others] = cookies.map((cookie, i) => ({ cookie, stream: streams[i]! }));
    if (!writer) throw new Error('no sessions');

    const delays: number[] = [];
    for (let i = 0; i < WRITES; i++) {
      const sent = performance.now();
      const response = await fetch(`${base}/admin/api/pets.update`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: writer.cookie },
        body: JSON.stringify({ environment: 'production', id: pet.id, changes: { name: `Biscuit ${i}` } }),
      });
      if (response.status !== 200) throw new Error(`pets.update: ${response.status} ${await response.text()}`);
      const deadline = sent + 5_000;
      while (others.some(({ stream }) => stream.arrivals.length <= i)) {
        if (performance.now() > deadline) throw new Error(`write ${i}: not every stream heard it within 5 s`);
        await new Promise((resolve) => setImmediate(resolve));
      }
      for (const { stream } of others) delays.push((stream.arrivals[i] ?? NaN) - sent);
    }

    const sorted = [...delays].sort((a, b) => a - b);
    const [p50, p95, max] = [percentile(sorted, 50), percentile(sorted, 95), sorted[sorted.length - 1] ?? NaN];
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    console.log(
      `Live updates: ${SESSIONS} staff sessions in team mode, each with its stream open; ${WRITES} pets.update by one, heard by the ${others.length} others (${delays.length} deliveries).`,
    );
    console.log(
      `  from sending the save until another window's stream heard it: p50 ${ms(p50)}, p95 ${ms(p95)}, max ${ms(max)}`,
    );
    console.log(
      `  targets: p95 ≤ ${TARGETS.p95Ms} ms ${p95 <= TARGETS.p95Ms ? 'met' : 'MISSED'}; every one ≤ ${TARGETS.maxMs} ms ${max <= TARGETS.maxMs ? 'met' : 'MISSED'}`,
    );
    console.log(
      `  (loopback; ${os.cpus().length} cores shared with other work; server and readers in this one process)`,
    );
  } finally {
    await admin.stop();
    await host.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
