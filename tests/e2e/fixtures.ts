import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import {
  ADMIN_HTTP_PREFIX,
  type AdminChannel,
  type AdminInput,
  type AdminOutput,
} from '../../src/shared/admin-contract';
import type { PlanId } from '../../src/shared/plans';
import { startTestDns } from '../helpers/dns-server';
import {
  DeskSpares,
  freshDataDir,
  removeDataDir,
  startDesk,
  stopDesk,
  twoFreePorts,
  type DeskServer,
} from './desk-process';

export type { DeskServer } from './desk-process';

/** The worker's options, for playwright.config.ts. */
export interface DeskOptions {
  deskInAdvance: boolean;
}

/** Opens the admin pages and waits for the app's own ready marker (never a sleep). */
export async function openDesk(page: Page, server: DeskServer): Promise<void> {
  await page.goto(server.adminUrl);
  await expect(page.locator('html[data-ready="true"]')).toBeAttached();
}

export const test = base.extend<
  {
    desk: DeskServer;
    explicitPorts: boolean;
    stagingPortTaken: boolean;
    siteDns: boolean;
    settingsFile: string | undefined;
  },
  DeskOptions & { deskSpares: DeskSpares }
>({
  /**
   * By default the server gets --port 0 --other-port 0 (the OS picks), which the Server page's
   * settings form shows as 0. `test.use({ explicitPorts: true })` passes two free port numbers instead.
   */
  explicitPorts: [false, { option: true }],
  /** `test.use({ stagingPortTaken: true })`: another program holds staging's port for the whole test, so staging cannot start. */
  stagingPortTaken: [false, { option: true }],
  /** `test.use({ siteDns: true })`: a DNS server on 127.0.0.1 whose zone the test edits, given to serve and the CLI. */
  siteDns: [false, { option: true }],
  /** `test.use({ settingsFile: TEXT })`: the data dir's settings.json holds TEXT when the server starts. */
  settingsFile: [undefined, { option: true }],
  /**
   * A project's `use: { deskInAdvance: false }`: each default desk started when its test asks and
   * stopped before the next test, for tests that measure time and must have the machine to themselves.
   */
  deskInAdvance: [true, { option: true, scope: 'worker' }],
  deskSpares: [
    async ({ deskInAdvance }, use) => {
      const spares = new DeskSpares(deskInAdvance);
      await use(spares);
      await spares.close();
    },
    { scope: 'worker' },
  ],
  // A fresh data dir and a fresh server for every test.
  desk: async ({ explicitPorts, stagingPortTaken, siteDns, settingsFile, deskSpares }, use) => {
    if (!explicitPorts && !stagingPortTaken && !siteDns && settingsFile === undefined) {
      const running = await deskSpares.take();
      await use(running.server);
      await deskSpares.retire(running);
      return;
    }
    const dataDir = freshDataDir();
    // Removed even when the server never started.
    try {
      if (settingsFile !== undefined) fs.writeFileSync(path.join(dataDir, 'settings.json'), settingsFile);
      const ports = explicitPorts || stagingPortTaken ? await twoFreePorts() : ([0, 0] as [number, number]);
      const holder = net.createServer();
      if (stagingPortTaken) await new Promise<void>((resolve) => holder.listen(ports[1], '127.0.0.1', resolve));
      const dns = siteDns ? await startTestDns() : undefined;
      const { server, child } = await startDesk(dataDir, ports, dns);
      await use(server);
      await stopDesk(child);
      if (holder.listening) await new Promise((resolve) => holder.close(resolve));
      await dns?.close();
    } finally {
      removeDataDir(dataDir);
    }
  },
  // The browser is a client of the desk: close it first. A socket left open by the browser (a
  // keep-alive or preconnected one) would otherwise hold up the server's graceful stop for ~5 s.
  context: async ({ context, desk }, use) => {
    void desk;
    await use(context);
    await context.close();
  },
});

export { expect };

// ---------------------------------------------------------------------------------------------
// Helpers shared by the specs.

/** The plaintext key printed by `keys create` / `keys rotate` (the last line of stdout). */
export function lastLine(stdout: string): string {
  const lines = stdout.trim().split('\n');
  return lines[lines.length - 1]?.trim() ?? '';
}

/** `keys create …` through the CLI; resolves with the plaintext key. */
export async function createKey(desk: DeskServer, ...args: string[]): Promise<string> {
  return lastLine(await desk.cli('keys', 'create', ...args));
}

