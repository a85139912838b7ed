/**
 * What a backup proves: its manifest is signed with a key that lives in the data dir that made it
 * (0600, never in the backup). A backup whose database had an owner planted and whose manifest was
 * hashed again is refused by verify and restore when the key is known; one this data dir's key did
 * not sign (a new disk, another installation's, an older version's) is restored only with
 * --trust-unknown; a restore keeps the target's key, so its backups stay known.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_KEY_FILE } from '../../src/main/backup/authenticity';
import { createBackup } from '../../src/main/backup/create';
import { restoreBackup } from '../../src/main/backup/restore';
import { verifyBackup } from '../../src/main/backup/verify';
import { Engine } from '../../src/main/engine/engine';
import { detailsOf } from '../../src/shared/errors';
import { runCliInProcess } from '../helpers/cli-in-process';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { thrownBy } from '../helpers/thrown';

let root: string;
let dataDir: string;
let backup: string;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const logins = (dir: string) =>
  new Database(path.join(dir, 'production.sqlite'), { readonly: true })
    .prepare('SELECT login FROM staff_members ORDER BY login')
    .pluck()
    .all();

/** A copy of the backup with an owner planted in its database and the manifest's hash brought in line, as an attacker with the backups folder would. */
function plantedOwner(): string {
  const copy = path.join(root, 'planted');
  fs.cpSync(backup, copy, { recursive: true });
  const database = path.join(copy, 'production.sqlite');
  const sqlite = new Database(database);
  sqlite
    .prepare(
      "INSERT INTO staff_members (name, login, role, active, password_hash, created_at, password_changed_at) SELECT 'Mallory', 'mallory', 'owner', 1, password_hash, created_at, password_changed_at FROM staff_members WHERE login = 'ana'",
    )
    .run();
  sqlite.close();
  const manifestFile = path.join(copy, 'manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as {
    files: { path: string; bytes: number; sha256: string }[];
  };
  const bytes = fs.readFileSync(database);
  for (const file of manifest.files)
    if (file.path === 'production.sqlite') Object.assign(file, { bytes: bytes.length, sha256: sha256(bytes) });
  fs.writeFileSync(manifestFile, JSON.stringify(manifest, null, 2));
  return copy;
}

beforeAll(async () => {
  root = makeTempDir('backup-authenticity');
  dataDir = path.join(root, 'data');
  const engine = new Engine({ dataDir, environment: 'production' });
  try {
    await engine.services.staff.add({
      name: 'Ana Ruiz',
      login: 'ana',
      role: 'owner',
      password: 'correct horse battery',
    });
  } finally {
    engine.close();
  }
  backup = (await createBackup(dataDir, path.join(root, 'backups'))).path;
}, 60_000);

afterAll(() => removeTempDir(root));

