/**
 * Live updates and team mode's idle expiry: an open event stream is not activity, so a
 * session left idle ends on time and its stream with it. The real admin server over an AppHost on a
 * manual clock, a member logged in through staff.login.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminDispatcher } from '../../src/main/admin/dispatch';
import { createAdminHandlers } from '../../src/main/admin/handlers';
import { liveUpdatesOf } from '../../src/main/admin/live-updates';
import { teamGateOf } from '../../src/main/admin/staff-handlers';
import { startAdminServer, type RunningAdmin } from '../../src/main/http/admin/server';
import { AppHost } from '../../src/main/host/app-host';
import { ManualClock } from '../../src/shared/clock';
import { ADMIN_EVENTS_PATH } from '../../src/shared/live-updates';
import { SESSION_IDLE_MS } from '../../src/shared/staff';
import { adminClient, overHttp } from '../helpers/admin-client';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { waitFor } from '../helpers/wait-for';

const TOKEN = 'test-token-0123456789abcdefghijklmnopqrstuv';
const PASSWORD = 'a long shelter password';
const clock = new ManualClock(Date.UTC(2026, 10, 27, 9));
let dataDir: string;
let host: AppHost;
let admin: RunningAdmin;
/** How many times the stream's session was looked at. */
let checks = 0;

beforeAll(async () => {
  dataDir = makeTempDir();
  const rendererDir = path.join(dataDir, 'renderer');
  fs.mkdirSync(rendererDir);
  fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>Adoption Desk</title>');
  host = new AppHost({ dataDir, clock, overrides: { ports: { production: 0, staging: 0 } } });
  await host.start();
  const gate = teamGateOf(host);
  const liveUpdates = liveUpdatesOf(host, { sessionCheckMs: 50 });
  const sessionStands = (id: string) => {
    checks += 1;
    return liveUpdates.sessionStands(id);
  };
  admin = await startAdminServer({
    dispatch: adminDispatcher(createAdminHandlers(host), gate),
    teamMode: () => gate().teamMode(),
    token: TOKEN,
    rendererDir,
    port: 0,
    liveUpdates: { ...liveUpdates, sessionStands },
  });
  const { staff } = host.engine('production').services;
  await staff.add({ name: 'The owner', login: 'owner', role: 'owner', password: PASSWORD });
  await staff.add({ name: 'Kennel staff', login: 'kennel', role: 'staff', password: PASSWORD });
}, 60_000);

afterAll(async () => {
  await admin?.stop();
  await host?.stop();
  if (dataDir) removeTempDir(dataDir);
});

it('ends the stream when its session idles out, however long the stream was open', async () => {
  const base = new URL(admin.url).origin;
  const cookie = await adminClient(overHttp(() => base, '')).login('kennel', PASSWORD);
  const response = await fetch(`${base}${ADMIN_EVENTS_PATH}`, { headers: { cookie } });
  expect(response.status).toBe(200);
  let ended = false;
  let text = '';
  void (async () => {
    for await (const chunk of response.body ?? []) text += Buffer.from(chunk as Uint8Array).toString();
    ended = true;
  })().catch(() => (ended = true));

  // Hours with the stream open and no call: each session check finds it standing (an event sent after the check arrives) and touches nothing.
  for (let hour = 1; hour < SESSION_IDLE_MS / 3_600_000; hour += 1) {
    clock.advance(3_600_000);
    const seen = checks;
    await waitFor(() => checks > seen, 2_000);
    const heardBefore = text.length;
    host.engine('production').changes.emit('pets');
    await waitFor(() => text.length > heardBefore, 2_000);
  }
  expect(ended).toBe(false);
  clock.advance(3_600_000);
  await waitFor(() => ended, 2_000);
});