/** `--json` CLI output, parsed. */
export async function cliJson<T>(desk: DeskServer, ...args: string[]): Promise<T> {
  return JSON.parse(await desk.cli('--json', ...args)) as T;
}

/** The production API's port: the sites are served on it too, at `<slug>.localhost:<port>`. */
export function apiPort(desk: DeskServer): number {
  return Number(new URL(desk.apiUrl.production).port);
}

/**
 * `accounts create` and then `projects create` in that account, through the CLI: an account named
 * `name` on `plan`, with a site project named `project` (the account's name unless given).
 * Resolves with the account's id and the project's slug.
 */
export async function createSiteProject(
  desk: DeskServer,
  { name, plan, project = name }: { name: string; plan: PlanId; project?: string },
): Promise<{ accountId: number; slug: string }> {
  const account = await cliJson<{ id: number }>(desk, 'accounts', 'create', '--name', name, '--plan', plan);
  const created = await cliJson<{ slug: string }>(
    desk,
    'projects',
    'create',
    '--account',
    String(account.id),
    '--name',
    project,
  );
  return { accountId: account.id, slug: created.slug };
}

/**
 * An account and its site project, both named `name` (createSiteProject), with the adoption page
 * deployed as the site (`deploy <slug> --adoption-page`). Resolves with the account's id, the
 * project's slug, the host a visitor names (`<slug>.localhost:<port>`) and the site's address.
 */
export async function deployAdoptionSite(
  desk: DeskServer,
  name: string,
  plan: PlanId = 'pro',
): Promise<{ accountId: number; slug: string; host: string; site: string }> {
  const { accountId, slug } = await createSiteProject(desk, { name, plan });
  await desk.cli('deploy', slug, '--adoption-page');
  const host = `${slug}.localhost:${apiPort(desk)}`;
  return { accountId, slug, host, site: `http://${host}` };
}

/** Members of staff made on the CLI as the team guide says, all with one password (read from a file, never a flag); the first owner turns team mode on. */
export async function addStaff(
  desk: DeskServer,
  password: string,
  members: ReadonlyArray<{ name: string; login: string; role: string }>,
): Promise<void> {
  const passwordFile = path.join(desk.dataDir, 'password.txt');
  fs.writeFileSync(passwordFile, `${password}\n`);
  try {
    for (const member of members)
      await desk.cli(
        'staff',
        'add',
        '--name',
        member.name,
        '--login',
        member.login,
        '--role',
        member.role,
        '--password-file',
        passwordFile,
      );
  } finally {
    fs.rmSync(passwordFile, { force: true });
  }
}

export interface ApiAnswer {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test code reads whatever the API answered
  body: any;
}

/** One call to the public pet API, as a client would make it (Node fetch, not the browser). */
export async function callApi(baseUrl: string, path: string, key?: string, init: RequestInit = {}): Promise<ApiAnswer> {
  const headers = new Headers(init.headers);
  if (key !== undefined) headers.set('authorization', `Bearer ${key}`);
  if (init.body !== undefined) headers.set('content-type', 'application/json');
  const response = await fetch(`${baseUrl}${path}`, { ...init, headers });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, headers: response.headers, body };
}

/**
 * One admin channel called as the desk's pages call it (POST with the desk's admin token), for a
 * test's setup: one request, with no CLI run. Throws the Error body on a refusal.
 */
