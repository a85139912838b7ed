/**
 * A backup is consistent with its photos while staff work: a photo added after the data dir was
 * looked at, and one removed after the databases' snapshot, both in the windows createBackup opens
 * to tests (`between`). The restored database names only photos the backup holds, byte for byte as
 * they were; verify tells a backup whose database names a photo file it lacks.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackup } from '../../src/main/backup/create';
import { restoreBackup } from '../../src/main/backup/restore';
import { verifyBackup } from '../../src/main/backup/verify';
import { Engine } from '../../src/main/engine/engine';
import { photoFileName, PHOTO_SIZES } from '../../src/shared/photos';
import { plainWebp } from '../helpers/photos';
import { runCliArgsInProcess, runCliInProcess } from '../helpers/cli-in-process';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

let root: string;
let dataDir: string;
let engine: Engine;
let petId: number;
/** Every photo file ever stored in the test, by its path inside the data dir, with the SHA-256 of its bytes. */
const stored = new Map<string, string>();

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const photoPath = (hash: string, size: (typeof PHOTO_SIZES)[number]) =>
  `photos/production/${hash.slice(0, 2)}/${photoFileName(hash, size)}`;

async function addPhoto(colour: string): Promise<{ id: number; hash: string }> {
  const [photo] = await engine.services.photos.add(petId, [
    { name: `${colour}.webp`, bytes: await plainWebp(640, 480, colour) },
  ]);
  for (const size of PHOTO_SIZES)
    stored.set(photoPath(photo!.hash, size), sha256(fs.readFileSync(path.join(dataDir, photoPath(photo!.hash, size)))));
  return { id: photo!.id, hash: photo!.hash };
}