describe('a backup signed with the data dir’s key', () => {
  it('is signed with a 0600 key made in the data dir, which the backup does not hold', () => {
    expect(fs.statSync(path.join(dataDir, BACKUP_KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(fs.existsSync(path.join(backup, BACKUP_KEY_FILE))).toBe(false);
    const key = fs.readFileSync(path.join(dataDir, BACKUP_KEY_FILE), 'utf8').trim();
    for (const name of fs.readdirSync(backup, { recursive: true, encoding: 'utf8' })) {
      const file = path.join(backup, name);
      if (fs.statSync(file).isFile()) expect(fs.readFileSync(file).includes(Buffer.from(key, 'hex')), name).toBe(false);
    }
    expect(verifyBackup(backup, { dataDir })).toMatchObject({ authenticity: 'authentic', problems: [] });
  });

  it('tells an owner planted and the manifest hashed again, and restores nothing from it', async () => {
    const copy = plantedOwner();
    expect(verifyBackup(copy, { dataDir }).problems).toEqual([
      { path: 'manifest.json', problem: 'signature_mismatch' },
    ]);
    const verified = await runCliInProcess(dataDir, ['backup', 'verify', copy, '--trust-unknown']);
    expect(verified.code).toBe(1);
    expect(verified.stdout).toContain('signature_mismatch');
    expect(verified.stderr).toContain('changed since this data dir signed it');

    // Over the data dir that made it (stopped, replaced with --force): refused even when trusting the unknown.
    const error = thrownBy(() => restoreBackup(copy, dataDir, { force: true, trustUnknown: true }));
    expect(detailsOf(error, 'conflict')).toMatchObject({
      reason: 'backup_damaged',
      problems: [{ path: 'manifest.json', problem: 'signature_mismatch' }],
    });
    expect(logins(dataDir)).toEqual(['ana']);
  });

  it('restores a backup of its own key over the data dir without asking, keeping the key', async () => {
    const key = fs.readFileSync(path.join(dataDir, BACKUP_KEY_FILE));
    const restored = await runCliInProcess(dataDir, ['--json', 'backup', 'restore', backup, '--force']);
    expect(restored.code, restored.stderr).toBe(0);
    expect(JSON.parse(restored.stdout)).toMatchObject({ authenticity: 'authentic', replaced: true });
    expect(fs.readFileSync(path.join(dataDir, BACKUP_KEY_FILE))).toEqual(key);
    expect(verifyBackup(backup, { dataDir }).authenticity).toBe('authentic');
  });
});

describe('a backup no key of this data dir signed', () => {
  it('on a new disk: verify and restore say so and refuse, unless --trust-unknown', async () => {
    const fresh = path.join(root, 'new-disk');
    const verified = await runCliInProcess(fresh, ['backup', 'verify', backup]);
    expect(verified.code).toBe(1);
    expect(verified.stderr).toMatch(
      /^Error: The backup .* was not signed with this data dir’s backup key .*--trust-unknown/,
    );
    const refused = await runCliInProcess(fresh, ['--json', 'backup', 'restore', backup]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('--trust-unknown');
    expect(fs.existsSync(fresh)).toBe(false);

    expect((await runCliInProcess(fresh, ['backup', 'verify', backup, '--trust-unknown'])).stdout).toContain(
      'trusted with --trust-unknown',
    );
    const trusted = await runCliInProcess(fresh, ['--json', 'backup', 'restore', backup, '--trust-unknown']);
    expect(trusted.code, trusted.stderr).toBe(0);
    expect(JSON.parse(trusted.stdout)).toMatchObject({ authenticity: 'unknown_key' });
    expect(logins(fresh)).toEqual(['ana']);
    // The new disk has no key until its first backup makes one: the old backup stays unknown there.
    expect(fs.existsSync(path.join(fresh, BACKUP_KEY_FILE))).toBe(false);
  });

  it('is known on a new disk given a copy of the old key first', async () => {
    const fresh = path.join(root, 'new-disk-with-key');
    fs.mkdirSync(fresh, { mode: 0o700 });
    fs.copyFileSync(path.join(dataDir, BACKUP_KEY_FILE), path.join(fresh, BACKUP_KEY_FILE));
    const restored = await runCliInProcess(fresh, ['--json', 'backup', 'restore', backup]);
    expect(restored.code, restored.stderr).toBe(0);
    expect(JSON.parse(restored.stdout)).toMatchObject({ authenticity: 'authentic', replaced: false });
  });

  it('refuses another installation’s backup with the planted owner unless trusted, and an unsigned one', () => {
    const other = path.join(root, 'other-install');
    new Engine({ dataDir: other, environment: 'production' }).close();
    fs.writeFileSync(path.join(other, BACKUP_KEY_FILE), `${'ab'.repeat(32)}\n`, { mode: 0o600 });
    const copy = plantedOwner();
    expect(verifyBackup(copy, { dataDir: other })).toMatchObject({ authenticity: 'unknown_key', problems: [] });
    expect(
      detailsOf(
        thrownBy(() => restoreBackup(copy, other, { force: true })),
        'conflict',
      ),
    ).toMatchObject({ reason: 'backup_unknown_key', authenticity: 'unknown_key' });

    const unsigned = path.join(root, 'unsigned');
    fs.cpSync(backup, unsigned, { recursive: true });
    fs.rmSync(path.join(unsigned, 'signature.json'));
    expect(
      detailsOf(
        thrownBy(() => restoreBackup(unsigned, dataDir, { force: true })),
        'conflict',
      ),
    ).toMatchObject({ reason: 'backup_unknown_key', authenticity: 'unsigned' });
  });
});
