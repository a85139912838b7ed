/**
 * The window's setting "This computer is the shelter's server": the host starts, moves
 * and stops the HTTPS listener as the setting changes, keeps settings files written before it, and
 * the listener refuses everything but the pages and the login while the data dir has no staff.
 */
import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminServingOf, teamListenerOf } from '../../src/main/admin/admin-serving';
import { AppHost } from '../../src/main/host/app-host';
import { ensureRendererBuilt } from '../../src/main/http/admin/renderer-build';
import { shelterServerCa } from '../../src/main/team/server-certificate';
import { SettingsSchema } from '../../src/shared/admin-schemas';
import { freePort } from '../helpers/free-port';
import { PROJECT_ROOT } from '../helpers/processes';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

let dataDir: string;
let host: AppHost;
const settingsFile = () => path.join(dataDir, 'settings.json');

async function startHost(): Promise<AppHost> {
  host = new AppHost({ dataDir, overrides: { ports: { production: 0, staging: 0 } } });
  // The team listener binds loopback here: these checks need no other desk.
  host.team.serve(teamListenerOf(adminServingOf(host, ensureRendererBuilt(PROJECT_ROOT))));
  await host.start();
  return host;
}

/** One HTTPS request to 127.0.0.1:port trusting only the data dir's CA. */
async function teamRequest(port: number, pathname: string, body?: unknown): Promise<{ status: number; body: string }> {
  const ca = await shelterServerCa(dataDir).certificatePem();
  const text = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = https.request(
      {
        host: '127.0.0.1',
        port,
        path: pathname,
        method: text ? 'POST' : 'GET',
        ca,
        agent: false,
        headers: text ? { 'content-type': 'application/json' } : {},
      },
      (response) => {
        let received = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (received += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: received }));
      },
    );
    request.on('error', reject);
    request.end(text);
  });
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

beforeEach(() => {
  dataDir = makeTempDir('team-settings');
});

afterEach(async () => {
  await host?.stop();
  removeTempDir(dataDir);
});

