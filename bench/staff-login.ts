/**
 * Team mode's staff figures, through the real pieces: a login's server CPU (scrypt included, its
 * thread-pool work counted by process.cpuUsage) and what the role check adds to an admin call
 * (`pets.browse`: its dispatch at the desk against a staff session in team mode, batches interleaved,
 * set against the whole call over the real admin server). Targets: a login ≤ 300 ms of CPU; the
 * check ≤ 5 %. On a shared machine the HTTP times are noisy; the dispatch pair is the steady figure.
 *
 *   npm exec -- tsx bench/staff-login.ts [CALLS]   (default 1000 HTTP calls per round, 5 rounds)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { adminDispatcher, dispatchAdmin } from '../src/main/admin/dispatch';
import { createAdminHandlers } from '../src/main/admin/handlers';
import { teamGateOf } from '../src/main/admin/staff-handlers';
import { AppHost } from '../src/main/host/app-host';
import { startAdminServer } from '../src/main/http/admin/server';

const CALLS = Number(process.argv[2] ?? 1_000);
/** Dispatches per batch, and batch pairs (desk, team) interleaved. */
const BATCH = 500;
const PAIRS = 40;
const ROUNDS = 5;
const LOGINS = 20;
const TOKEN = 'bench-token-0123456789abcdefghijklmnopqrstuv';
const PASSWORD = 'a long shelter password';
const TARGETS = { loginCpuMs: 300, roleCheckPercent: 5 };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1_000;
};

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-staff-'));
  const rendererDir = path.join(dataDir, 'renderer');
  fs.mkdirSync(rendererDir);
  fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html>');
  const host = new AppHost({ dataDir, overrides: { ports: { production: 0, staging: 0 } } });
  await host.start();
  const gate = teamGateOf(host);
  const handlers = createAdminHandlers(host);
  const admin = await startAdminServer({
    dispatch: adminDispatcher(handlers, gate),
    teamMode: () => gate().teamMode(),
    token: TOKEN,
    rendererDir,
    port: 0,
  });
  const base = new URL(admin.url).origin;
  try {
    const services = host.engine('production').services;
    const categoryId = services.categories.list()[0]?.id ?? 1;
    for (let i = 0; i < 50; i++) services.pets.create({ name: `Pet ${i}`, categoryId, status: 'available' } as never);
    const staff = services.staff;
    await staff.add({ name: 'Owner', login: 'owner', role: 'owner', password: PASSWORD });
    for (let i = 0; i < LOGINS; i++)
      await staff.add({ name: `Member ${i}`, login: `member${i}`, role: 'staff', password: PASSWORD });

    // Login: the server's CPU for one staff.login over HTTP (scrypt on the thread pool counted too).
    const loginCpu: number[] = [];
    let cookie = '';
    for (let i = 0; i < LOGINS; i++) {
      const before = process.cpuUsage();
      const response = await fetch(`${base}/admin/api/staff.login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ login: `member${i}`, password: PASSWORD }),
      });
      loginCpu.push(cpuMs(before));
      cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      if (response.status !== 200) throw new Error(`login failed: ${response.status} ${await response.text()}`);
    }

    const body = JSON.stringify({ environment: 'production', query: { limit: 20 } });
    const run = async (headers: Record<string, string>) => {
      const started = performance.now();
      for (let i = 0; i < CALLS; i++) {
        const response = await fetch(`${base}/admin/api/pets.browse`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body,
        });
        if (response.status !== 200) throw new Error(`pets.browse: ${response.status} ${await response.text()}`);
        await response.arrayBuffer();
      }
      return ((performance.now() - started) * 1_000) / CALLS;
    };
    const http: number[] = [];
    await run({ 'x-admin-token': TOKEN });
    for (let round = 0; round < ROUNDS; round++) http.push(await run({ 'x-admin-token': TOKEN }));

    // The check alone: the same dispatch at the desk and as a staff session, interleaved batches.
    const payload = { environment: 'production', query: { limit: 20 } };
    const session = {
      credential: { kind: 'session', id: decodeURIComponent(cookie.split('=')[1] ?? '') },
      address: '127.0.0.1',
    } as const;
    const batch = async (call: Parameters<typeof dispatchAdmin>[3]) => {
      const started = performance.now();
      for (let i = 0; i < BATCH; i++) {
        const result = await dispatchAdmin(handlers, 'pets.browse', payload, call, gate());
        if (!result.ok) throw new Error(`pets.browse: ${result.error.code}`);
      }
      return ((performance.now() - started) * 1_000) / BATCH;
    };
    const differences: number[] = [];
    const desk: number[] = [];
    for (let pair = 0; pair < PAIRS; pair++) {
      const atDesk = await batch(undefined);
      const asStaff = await batch(session);
      desk.push(atDesk);
      differences.push(asStaff - atDesk);
    }
    const login = median(loginCpu);
    const check = median(differences);
    const call = median(http);
    const added = (check / call) * 100;
    console.log(
      `staff.login server CPU: median ${login.toFixed(1)} ms, max ${Math.max(...loginCpu).toFixed(1)} ms over ${LOGINS} logins (target ≤ ${TARGETS.loginCpuMs} ms)`,
    );
    console.log(
      `pets.browse: ${call.toFixed(0)} µs per call over the admin server (rounds ${http.map((v) => v.toFixed(0)).join('/')}); its dispatch ${median(desk).toFixed(0)} µs at the desk`,
    );
    console.log(
      `role check (session lookup + policy + redaction): ${check.toFixed(1)} µs per call = ${added.toFixed(2)} % of the call (target ≤ ${TARGETS.roleCheckPercent} %), ${((check / median(desk)) * 100).toFixed(1)} % of the dispatch alone`,
    );
    if (login > TARGETS.loginCpuMs || added > TARGETS.roleCheckPercent) process.exitCode = 1;
  } finally {
    await admin.stop();
    await host.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

void main();
