/**
 * A data dir filled through the admin (services and the CLI, run in this process) and read through the
 * public API, backed up by the CLI while a real server process runs, destroyed, restored, served
 * again: every record and photo is there. A damaged backup is told by verify, a restore is refused
 * while the server runs or over a data dir with content, and --keep prunes the oldest.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackup, listBackups } from '../../src/main/backup/create';
import { restoreBackup } from '../../src/main/backup/restore';
import { verifyBackup } from '../../src/main/backup/verify';
import { Engine } from '../../src/main/engine/engine';
import { detailsOf } from '../../src/shared/errors';
import { phoneJpeg } from '../helpers/photos';
import { runCliArgsInProcess, runCliInProcess } from '../helpers/cli-in-process';
import { killServer, spawnServer, type ServerProcess } from '../helpers/processes';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

let root: string;
let dataDir: string;
let backups: string;
let key: string;
let server: ServerProcess | undefined;
let petId: number;

async function cli(...args: string[]): Promise<string> {
  const result = await runCliInProcess(dataDir, args);
  expect(result.code, result.stderr).toBe(0);
  return result.stdout;
}

/** What staff and the public see: the CLI's lists, the public API's pets, and each photo file's bytes. */
async function everything(baseUrl: string): Promise<Record<string, unknown>> {
  const json = async (...args: string[]) => JSON.parse(await cli('--json', ...args)) as unknown;
  const photosDir = path.join(dataDir, 'photos', 'production');
  const photos = Object.fromEntries(
    fs
      .readdirSync(photosDir, { recursive: true, encoding: 'utf8' })
      .filter((name) => fs.statSync(path.join(photosDir, name)).isFile())
      .map((name) => [
        name,
        createHash('sha256')
          .update(fs.readFileSync(path.join(photosDir, name)))
          .digest('hex'),
      ]),
  );
  const response = await fetch(`${baseUrl}/pets`, { headers: { authorization: `Bearer ${key}` } });
  expect(response.status).toBe(200);
  return {
    pets: await json('pets', 'list'),
    staging: await json('--env', 'staging', 'pets', 'list'),
    people: await json('people', 'list'),
    movements: await json('movements', 'list'),
    care: await json('care', 'list', String(petId)),
    photoList: await json('pets', 'photos', 'list', String(petId)),
    shelter: await json('shelter', 'show'),
    api: await response.json(),
    photos,
  };
}

beforeAll(async () => {
  root = makeTempDir('backup-restore');
  dataDir = path.join(root, 'data');
  backups = path.join(root, 'backups');
  const engine = new Engine({ dataDir, environment: 'production' });
  try {
    const { services } = engine;
    key = services.keys.create({
      accountId: services.accounts.create({ name: 'Happy Paws', planId: 'enterprise', perMinute: 1000, perDay: 10_000 })
        .id,
    }).key;
    const finder = services.people.add({ name: 'Finder Ferdinand Zwick', email: 'ferdinand@zwick.example' }).person;
    const adopter = services.people.add({ name: 'Wilhelmina Quaxley', phones: ['+44 7700 900123'] }).person;
    petId = services.movements.intake(
      { pet: { name: 'Biscuit', categoryId: 1 }, type: 'stray', personId: finder.id },
      'cli',
    ).petId;
    const miso = services.movements.intake(
      { pet: { name: 'Miso', categoryId: 2 }, type: 'owner_surrender', personId: adopter.id },
      'cli',
    ).petId;
    services.movements.adopt({ petId: miso, personId: adopter.id, fee: 80, feeMethod: 'card' }, 'cli');
    services.care.give(
      { doses: [{ petId, vaccine: 'DHPP', batch: 'QX-BATCH-93417' }], givenBy: 'Kennelhand Oswin' },
      'cli',
    );
    services.care.addTreatment({ petId, kind: 'deworming', product: 'ZUPRAMECTIN' }, 'cli');
    await services.photos.add(petId, [{ name: 'biscuit.jpg', bytes: await phoneJpeg() }]);
    await services.shelter.setLogo(await phoneJpeg());
  } finally {
    engine.close();
  }
  const staging = new Engine({ dataDir, environment: 'staging' });
  try {
    staging.services.pets.create({ name: 'Rehearsal Rex', categoryId: 1, status: 'available' });
  } finally {
    staging.close();
  }
}, 60_000);

afterAll(async () => {
  await killServer(server);
  removeTempDir(root);
});

