import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createFileAtomically } from '../files/atomic-write';

/**
 * The data dir's backup key: 32 random bytes (hex), 0600, made at its first backup. It never goes
 * into a backup: a backup whose manifest it signs was made by a data dir holding it, and nobody
 * who can only write to the backups folder can sign one.
 */
export const BACKUP_KEY_FILE = 'backup.key';
/** Beside manifest.json in a backup: which key signed it, and the HMAC-SHA256 of the manifest's bytes. */
export const SIGNATURE_FILE = 'signature.json';

/**
 * What a backup's signature says about it, judged with a data dir's key: made with this key
 * (`authentic`), signed with another key or judged without one (`unknown_key`), not signed at all
 * (`unsigned`: made by a version before signatures), or changed since this key signed it (`tampered`).
 */
export type Authenticity = 'authentic' | 'unknown_key' | 'unsigned' | 'tampered';

interface Signature {
  keyId: string;
  hmac: string;
}

/** The key's public name: a hash of it, so a backup says which key signed it without giving it away. */
function keyIdOf(key: Buffer): string {
  return createHash('sha256').update('adoption-desk backup key\0').update(key).digest('hex').slice(0, 32);
}

function hmacOf(key: Buffer, manifest: Buffer): string {
  return createHmac('sha256', key).update(manifest).digest('hex');
}

/** The data dir's key, or undefined when it has none (a new disk); never read through a link. */
export function readBackupKey(dataDir: string): Buffer | undefined {
  let text: string;
  try {
    const fd = fs.openSync(path.join(dataDir, BACKUP_KEY_FILE), fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
    try {
      text = fs.readFileSync(fd, 'utf8');
    } finally {
      fs.closeSync(fd);
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw error;
  }
  const hex = text.trim();
  if (!/^[0-9a-f]{64}$/.test(hex)) throw new Error(`${path.join(dataDir, BACKUP_KEY_FILE)} is not a backup key.`);
  return Buffer.from(hex, 'hex');
}

/** The data dir's key, made now if it has none (two processes at once: the first one's is kept). */
export function backupKey(dataDir: string): Buffer {
  const kept = readBackupKey(dataDir);
  if (kept) return kept;
  createFileAtomically(path.join(dataDir, BACKUP_KEY_FILE), `${randomBytes(32).toString('hex')}\n`);
  return readBackupKey(dataDir) as Buffer;
}

/** The signature file's text for a manifest's exact bytes. */
export function signatureFor(key: Buffer, manifest: Buffer): string {
  const signature: Signature = { keyId: keyIdOf(key), hmac: hmacOf(key, manifest) };
  return `${JSON.stringify(signature, null, 2)}\n`;
}

/** Judges a backup's signature (its text, or undefined when there is none) over the manifest's bytes, with the data dir's key if it has one. */
export function judgeSignature(
  signatureText: string | undefined,
  manifest: Buffer,
  key: Buffer | undefined,
): Authenticity {
  if (signatureText === undefined) return 'unsigned';
  let signature: Partial<Signature>;
  try {
    signature = JSON.parse(signatureText) as Partial<Signature>;
  } catch {
    return key ? 'tampered' : 'unknown_key';
  }
  if (!key || signature.keyId !== keyIdOf(key)) return 'unknown_key';
  const expected = Buffer.from(hmacOf(key, manifest), 'hex');
  const given = Buffer.from(typeof signature.hmac === 'string' ? signature.hmac : '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected) ? 'authentic' : 'tampered';
}