export async function adminCall<C extends AdminChannel>(
  desk: DeskServer,
  channel: C,
  input: AdminInput<C>,
): Promise<AdminOutput<C>> {
  const url = new URL(desk.adminUrl);
  const token = new URLSearchParams(url.hash.slice(1)).get('token') ?? '';
  const response = await fetch(`${url.origin}${ADMIN_HTTP_PREFIX}${channel}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-token': token },
    body: JSON.stringify(input),
  });
  const body: unknown = await response.json();
  if (response.status !== 200) throw new Error(`${channel} answered ${response.status}: ${JSON.stringify(body)}`);
  return body as AdminOutput<C>;
}

/** Opens a page through the navigation bar and waits for its title. */
export async function goTo(
  page: Page,
  label:
    | 'Pets'
    | 'Shelter'
    | 'Accounts & keys'
    | 'Plans'
    | 'Usage'
    | 'Sites'
    | 'API console'
    | 'Server'
    | 'Quota lab'
    | 'Requests',
): Promise<void> {
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: label, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: label, exact: true })).toBeVisible();
}

/**
 * Quotas use fixed windows aligned to the UTC minute. A step that must stay inside one minute
 * (a burst and its expected 429s) first makes sure enough of the current minute is left; when it
 * is not, it waits for the next minute to begin (a condition on the clock, polled — not a sleep).
 */
export async function roomInMinute(seconds: number): Promise<void> {
  const left = () => 60 - (Date.now() % 60_000) / 1000;
  if (left() >= seconds) return;
  await expect.poll(left, { timeout: (seconds + 5) * 1000, intervals: [250] }).toBeGreaterThanOrEqual(seconds);
}

/** The Mantine notification (role alert) that carries this text. */
export function notification(page: Page, text: string | RegExp) {
  return page.getByRole('alert').filter({ hasText: text });
}

/**
 * Toasts sit at the bottom right, over the rows' actions, and a toast under the pointer never closes:
 * each finished one is closed with its own button, as staff would, instead of waiting out its 3–8 s;
 * one still running (no close button yet) is waited for; then the pointer is moved away.
 */
export async function closeToasts(page: Page): Promise<void> {
  const toasts = page.locator('.mantine-Notifications-notification');
  await expect(async () => {
    for (const close of await toasts.locator('.mantine-Notification-closeButton').all())
      // One that closed or slid away meanwhile is no longer there to click: the count below decides.
      await close.click({ timeout: 1_000 }).catch(() => undefined);
    await page.mouse.move(0, 0);
    await expect(toasts).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

/** Adds many pets with one CLI run (`pets import`, all or nothing); resolves with the created pets. */
export async function importPets(
  desk: DeskServer,
  pets: { name: string; categoryId: number; status?: 'available' | 'pending' | 'sold' }[],
  env: 'production' | 'staging' = 'production',
): Promise<{ id: number; name: string; categoryId: number; status: string }[]> {
  const file = path.join(desk.dataDir, `import-${Date.now()}-${Math.random().toString(36).slice(2)}.json`);
  fs.writeFileSync(file, JSON.stringify(pets));
  return JSON.parse(await desk.cli('--env', env, '--json', 'pets', 'import', file)) as {
    id: number;
    name: string;
    categoryId: number;
    status: string;
  }[];
}

/**
 * What `minutes` of real time would leave behind for a domain: its verification and certificate
 * request dated that much earlier. Certificates keep real time (the lab clock does not move them)
 * and the server is another process, so the test moves the stored moments instead of waiting; the
 * server picks the write up as it does the CLI's.
 */
export function backdateCertificateRequest(desk: DeskServer, domain: string, minutes: number): void {
  const database = new Database(path.join(desk.dataDir, 'production.sqlite'), { timeout: 5_000 });
  try {
    const ms = minutes * 60_000;
    const changed = database
      .prepare(
        'UPDATE domains SET verified_at = verified_at - ?, certificate_requested_at = certificate_requested_at - ? WHERE name = ? AND removed_at IS NULL',
      )
      .run(ms, ms, domain).changes;
    if (changed !== 1) throw new Error(`no live domain ${domain} to backdate`);
  } finally {
    database.close();
  }
}

/** The custom domains the Sites tests and pictures show, one per state, in the order they are added. */
const DOMAINS_IN_EVERY_STATE = [
  'www.happytails.test',
  'happytails.test',
  'shop.happytails.test',
  'adopt.happytails.test',
] as const;

/**
 * A project's custom domains in every state (needs `siteDns`): www the verified primary, the apex a
 * verified 308 redirect, shop a conflict (an A record where the CNAME should be), adopt pending (no record).
 */
export async function addDomainsInEveryState(desk: DeskServer, slug: string): Promise<void> {
  desk.dns!.zone = {
    'www.happytails.test': { CNAME: `${slug}.localhost` },
    'happytails.test': { A: '127.0.0.1' },
    'shop.happytails.test': { A: '203.0.113.7' },
  };
  await desk.cli('domains', 'add', slug, 'www.happytails.test');
  await desk.cli('domains', 'add', slug, 'happytails.test', '--status', '308');
  await desk.cli('domains', 'add', slug, 'shop.happytails.test');
  await desk.cli('domains', 'add', slug, 'adopt.happytails.test');
  for (const name of DOMAINS_IN_EVERY_STATE) await desk.cli('domains', 'verify', name);
}

/**
 * This page hears no live updates (its event stream is refused, as when the server is out of reach):
 * it keeps showing what it loaded, so a change made behind its back reaches the engine's refusal.
 */
export async function withoutLiveUpdates(page: Page): Promise<void> {
  await page.route('**/admin/api/events', (route) => route.abort());
}