describe('a backup made while the server runs restores every record and photo', () => {
  let backup: string;
  let before: Record<string, unknown>;

  it('backs up while the server runs, and a restore is refused until it stops', async () => {
    server = await spawnServer(dataDir);
    // One more through the CLI while the server serves: the backup must hold it too.
    await cli('intake', '--type', 'stray', '--name', 'Pepper', '--category', '1');
    before = await everything(server.baseUrl);
    const created = JSON.parse(await cli('--json', 'backup', 'create', '--to', backups)) as {
      path: string;
      files: number;
    };
    backup = created.path;
    expect(fs.statSync(backup).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(backup, 'production.sqlite')).mode & 0o777).toBe(0o600);
    const names = JSON.parse(fs.readFileSync(path.join(backup, 'manifest.json'), 'utf8')).files.map(
      (file: { path: string }) => file.path,
    );
    expect(names).toEqual(expect.arrayContaining(['production.sqlite', 'staging.sqlite']));
    expect(names.some((name: string) => name.startsWith('photos/production/'))).toBe(true);
    expect((await cli('backup', 'verify', backup)).trim()).toBe(`OK: ${backup}`);

    const refused = await runCliInProcess(dataDir, ['backup', 'restore', backup, '--force']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('stop the server of --env production first');
  }, 180_000);

  it('restores into the destroyed data dir, and the server serves the same', async () => {
    server!.child.kill('SIGTERM');
    await server!.exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
    await cli('backup', 'restore', backup, '--trust-unknown');
    server = await spawnServer(dataDir);
    expect(await everything(server.baseUrl)).toEqual(before);
    expect((before.pets as unknown[]).length).toBe(3);
  }, 180_000);
});

describe('verify, refusals and keep-N', () => {
  it('tells a file changed since the backup, and a database that fails its integrity check', async () => {
    const copy = path.join(root, 'damaged');
    const [latest] = listBackups(backups).slice(-1);
    fs.cpSync(latest!.path, copy, { recursive: true });
    const photo = JSON.parse(fs.readFileSync(path.join(copy, 'manifest.json'), 'utf8')).files.find(
      (file: { path: string }) => file.path.startsWith('photos/'),
    ).path as string;
    fs.appendFileSync(path.join(copy, photo), 'x');
    const result = await runCliArgsInProcess(['backup', 'verify', copy]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('hash_mismatch');
    expect(() => restoreBackup(copy, path.join(root, 'never'))).toThrow(/damaged/);
    expect(fs.existsSync(path.join(root, 'never'))).toBe(false);

    // A database overwritten in its middle, its manifest hash brought in line: only integrity_check sees it.
    const database = path.join(copy, 'production.sqlite');
    const pageSize = new Database(database, { readonly: true }).pragma('page_size', { simple: true }) as number;
    const bytes = fs.readFileSync(database);
    bytes.fill(0x5a, pageSize * 2, pageSize * 3);
    fs.writeFileSync(database, bytes);
    const manifest = JSON.parse(fs.readFileSync(path.join(copy, 'manifest.json'), 'utf8'));
    for (const file of manifest.files)
      if (file.path === 'production.sqlite') file.sha256 = createHash('sha256').update(bytes).digest('hex');
    fs.writeFileSync(path.join(copy, 'manifest.json'), JSON.stringify(manifest));
    expect(verifyBackup(copy).problems).toContainEqual({
      path: 'production.sqlite',
      problem: 'integrity_check_failed',
    });
  }, 60_000);

  it('refuses a data dir with content unless forced, and keeps only the last N', async () => {
    await killServer(server);
    const [latest] = listBackups(backups).slice(-1);
    const occupied = path.join(root, 'occupied');
    fs.mkdirSync(occupied);
    fs.writeFileSync(path.join(occupied, 'notes.txt'), 'mine');
    let refusal: unknown;
    try {
      restoreBackup(latest!.path, occupied);
    } catch (error) {
      refusal = error;
    }
    expect(detailsOf(refusal, 'conflict')).toEqual({ reason: 'backup_target_not_empty', dataDir: occupied });
    expect(restoreBackup(latest!.path, occupied, { force: true, trustUnknown: true }).replaced).toBe(true);
    expect(fs.existsSync(path.join(occupied, 'notes.txt'))).toBe(false);
    expect(fs.readdirSync(root).filter((name) => name.includes('restoring'))).toEqual([]);

    const kept = path.join(root, 'kept');
    const names: string[] = [];
    for (let day = 1; day <= 4; day++)
      names.push((await createBackup(dataDir, kept, { keep: 2, now: Date.UTC(2026, 10, day, 2) })).name);
    expect(listBackups(kept).map((backup) => backup.name)).toEqual(names.slice(2));
  }, 60_000);
});