describe('the shelter server setting', () => {
  it('reads a settings file written before it (off), and starts, keeps and stops the listener as saved', async () => {
    fs.writeFileSync(
      settingsFile(),
      `${JSON.stringify({ host: '127.0.0.1', ports: { production: 4010, staging: 4011 } })}\n`,
    );
    await startHost();
    expect(host.status().every((status) => status.settingsDamaged === null)).toBe(true);
    expect(host.currentSettings()).not.toHaveProperty('teamServer');
    expect(await host.team.state()).toMatchObject({ serving: false, urls: [], port: null });

    const port = await freePort();
    await host.updateSettings({ ...host.currentSettings(), teamServer: { enabled: true, port } });
    expect(await listening(port)).toBe(true);
    expect(SettingsSchema.parse(JSON.parse(fs.readFileSync(settingsFile(), 'utf8'))).teamServer).toEqual({
      enabled: true,
      port,
    });
    expect(await host.team.state()).toMatchObject({ serving: true, port });

    // A save from a form that does not show the setting (the Server page's address form) leaves it on.
    const { teamServer: _kept, ...withoutTeam } = host.currentSettings();
    await host.updateSettings(withoutTeam);
    expect(await listening(port)).toBe(true);

    await host.updateSettings({ ...host.currentSettings(), teamServer: { enabled: false, port } });
    expect(await listening(port)).toBe(false);
    expect(host.currentSettings().teamServer).toEqual({ enabled: false, port });
  }, 120_000);

  it('with no staff yet, serves the pages and refuses every other call but the login', async () => {
    await startHost();
    const port = await freePort();
    await host.updateSettings({ ...host.currentSettings(), teamServer: { enabled: true, port } });
    expect((await teamRequest(port, '/admin/')).status).toBe(200);
    const call = await teamRequest(port, '/admin/api/servers.status', {});
    expect(call.status).toBe(409);
    expect(JSON.parse(call.body)).toMatchObject({
      code: 'conflict',
      status: 409,
      details: { reason: 'team_mode_off' },
    });
    const login = await teamRequest(port, '/admin/api/staff.login', {
      login: 'ana',
      password: 'a long shelter password',
    });
    // The login reaches the engine, which is not in team mode: the login page says so.
    expect(login.status).toBe(409);
    expect(JSON.parse(login.body)).toMatchObject({ code: 'conflict', details: { reason: 'team_mode_off' } });
    expect(JSON.parse((await teamRequest(port, '/admin/api/staff.me', {})).body)).toEqual({
      teamMode: false,
      me: null,
      caller: 'nobody',
      channels: ['staff.login', 'staff.me', 'staff.acceptInvite', 'team.server'],
      language: null,
      shelterLanguage: null,
    });
    const photo = await teamRequest(port, '/admin/photos/production/abc.jpg');
    expect(photo.status).toBe(409);
  }, 120_000);

  it('with team mode turned off at the desk, keeps serving its pages; a browser there is nobody, and its login is refused team_mode_off', async () => {
    await startHost();
    const { staff } = host.engine('production').services;
    await staff.add({ name: 'Ana Ruiz', login: 'ana', role: 'owner', password: 'a long shelter password' });
    const port = await freePort();
    await host.updateSettings({ ...host.currentSettings(), teamServer: { enabled: true, port } });
    expect(
      (await teamRequest(port, '/admin/api/staff.login', { login: 'ana', password: 'a long shelter password' })).status,
    ).toBe(200);
    staff.disableTeam();
    expect(await listening(port)).toBe(true);
    expect((await teamRequest(port, '/admin/')).status).toBe(200);
    expect(JSON.parse((await teamRequest(port, '/admin/api/staff.me', {})).body)).toMatchObject({
      teamMode: false,
      me: null,
      caller: 'nobody',
    });
    expect(
      JSON.parse(
        (await teamRequest(port, '/admin/api/staff.login', { login: 'ana', password: 'a long shelter password' })).body,
      ),
    ).toMatchObject({ code: 'conflict', details: { reason: 'team_mode_off' } });
    // Joining with an invitation made before is told the same, not to log in first.
    const { code } = staff.invite('Ben Okafor', 'volunteer');
    const joining = await teamRequest(port, '/admin/api/staff.acceptInvite', {
      code,
      login: 'ben',
      password: 'another long password',
    });
    expect(joining.status).toBe(409);
    expect(JSON.parse(joining.body)).toMatchObject({ code: 'conflict', details: { reason: 'team_mode_off' } });
    expect(JSON.parse((await teamRequest(port, '/admin/api/servers.status', {})).body)).toMatchObject({
      code: 'conflict',
      details: { reason: 'team_mode_off' },
    });
  }, 120_000);

  it('a taken port: the save is refused, nothing listens, and the file keeps the previous settings', async () => {
    await startHost();
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '0.0.0.0', resolve));
    const taken = (blocker.address() as net.AddressInfo).port;
    try {
      const before = host.currentSettings();
      await expect(
        host.updateSettings({ ...before, teamServer: { enabled: true, port: taken } }),
      ).rejects.toMatchObject({
        code: 'conflict',
        message: expect.stringContaining(
          `The settings were not saved: the shelter server did not start. Port ${taken} on 0.0.0.0 is already in use.`,
        ),
      });
      expect(host.currentSettings()).toEqual(before);
      expect(fs.existsSync(settingsFile())).toBe(false);
      expect((await host.team.state()).serving).toBe(false);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  }, 120_000);

  it('refuses a team port that another server of this desk uses', async () => {
    await startHost();
    const settings = host.currentSettings();
    await expect(
      host.updateSettings({ ...settings, teamServer: { enabled: true, port: settings.ports.production } }),
    ).rejects.toMatchObject({
      code: 'validation_failed',
      message: expect.stringContaining('teamServer.port: must differ from every other port'),
    });
  }, 60_000);
});
