/** Starting the API server: failures logged through EngineLog and nothing per request; a port in use. */
import { afterEach, describe, expect, it } from 'vitest';
import { PortInUseError, startApiServer } from '../../src/main/http/listen';
import type { EngineLog } from '../../src/main/log';
import { isAppError } from '../../src/shared/errors';
import { startTestServer, type TestServer } from '../helpers/api-server';
import { bearer, expectError } from '../helpers/http';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

let server: TestServer | undefined;

afterEach(async () => {
  await server?.stop();
  server = undefined;
});

/** A logger that keeps the errors it is given. */
function recordingLog(): EngineLog & { entries: { details: object; message: string }[] } {
  const entries: { details: object; message: string }[] = [];
  return {
    entries,
    info: () => undefined,
    warn: () => undefined,
    error: (details, message) => entries.push({ details, message }),
  };
}

describe('logging', () => {
  it('a bug (an uncaught throw) answers 500 internal_error and is logged once; ordinary answers log nothing', async () => {
    const log = recordingLog();
    const running = (server = await startTestServer({
      log,
      extend: (app) => {
        app.get('/admin/broken', async () => {
          throw new Error('a bug in a handler');
        });
      },
    }));
    for (const path of ['/pets?limit=1', '/pets?limit=0', '/pets/999999', '/nothing']) {
      const response = await fetch(`${running.baseUrl}${path}`, { headers: bearer(running.key) });
      expect(response.status).toBeLessThan(500);
      await response.arrayBuffer();
    }
    expect(log.entries).toEqual([]);
    const body = await expectError(
      await fetch(`${new URL(running.baseUrl).origin}/admin/broken`),
      500,
      'internal_error',
    );
    expect(body.message).not.toMatch(/a bug in a handler/);
    expect(log.entries).toHaveLength(1);
    expect(log.entries[0]?.message).toBe('request failed');
    expect(log.entries[0]?.details).toMatchObject({
      err: { message: 'a bug in a handler' },
      method: 'GET',
      url: '/admin/broken',
    });
  });

  it('Fastify runs without a logger: no child logger is made per request', async () => {
    const running = (server = await startTestServer({
      extend: (app) => {
        app.get('/admin/same-logger', async (request) => ({ same: request.log === app.log }));
      },
    }));
    const response = await fetch(`${new URL(running.baseUrl).origin}/admin/same-logger`);
    expect(await response.json()).toEqual({ same: true });
  });
});

describe('a port in use', () => {
  it('is a PortInUseError (conflict) naming the port and host, with no command-line flag in its words', async () => {
    const running = (server = await startTestServer());
    const otherDir = makeTempDir();
    try {
      const failure = await startApiServer({ dataDir: otherDir, environment: 'production', port: running.port }).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(PortInUseError);
      expect(isAppError(failure) && failure.code).toBe('conflict');
      const { port, host, message } = failure as PortInUseError;
      expect({ port, host, message }).toEqual({
        port: running.port,
        host: '127.0.0.1',
        message: `Port ${running.port} on 127.0.0.1 is already in use.`,
      });
      // The data dir is free again: a server starts there on another port.
      const second = await startApiServer({ dataDir: otherDir, environment: 'production', port: 0 });
      await second.stop();
    } finally {
      removeTempDir(otherDir);
    }
  });
});
