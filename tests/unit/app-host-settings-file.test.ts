import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SettingsSchema } from '../../src/shared/admin-schemas';
import { AppHost, type AppHostOptions } from '../../src/main/host/app-host';
import { freePort } from '../helpers/free-port';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { SILENT_LOG } from '../../src/main/log';

const STARTED_AT = Date.parse('2026-11-05T10:15:30.123Z');
const clock = { now: () => STARTED_AT };
const KEPT_AS = 'settings.json.broken-2026-11-05T101530.123Z';

let dataDir: string;
let hosts: AppHost[];
let logged: { details: object; message: string }[];

const settingsFile = () => path.join(dataDir, 'settings.json');

async function startHost(options: Partial<AppHostOptions> = {}): Promise<AppHost> {
  const host = new AppHost({
    dataDir,
    clock,
    log: { ...SILENT_LOG, error: (details, message) => logged.push({ details, message }) },
    overrides: { ports: { production: 0, staging: 0 } },
    ...options,
  });
  hosts.push(host);
  await host.start();
  return host;
}

beforeEach(() => {
  dataDir = makeTempDir();
  hosts = [];
  logged = [];
});

afterEach(async () => {
  for (const host of hosts) await host.stop();
  removeTempDir(dataDir);
});

describe('a damaged settings file', () => {
  it('not JSON: kept aside, the defaults in force, the log and the status say so; saving writes a good file', async () => {
    const damaged =
      '{\n  "host": "127.0.0.1",\n  "ports": { "production": 4010, "staging": 4011 },\n  "httpsPorts": { "produ';
    fs.writeFileSync(settingsFile(), damaged);
    const host = await startHost();

    const keptAs = path.join(dataDir, KEPT_AS);
    expect(fs.readFileSync(keptAs, 'utf8')).toBe(damaged);
    expect(fs.existsSync(settingsFile())).toBe(false);
    const statuses = host.status();
    for (const status of statuses) {
      expect(status.running).toBe(true);
      expect(status.settingsDamaged).toEqual({ keptAs, reason: expect.stringMatching(/^it is not valid JSON: /) });
    }
    expect(host.currentSettings()).not.toHaveProperty('httpsPorts');
    expect(logged).toHaveLength(1);
    expect(logged[0]!.message).toMatch(
      /^The settings file is damaged \(it is not valid JSON: .*\); kept aside as .*broken-2026-11-05T101530\.123Z; the default settings are in use/,
    );
    expect(logged[0]!.details).toMatchObject({ file: settingsFile(), keptAs });

    const saved = await host.updateSettings(host.currentSettings());
    expect(saved.map((status) => status.settingsDamaged)).toEqual([null, null]);
    expect(host.status().map((status) => status.settingsDamaged)).toEqual([null, null]);
    expect(SettingsSchema.parse(JSON.parse(fs.readFileSync(settingsFile(), 'utf8')))).toEqual(host.currentSettings());
    expect(fs.readFileSync(keptAs, 'utf8')).toBe(damaged);
  });

  it('breaking the rules (one port for both): kept aside too, never over an earlier damaged copy', async () => {
    const sharedPort = JSON.stringify({ host: '127.0.0.1', ports: { production: 4010, staging: 4010 } });
    fs.writeFileSync(settingsFile(), sharedPort);
    const first = await startHost();
    expect(first.status()[0]!.settingsDamaged).toEqual({
      keptAs: path.join(dataDir, KEPT_AS),
      reason: 'ports.staging: must differ from the production port: each environment needs its own',
    });
    await first.stop();

    // Damaged again, and found at the same instant: a second copy beside the first.
    fs.writeFileSync(settingsFile(), '');
    const second = await startHost();
    expect(second.status()[0]!.settingsDamaged?.keptAs).toBe(path.join(dataDir, `${KEPT_AS}-1`));
    expect(fs.readFileSync(path.join(dataDir, KEPT_AS), 'utf8')).toBe(sharedPort);
    expect(fs.readFileSync(path.join(dataDir, `${KEPT_AS}-1`), 'utf8')).toBe('');
  });

  it('a missing file is no damage: the defaults, nothing reported', async () => {
    const host = await startHost();
    expect(host.status().map((status) => status.settingsDamaged)).toEqual([null, null]);
    expect(logged).toEqual([]);
  });
});

describe('saving the settings', () => {
  it('replaces the file in one step: a reader of the previous file still reads it whole', async () => {
    const host = await startHost();
    await host.updateSettings(host.currentSettings());
    const previous = fs.readFileSync(settingsFile(), 'utf8');
    const reader = fs.openSync(settingsFile(), 'r');
    try {
      const current = host.currentSettings();
      const port = await freePort();
      await host.updateSettings({ ...current, ports: { ...current.ports, production: port } });
      expect(fs.readFileSync(reader, 'utf8')).toBe(previous);
      expect(JSON.parse(fs.readFileSync(settingsFile(), 'utf8'))).toMatchObject({ ports: { production: port } });
      expect(fs.readdirSync(dataDir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    } finally {
      fs.closeSync(reader);
    }
  });

  it('a save cut off before its rename (its temp file left behind) changes nothing: the previous settings are in force', async () => {
    const ports = { production: await freePort(), staging: await freePort() };
    fs.writeFileSync(settingsFile(), `${JSON.stringify({ host: '127.0.0.1', ports }, null, 2)}\n`);
    fs.writeFileSync(`${settingsFile()}.0123456789ab.tmp`, '{\n  "host": "127.0.0.1",\n  "ports": {');
    const host = await startHost({ overrides: undefined });
    expect(host.status().map((status) => [status.port, status.running, status.settingsDamaged])).toEqual([
      [ports.production, true, null],
      [ports.staging, true, null],
    ]);
    expect(logged).toEqual([]);
  });
});
