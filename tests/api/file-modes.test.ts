import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppHost } from '../../src/main/host/app-host';
import { Engine } from '../../src/main/engine/engine';
import { saveWindowState } from '../../src/main/shell/window-state';
import { writePrivateFile } from '../../src/main/sites/certificates/private-files';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

// The loosest umask there is: every mode below is the app's own doing, not the environment's.
let umask: number;
beforeAll(() => {
  umask = process.umask(0);
});
afterAll(() => {
  process.umask(umask);
});

let parent: string;
let host: AppHost | undefined;

beforeEach(() => {
  parent = makeTempDir('adoption-desk-modes');
});

afterEach(async () => {
  await host?.stop();
  host = undefined;
  removeTempDir(parent);
});

const modeOf = (file: string) => (fs.statSync(file).mode & 0o777).toString(8);

/** Every file and folder in the data dir with its mode, e.g. { 'production.sqlite': '600' }. */
function modesIn(dir: string): Record<string, string> {
  return Object.fromEntries(
    fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((name) => [name, modeOf(path.join(dir, name))]),
  );
}

const notOwnerOnly = (dir: string) =>
  Object.entries(modesIn(dir)).filter(([, mode]) => mode !== '600' && mode !== '700');

/** Both servers running, the settings saved and the local CA made: every file the desk writes. */
async function runDesk(dataDir: string): Promise<void> {
  host = new AppHost({ dataDir, overrides: { ports: { production: 0, staging: 0 } } });
  await host.start();
  await host.updateSettings(host.currentSettings());
  await host.engine('production').sites.certificates.caCertificate();
}

describe('with umask 000', () => {
  it('a new data dir is 0700 and everything in it owner-only: databases, -wal/-shm, gates, locks, settings, keys', async () => {
    const dataDir = path.join(parent, 'new', 'desk');
    await runDesk(dataDir);
    writePrivateFile(path.join(dataDir, 'certificates', 'production', '1-0.key.pem'), 'key');
    saveWindowState(path.join(dataDir, 'window-state.json'), {
      x: 0,
      y: 0,
      width: 1200,
      height: 800,
      maximized: false,
    });

    expect(modeOf(dataDir)).toBe('700');
    const modes = modesIn(dataDir);
    for (const environment of ['production', 'staging']) {
      for (const suffix of ['.sqlite', '.sqlite-wal', '.sqlite-shm', '.sqlite.opening', '.lock', '.lock.json']) {
        expect(modes[`${environment}${suffix}`], `${environment}${suffix}`).toBe('600');
      }
    }
    expect(modes).toMatchObject({
      'settings.json': '600',
      'window-state.json': '600',
      certificates: '700',
      [path.join('certificates', 'local-ca.pem')]: '600',
      [path.join('certificates', 'production', '1-0.key.pem')]: '600',
    });
    expect(notOwnerOnly(dataDir)).toEqual([]);
  });

  it('a data dir an older version left open (0755, databases 0644, a crash’s -wal/-shm) is tightened at start', async () => {
    const dataDir = path.join(parent, 'old');
    fs.mkdirSync(dataDir, { mode: 0o755 });
    const file = path.join(dataDir, 'production.sqlite');
    const old = new Database(file);
    old.pragma('journal_mode = WAL');
    old.exec('CREATE TABLE leftover (id INTEGER)');
    // Its -wal and -shm as a crash leaves them (a clean close deletes them).
    for (const suffix of ['-wal', '-shm']) fs.copyFileSync(`${file}${suffix}`, `${file}${suffix}.copy`);
    old.close();
    for (const suffix of ['-wal', '-shm']) fs.renameSync(`${file}${suffix}.copy`, `${file}${suffix}`);
    for (const name of ['production.sqlite.opening', 'production.lock'])
      fs.closeSync(fs.openSync(path.join(dataDir, name), 'a'));
    const left = [
      'production.sqlite',
      'production.sqlite-wal',
      'production.sqlite-shm',
      'production.sqlite.opening',
      'production.lock',
    ];
    for (const name of left) fs.chmodSync(path.join(dataDir, name), 0o644);

    await runDesk(dataDir);
    expect(modeOf(dataDir)).toBe('700');
    expect(modesIn(dataDir)).toMatchObject(Object.fromEntries(left.map((name) => [name, '600'])));
    expect(notOwnerOnly(dataDir)).toEqual([]);
  });

  it('the CLI opening a data dir tightens it too', () => {
    const dataDir = path.join(parent, 'cli');
    fs.mkdirSync(dataDir, { mode: 0o755 });
    fs.closeSync(fs.openSync(path.join(dataDir, 'staging.sqlite'), 'a', 0o644));
    new Engine({ dataDir, environment: 'staging' }).close();
    expect(modeOf(dataDir)).toBe('700');
    expect(modeOf(path.join(dataDir, 'staging.sqlite'))).toBe('600');
  });

  it('a shared folder (sticky, like /tmp) given as the data dir keeps its mode; the databases are still owner-only', () => {
    const shared = path.join(parent, 'shared');
    fs.mkdirSync(shared);
    fs.chmodSync(shared, 0o1777);
    new Engine({ dataDir: shared, environment: 'staging' }).close();
    expect((fs.statSync(shared).mode & 0o7777).toString(8)).toBe('1777');
    expect(modeOf(path.join(shared, 'staging.sqlite'))).toBe('600');
  });
});
