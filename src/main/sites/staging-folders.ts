import fs from 'node:fs';
import path from 'node:path';

/**
 * A deploy fills `<project>/.staging-<pid>-<random>` before renaming it to its number. The pid says
 * which process is filling it, so one starting up (a server, or a CLI beside a running server) can
 * tell a deploy in progress from what a killed one left behind.
 */
const STAGING_PREFIX = '.staging-';
/** Past this age a staging folder is dead even if its pid is alive again: pids get reused, deploys take seconds. */
const STAGING_STALE_MS = 24 * 60 * 60 * 1000;

/** Staging folders this process is filling: alive even though the pid is our own. */
const inProgress = new Set<string>();

export async function makeStaging(projectDir: string): Promise<string> {
  const staging = await fs.promises.mkdtemp(path.join(projectDir, `${STAGING_PREFIX}${process.pid}-`));
  inProgress.add(staging);
  return staging;
}

export async function removeStaging(staging: string): Promise<void> {
  try {
    await fs.promises.rm(staging, { recursive: true, force: true });
  } finally {
    inProgress.delete(staging);
  }
}

/** Removes the staging folders in `projectDir` no live deploy is filling; returns their names. */
export function removeDeadStaging(projectDir: string, now = Date.now()): string[] {
  const removed: string[] = [];
  for (const name of fs.readdirSync(projectDir)) {
    if (!name.startsWith(STAGING_PREFIX)) continue;
    const staging = path.join(projectDir, name);
    if (inProgress.has(staging)) continue;
    let modified: number;
    try {
      modified = fs.lstatSync(staging).mtimeMs;
    } catch {
      continue;
    }
    if (!isDead(name, now - modified)) continue;
    fs.rmSync(staging, { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

function isDead(name: string, ageMs: number): boolean {
  if (ageMs > STAGING_STALE_MS) return true;
  const pid = Number(/^\.staging-([0-9]+)-/.exec(name)?.[1]);
  // Named before the pid was recorded: only age tells, and an hour is far past any deploy.
  if (!Number.isSafeInteger(pid) || pid <= 0) return ageMs > 60 * 60 * 1000;
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
