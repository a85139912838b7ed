import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { AppError } from '../../shared/errors';
import type { SitePorts } from '../../shared/sites';
import { writeFileAtomically } from '../files/atomic-write';
import { claimPrivateFile } from '../files/owner-only';

export interface InstanceLock {
  release(): void;
}

/** The lock's record beside it: who holds it, and what its engine has applied. */
export interface Holder {
  pid: number;
  address?: string;
  /** The last lab clock move the server's engine applied (LabClockService.move): the CLI waits for it. */
  labClockMove?: number;
  /** The sites' HTTPS port, when the server serves them over HTTPS too. */
  httpsPort?: number;
}

/** The lock file of an environment's server in a data dir (its holder's record sits beside it). */
export function serverLockFile(dataDir: string, environment: string): string {
  return path.join(dataDir, `${environment}.lock`);
}

/**
 * One server per environment per data dir. The lock is an exclusive SQLite transaction on a side
 * file: the OS drops it when the holder dies, even by kill -9, so a crash never leaves it stuck.
 */

export function acquireInstanceLock(lockFile: string, description: string): InstanceLock {
  claimPrivateFile(lockFile);
  const handle = new Database(lockFile, { timeout: 0 });
  try {
    handle.exec('CREATE TABLE IF NOT EXISTS holder (pid INTEGER, address TEXT)');
    handle.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    handle.close();
    if ((error as { code?: string }).code === 'SQLITE_BUSY') {
      const holder = readHolder(`${lockFile}.json`);
      const where = holder ? ` (pid ${holder.pid}${holder.address ? `, ${holder.address}` : ''})` : '';
      throw new AppError(
        'conflict',
        `Another Adoption Desk server is already running for ${description}${where}. Stop it first, or use another --data-dir.`,
      );
    }
    throw error;
  }
  return {
    release() {
      if (handle.open) {
        handle.exec('ROLLBACK');
        handle.close();
      }
      fs.rmSync(`${lockFile}.json`, { force: true });
    },
  };
}

export function recordLockHolder(lockFile: string, holder: Holder): void {
  // Whole or absent: a CLI reading it while the server writes never sees half a record.
  writeFileAtomically(`${lockFile}.json`, JSON.stringify(holder));
}

function readHolder(file: string): Holder | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Holder;
  } catch {
    return undefined;
  }
}

/** The address the environment's running server recorded (its API base URL), if one is running. */
export function runningServerAddress(lockFile: string): string | undefined {
  return runningServer(lockFile)?.address;
}

/** The record of the environment's running server, if one is running. */
export function runningServer(lockFile: string): Holder | undefined {
  const holder = readHolder(`${lockFile}.json`);
  // A server killed outright leaves its record behind: only a live process counts.
  return holder && isAlive(holder.pid) ? holder : undefined;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The ports the environment's running server listens on (HTTP from its recorded address), if one is running. */
export function runningServerPorts(lockFile: string): SitePorts | undefined {
  const holder = runningServer(lockFile);
  if (!holder?.address || !URL.canParse(holder.address)) return undefined;
  return { http: Number(new URL(holder.address).port), https: holder.httpsPort ?? null };
}
