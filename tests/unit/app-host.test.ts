import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ServerStatus } from '../../src/shared/admin-contract';
import type { SettingsUpdate } from '../../src/shared/admin-schemas';
import { AppError } from '../../src/shared/errors';
import { AppHost } from '../../src/main/host/app-host';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { freePort } from '../helpers/free-port';

let dataDir: string;
let host: AppHost;
let moved: ServerStatus[];
const blockers: net.Server[] = [];

/** A port held open by another listener, as another program would. */
async function takenPort(): Promise<number> {
  const blocker = net.createServer();
  blockers.push(blocker);
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  return (blocker.address() as net.AddressInfo).port;
}

async function answers(baseUrl: string | null): Promise<boolean> {
  try {
    return (await fetch(`${baseUrl}/openapi.json`)).status === 200;
  } catch {
    return false;
  }
}

async function refusal(update: unknown): Promise<AppError> {
  const error = await host.updateSettings(update as SettingsUpdate).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error, 'expected the update to be refused').toBeInstanceOf(AppError);
  return error as AppError;
}

const settingsFile = () => path.join(dataDir, 'settings.json');

beforeEach(async () => {
  dataDir = makeTempDir();
  moved = [];
  host = new AppHost({
    dataDir,
    overrides: { ports: { production: 0, staging: 0 } },
    onMoved: (status) => moved.push(status),
  });
  await host.start();
});

afterEach(async () => {
  await host.stop();
  await Promise.all(blockers.splice(0).map((blocker) => new Promise((resolve) => blocker.close(resolve))));
  removeTempDir(dataDir);
});

describe('AppHost.updateSettings refuses bad settings before touching the servers', () => {
  it.each([
    ['not a host!!', /host: must be an IPv4 or IPv6 address .* or localhost/],
    ['example.com', /host: must be an IPv4 or IPv6 address/],
    ['[::1]', /host: must be an IPv4 or IPv6 address/],
  ])('host %j', async (badHost, message) => {
    const before = host.status();
    const error = await refusal({ ...host.currentSettings(), host: badHost });
    expect(error.code).toBe('validation_failed');
    expect(error.message).toMatch(message);
    expect(host.status()).toEqual(before);
    expect(fs.existsSync(settingsFile())).toBe(false);
    for (const status of before) expect(await answers(status.baseUrl)).toBe(true);
  });

  it.each([
    [0, /ports\.production: must be from 1 to 65535/],
    [65_536, /ports\.production: must be from 1 to 65535/],
    [1.5, /ports\.production: must be a whole number from 1 to 65535/],
    [-5, /ports\.production: must be from 1 to 65535/],
  ])('production port %j', async (port, message) => {
    const current = host.currentSettings();
    const error = await refusal({ ...current, ports: { ...current.ports, production: port } });
    expect(error.code).toBe('validation_failed');
    expect(error.message).toMatch(message);
    expect(fs.existsSync(settingsFile())).toBe(false);
  });

  it('the same port for both environments', async () => {
    const current = host.currentSettings();
    const error = await refusal({
      ...current,
      ports: { production: current.ports.production, staging: current.ports.production },
    });
    expect(error.code).toBe('validation_failed');
    expect(error.message).toMatch(/ports\.staging: must differ from the production port/);
    expect(host.status().every((status) => status.running)).toBe(true);
  });

  it('a host beyond loopback without confirmExposure', async () => {
    const error = await refusal({ ...host.currentSettings(), host: '0.0.0.0' });
    expect(error.code).toBe('validation_failed');
    expect(error.message).toMatch(
      /confirmExposure: must be true to bind 0\.0\.0\.0: the pet API becomes reachable from other machines/,
    );
    expect(host.status().map((status) => status.host)).toEqual(['127.0.0.1', '127.0.0.1']);
  });
});

describe('AppHost.updateSettings when a server cannot start on its new address', () => {
  it('a port in use: nothing saved, both servers back where they were, and the reason', async () => {
    const before = host.status();
    const current = host.currentSettings();
    const taken = await takenPort();
    const error = await refusal({ ...current, ports: { ...current.ports, production: taken } });
    expect(error.code).toBe('conflict');
    expect(error.message).toBe(
      `The settings were not saved: the production server cannot listen on 127.0.0.1:${taken}: Port ${taken} on 127.0.0.1 is already in use. The previous addresses are in force again.`,
    );
    expect(fs.existsSync(settingsFile())).toBe(false);
    // Exactly the ports bound before, although they were picked by the OS (--port 0).
    expect(host.status()).toEqual(before);
    expect(host.currentSettings()).toEqual(current);
    for (const status of before) expect(await answers(status.baseUrl)).toBe(true);
    expect(moved).toEqual([]);
  });

  it('an address of no interface here (confirmed exposure): the same, with that reason', async () => {
    fs.writeFileSync(settingsFile(), `${JSON.stringify(host.currentSettings())}\n`);
    const saved = fs.readFileSync(settingsFile(), 'utf8');
    const before = host.status();
    const error = await refusal({ ...host.currentSettings(), host: '192.0.2.1', confirmExposure: true });
    expect(error.code).toBe('conflict');
    expect(error.message).toMatch(
      /^The settings were not saved: the production server cannot listen on 192\.0\.2\.1:\d+: 192\.0\.2\.1 is not an address of this computer\.; the staging server/,
    );
    expect(fs.readFileSync(settingsFile(), 'utf8')).toBe(saved);
    expect(host.status()).toEqual(before);
    for (const status of before) expect(await answers(status.baseUrl)).toBe(true);
  });
});

