import type { Changes } from '../db/changes';
import { recordLockHolder, runningServer, type Holder } from '../db/instance-lock';
import type { LabClockService } from './clock';

/** How long a move waits for the running server to apply it before saying it could not confirm. */
export const SERVER_APPLY_DEADLINE_MS = 2_000;
const POLL_INTERVAL_MS = 10;

/** Whether the environment's running server has applied a lab clock move. */
export type ServerPickup =
  | { state: 'applied'; pid: number; address: string | null }
  | { state: 'none running' }
  | { state: 'not confirmed'; pid: number; address: string | null };

/**
 * For a serving process: keeps the lock's record naming the last lab clock move its engine applied,
 * so a process that moved the clock can wait until the server runs on the new time. Returns the
 * function that stops it (before the lock and its record go).
 */
export function recordAppliedMoves(
  lockFile: string,
  holder: Omit<Holder, 'labClockMove'>,
  lab: () => Pick<LabClockService, 'move'>,
  changes: Changes,
): () => void {
  let recorded = lab().move;
  recordLockHolder(lockFile, { ...holder, labClockMove: recorded });
  return changes.on((topic) => {
    if (topic !== 'lab') return;
    const move = lab().move;
    if (move === recorded) return;
    try {
      recordLockHolder(lockFile, { ...holder, labClockMove: move });
      recorded = move;
    } catch {
      // A full disk: a waiting CLI says it could not confirm; the next change tries again.
    }
  });
}

/**
 * After a move numbered `move`: resolves once the environment's running server has applied it (or
 * a later one), at once when none is running, or after the deadline when it has not said so.
 */
export async function waitForRunningServer(
  lockFile: string,
  move: number,
  deadlineMs = SERVER_APPLY_DEADLINE_MS,
): Promise<ServerPickup> {
  const deadline = performance.now() + deadlineMs;
  for (;;) {
    const holder = runningServer(lockFile);
    if (!holder) return { state: 'none running' };
    const address = holder.address ?? null;
    if ((holder.labClockMove ?? -1) >= move) return { state: 'applied', pid: holder.pid, address };
    if (performance.now() >= deadline) return { state: 'not confirmed', pid: holder.pid, address };
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
}