/** The photo hashes a data dir's (or a backup's) production database names. */
function namedHashes(folder: string): string[] {
  const sqlite = new Database(path.join(folder, 'production.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return (sqlite.prepare('SELECT DISTINCT hash FROM pet_photos ORDER BY hash').pluck().all() as string[]).sort();
  } finally {
    sqlite.close();
  }
}

beforeAll(() => {
  root = makeTempDir('backup-photos');
  dataDir = path.join(root, 'data');
  engine = new Engine({ dataDir, environment: 'production' });
  petId = engine.services.pets.create({ name: 'Biscuit', categoryId: 1, status: 'available' }).id;
});

afterAll(() => {
  engine.close();
  removeTempDir(root);
});

describe('a backup taken while staff add and remove photos', () => {
  it('holds every photo its database names, even one added after the listing and one removed before the copy', async () => {
    const kept = await addPhoto('#884400');
    const removed = await addPhoto('#004488');
    let added = { id: 0, hash: '' };
    let late = { id: 0, hash: '' };
    const steps: string[] = [];
    const created = await createBackup(dataDir, path.join(root, 'backups'), {
      between: async (step) => {
        steps.push(step);
        // After the data dir was looked at, before the snapshot: the snapshot names this one.
        if (step === 'looked') added = await addPhoto('#448800');
        if (step === 'snapshot') {
          // After the snapshot, by the CLI's own engine: its files go from the data dir, yet the backed-up database still names them.
          const cli = await runCliInProcess(dataDir, ['pets', 'photos', 'remove', String(petId), String(removed.id)]);
          expect(cli.code, cli.stderr).toBe(0);
          expect(fs.existsSync(path.join(dataDir, photoPath(removed.hash, 'full')))).toBe(false);
          late = await addPhoto('#880044');
        }
      },
    });
    const backup = created.path;
    expect(steps).toEqual(['looked', 'snapshot']);
    expect(namedHashes(backup)).toEqual([kept.hash, removed.hash, added.hash].sort());
    expect(verifyBackup(backup).problems).toEqual([]);

    const restored = path.join(root, 'restored');
    restoreBackup(backup, restored, { trustUnknown: true });
    const hashes = namedHashes(restored);
    expect(hashes).toEqual([kept.hash, removed.hash, added.hash].sort());
    for (const hash of hashes) {
      for (const size of PHOTO_SIZES) {
        const bytes = fs.readFileSync(path.join(restored, photoPath(hash, size)));
        expect(sha256(bytes)).toBe(stored.get(photoPath(hash, size)));
        if (size === 'full') expect(sha256(bytes)).toBe(hash);
      }
    }
    // The photo added after the snapshot is not in the backup: no database in it names it.
    expect(fs.existsSync(path.join(restored, photoPath(late.hash, 'full')))).toBe(false);
    // Nothing of the backup's own is left in the data dir.
    expect(fs.readdirSync(dataDir).filter((name) => name.startsWith('.backup'))).toEqual([]);
  }, 60_000);

  it('waits for another writer to let go without holding up the event loop it runs in (a server backing itself up)', async () => {
    const writer = new Database(path.join(dataDir, 'production.sqlite'), { fileMustExist: true });
    let turns = 0;
    const ticker = setInterval(() => (turns += 1), 5);
    let released = 0;
    try {
      const created = await createBackup(dataDir, path.join(root, 'backups-locked'), {
        between: (step) => {
          if (step !== 'looked') return;
          // Another connection writes for 300 ms; only this event loop can let it go.
          writer.exec('BEGIN IMMEDIATE');
          setTimeout(() => {
            writer.exec('COMMIT');
            released = turns;
          }, 300);
        },
      });
      expect(released).toBeGreaterThan(10);
      expect(verifyBackup(created.path).problems).toEqual([]);
    } finally {
      clearInterval(ticker);
      if (writer.inTransaction) writer.exec('ROLLBACK');
      writer.close();
    }
  }, 60_000);

  it('verify tells a backup whose database names a photo file it lacks', async () => {
    const copy = (await createBackup(dataDir, path.join(root, 'lacking'))).path;
    const [hash] = namedHashes(copy);
    const lost = photoPath(hash!, 'thumb');
    // Gone from the folder and the manifest alike: the manifest's own check sees nothing wrong.
    fs.rmSync(path.join(copy, lost));
    const manifest = JSON.parse(fs.readFileSync(path.join(copy, 'manifest.json'), 'utf8')) as {
      files: { path: string }[];
    };
    manifest.files = manifest.files.filter((file) => file.path !== lost);
    fs.writeFileSync(path.join(copy, 'manifest.json'), JSON.stringify(manifest));

    expect(verifyBackup(copy).problems).toEqual([
      { path: lost, problem: 'photo_missing', database: 'production.sqlite', hash },
    ]);
    const result = await runCliArgsInProcess(['backup', 'verify', copy]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(lost);
    expect(result.stderr).toContain('production.sqlite names 1 photo file the backup lacks');
  }, 60_000);

  it('removes what a killed backup left in the data dir, not what a running one holds', async () => {
    const killed = path.join(dataDir, '.backup-photos-killed');
    const running = path.join(dataDir, '.backup-photos-running');
    for (const folder of [killed, running]) fs.mkdirSync(path.join(folder, 'photos'), { recursive: true });
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    fs.utimesSync(killed, twoDaysAgo, twoDaysAgo);
    await createBackup(dataDir, path.join(root, 'backups'));
    expect(fs.readdirSync(dataDir).filter((name) => name.startsWith('.backup'))).toEqual(['.backup-photos-running']);
  }, 60_000);

  it('says when the data dir itself lacks a photo its database names, and restores the records without it', async () => {
    const [hash] = namedHashes(dataDir);
    const lost = photoPath(hash!, 'full');
    fs.rmSync(path.join(dataDir, lost));
    const cli = await runCliInProcess(dataDir, ['--json', 'backup', 'create', '--to', path.join(root, 'lost')]);
    expect(cli.code, cli.stderr).toBe(0);
    const created = JSON.parse(cli.stdout) as { path: string; lacking: string[] };
    expect(created.lacking).toEqual([lost]);
    expect(verifyBackup(created.path).problems).toEqual([
      { path: lost, problem: 'photo_missing', database: 'production.sqlite', hash },
    ]);
    const restored = path.join(root, 'restored-without');
    restoreBackup(created.path, restored, { trustUnknown: true });
    expect(namedHashes(restored)).toEqual(namedHashes(dataDir));
    expect(fs.existsSync(path.join(restored, photoPath(hash!, 'thumb')))).toBe(true);
  }, 60_000);
});