describe('AppHost.updateSettings that can be applied', () => {
  it('moves only the server whose address changed, saves the file and reports the move', async () => {
    const [production, staging] = host.status();
    const port = await freePort();
    const statuses = await host.updateSettings({
      host: '127.0.0.1',
      ports: { production: port, staging: staging!.port },
    });
    expect(statuses[0]).toMatchObject({
      environment: 'production',
      running: true,
      baseUrl: `http://127.0.0.1:${port}/v1`,
      problem: null,
    });
    expect(statuses[1]).toEqual(staging);
    expect(JSON.parse(fs.readFileSync(settingsFile(), 'utf8'))).toEqual({
      host: '127.0.0.1',
      ports: { production: port, staging: staging!.port },
    });
    expect(await answers(`http://127.0.0.1:${port}/v1`)).toBe(true);
    expect(await answers(production!.baseUrl)).toBe(false);
    expect(moved.map((status) => status.baseUrl)).toEqual([`http://127.0.0.1:${port}/v1`]);
  });

  it('swaps the two environments’ ports', async () => {
    const [production, staging] = host.status();
    const statuses = await host.updateSettings({
      host: '127.0.0.1',
      ports: { production: staging!.port, staging: production!.port },
    });
    expect(statuses.map((status) => status.port)).toEqual([staging!.port, production!.port]);
    expect(statuses.every((status) => status.running)).toBe(true);
  });
});

it('a port in use at start: the status says so and how to fix it in the window', async () => {
  await host.stop();
  const taken = await takenPort();
  host = new AppHost({ dataDir, overrides: { ports: { production: 0, staging: taken } } });
  const [production, staging] = await host.start();
  expect(production).toMatchObject({ running: true, problem: null, portInUse: false });
  expect(staging).toMatchObject({
    running: false,
    baseUrl: null,
    port: taken,
    portInUse: true,
    problem: `Port ${taken} on 127.0.0.1 is already in use. Choose another port on the Server page.`,
  });
});

describe('AppHost: the sites over HTTPS and the certificate issuer in the settings', () => {
  it('opens an HTTPS port for one environment only, restarting only it, and saves it', async () => {
    const [, staging] = host.status();
    const current = host.currentSettings();
    const httpsPort = await freePort();
    const statuses = await host.updateSettings({ ...current, httpsPorts: { production: httpsPort, staging: null } });
    expect(statuses.map((status) => status.httpsPort)).toEqual([httpsPort, null]);
    expect(statuses[1]).toEqual(staging);
    expect(host.currentSettings()).toEqual({ ...current, httpsPorts: { production: httpsPort, staging: null } });
    expect(JSON.parse(fs.readFileSync(settingsFile(), 'utf8'))).toMatchObject({
      httpsPorts: { production: httpsPort, staging: null },
    });
    await new Promise<void>((resolve, reject) => {
      const socket = net.connect(httpsPort, '127.0.0.1', () => socket.end(resolve));
      socket.on('error', reject);
    });
  });

  it('refuses an HTTPS port that another server uses, and ACME without the terms agreed or a valid address', async () => {
    const current = host.currentSettings();
    const clash = await refusal({ ...current, httpsPorts: { production: current.ports.staging, staging: null } });
    expect(clash.message).toMatch(/httpsPorts\.production: must differ from every other port/);
    const acme = await refusal({
      ...current,
      acme: { directoryUrl: 'ftp://ca.example/dir', email: 'nobody', termsAgreed: false },
    });
    expect(acme.message).toMatch(/acme\.directoryUrl: must be the CA’s ACME directory URL/);
    expect(acme.message).toMatch(/acme\.email: must be an email address/);
    expect(acme.message).toMatch(/acme\.termsAgreed: must be agreed/);
    expect(fs.existsSync(settingsFile())).toBe(false);
  });

  it('restarts both servers with the ACME issuer when it is set, and keeps it in the file', async () => {
    const current = host.currentSettings();
    const acme = {
      directoryUrl: 'https://acme-staging-v02.api.letsencrypt.org/directory',
      email: 'ops@shelter.test',
      termsAgreed: true as const,
    };
    await host.updateSettings({ ...current, acme });
    expect(host.engine('production').sites.certificates.issuerKind).toBe('acme');
    expect(host.engine('staging').sites.certificates.issuerKind).toBe('acme');
    expect(JSON.parse(fs.readFileSync(settingsFile(), 'utf8'))).toMatchObject({ acme });
    await host.updateSettings({ ...current, acme: null });
    expect(host.engine('production').sites.certificates.issuerKind).toBe('local');
  });
});
