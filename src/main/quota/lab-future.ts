import type Database from 'better-sqlite3';
import { windowEnd } from '../../shared/quota';

/**
 * Back to real time (the lab clock's reset, in its transaction): what the quota lab counted in windows
 * still ahead of real time is dropped, so a day spent in the lab's future does not use up tomorrow's
 * real quota: usage counted in windows that start after real now, bans that started after it
 * (lifted), and strikes whose window is not one of the real current windows (a real strike's window
 * ends at the end of the current real minute or day; any other end still ahead was counted in lab
 * time). The quota's tables are quota/'s alone: the lab clock asks for this, it never writes them.
 */
export function dropLabFuture(sqlite: Database.Database, realNow: number): void {
  sqlite.prepare('DELETE FROM usage_windows WHERE start > ?').run(realNow);
  sqlite.prepare('UPDATE bans SET lifted_at = ? WHERE lifted_at IS NULL AND started_at > ?').run(realNow, realNow);
  sqlite
    .prepare('DELETE FROM key_strikes WHERE window_reset_at > ? AND window_reset_at NOT IN (?, ?)')
    .run(realNow, windowEnd('minute', realNow), windowEnd('day', realNow));
}
