/**
 * The background jobs of a real server process (`npm run serve`'s serve.ts) under the engine's
 * supervisor: a database locked by another process fails them for real; the process survives, each
 * failing job is told once as a JSON line on stderr, and they recover when the lock goes.
 */
import Database from 'better-sqlite3';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dataDirWithKey } from '../helpers/api-server';
import { bearer } from '../helpers/http';
import { killServer, spawnServer, type ServerProcess } from '../helpers/processes';
import { removeTempDir } from '../helpers/temp-dir';
import { waitFor } from '../helpers/wait-for';

interface LogLine {
  level: number;
  msg: string;
  job?: string;
  err?: { code?: string; message?: string };
}

let dataDir: string;
let key: string;
let server: ServerProcess | undefined;
let holders: Database.Database[] = [];

beforeEach(() => {
  ({ dataDir, key } = dataDirWithKey());
});

afterEach(async () => {
  for (const holder of holders) if (holder.open) holder.close();
  holders = [];
  await killServer(server);
  server = undefined;
  removeTempDir(dataDir);
});

function logLines(stderr: string): LogLine[] {
  return stderr
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);
}

describe('background jobs of a serving process', () => {
  it('a locked database and request log fail the usage flush and the request-log tick: logged once each as JSON, retried, the process lives and recovers', async () => {
    server = await spawnServer(dataDir, ['--log-level', 'info']);
    const running = server;
    // The database and the request log's own file, both locked.
    holders = ['production.sqlite', 'production.request-log.sqlite'].map(
      (file) => new Database(path.join(dataDir, file)),
    );
    for (const holder of holders) holder.exec('BEGIN EXCLUSIVE');
    const failed = await waitFor(async () => {
      // Answers to count and to log, so both flushes have something to write.
      const response = await fetch(`${running.baseUrl}/pets?limit=1`, { headers: bearer(key) });
      expect(response.status).toBe(200);
      await response.arrayBuffer();
      const errors = logLines(running.stderr()).filter((line) => line.level === 50);
      const jobs = new Set(errors.map((line) => line.job));
      return jobs.has('usage flush') && jobs.has('request log') && errors;
    }, 30_000);
    for (const line of failed) {
      expect(line.msg).toBe('background job failed; retrying with backoff');
      expect(line.err?.code).toBe('SQLITE_BUSY');
    }
    for (const holder of holders) {
      holder.exec('ROLLBACK');
      holder.close();
    }
    await waitFor(() => {
      const recovered = new Set(
        logLines(running.stderr())
          .filter((line) => line.msg === 'background job recovered')
          .map((line) => line.job),
      );
      return recovered.has('usage flush') && recovered.has('request log');
    }, 30_000);
    // One line per failure streak, however many retries failed.
    const errors = logLines(running.stderr()).filter((line) => line.level === 50);
    expect(errors.filter((line) => line.job === 'usage flush')).toHaveLength(1);
    expect(running.child.exitCode).toBeNull();
    const after = await fetch(`${running.baseUrl}/pets?limit=1`, { headers: bearer(key) });
    expect(after.status).toBe(200);
    running.child.kill('SIGTERM');
    expect((await running.exited).code).toBe(0);
    // Backoff doubles up to 10 s per job: recovery can take that long after the locks go.
  }, 60_000);
});
