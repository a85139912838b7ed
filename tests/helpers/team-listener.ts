import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { adminServingOf } from '../../src/main/admin/admin-serving';
import type { LiveUpdateLimits } from '../../src/main/http/admin/events';
import { startTeamListener } from '../../src/main/http/admin/team-listener';
import type { ConnectionLimits } from '../../src/main/http/connection-limits';
import { AppHost } from '../../src/main/host/app-host';
import { LocalCa } from '../../src/main/sites/certificates/local-ca';
import type { RunningTeamListener } from '../../src/main/team/listener';
import { systemClock } from '../../src/shared/clock';
import { makeTempDir, removeTempDir } from './temp-dir';

export interface TeamHarness {
  dataDir: string;
  host: AppHost;
  listener: RunningTeamListener;
  /** The data dir's local CA, the only root a desk trusts. */
  caPem: string;
  stop(): Promise<void>;
}

/** A request's answer over the shelter server's HTTPS. */
export interface TeamAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * The shelter server's listener in this process, as `serve --team` starts it but on 127.0.0.1 with
 * a free port: a real AppHost in a new data dir, the admin serving of `adminServingOf`, a leaf from
 * the data dir's local CA for localhost and 127.0.0.1, and limits a test may shorten.
 */
export async function startTeamHarness(
  options: { connectionLimits?: Partial<ConnectionLimits>; liveUpdateLimits?: Partial<LiveUpdateLimits> } = {},
): Promise<TeamHarness> {
  const dataDir = makeTempDir('team-listener');
  const rendererDir = path.join(dataDir, 'renderer');
  fs.mkdirSync(rendererDir);
  fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>Adoption Desk</title>');
  const host = new AppHost({ dataDir, overrides: { ports: { production: 0, staging: 0 } } });
  await host.start();
  const ca = new LocalCa(path.join(dataDir, 'certificates'), systemClock);
  const names = { dns: ['localhost'], ips: ['127.0.0.1'] };
  const issued = await ca.issue(names);
  const caPem = await ca.certificatePem();
  const serving = adminServingOf(host, rendererDir);
  const liveUpdates = serving.liveUpdates && { ...serving.liveUpdates, limits: options.liveUpdateLimits };
  const listener = await startTeamListener({
    ...serving,
    liveUpdates,
    connectionLimits: options.connectionLimits,
    team: { names: () => names, keyPem: issued.keyPem, chainPem: issued.chainPem },
    host: '127.0.0.1',
    port: 0,
  });
  return {
    dataDir,
    host,
    listener,
    caPem,
    async stop() {
      await listener.stop();
      await host.stop();
      removeTempDir(dataDir);
    },
  };
}

/** One HTTPS request to the harness as a desk sends it, trusting only its CA. */
export function teamRequest(
  harness: TeamHarness,
  pathname: string,
  options: { body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
): Promise<TeamAnswer> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers = {
    ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    ...(options.cookie ? { cookie: options.cookie } : {}),
    ...options.headers,
  };
  return new Promise((resolve, reject) => {
    const request = https.request(
      {
        host: '127.0.0.1',
        port: harness.listener.port,
        path: pathname,
        method: body === undefined ? 'GET' : 'POST',
        headers,
        ca: harness.caPem,
        servername: 'localhost',
        agent: false,
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** Logs `login` in over the listener; answers the session cookie as `name=value`. */
export async function teamLogin(harness: TeamHarness, login: string, password: string): Promise<string> {
  const answer = await teamRequest(harness, '/admin/api/staff.login', { body: { login, password } });
  if (answer.status !== 200) throw new Error(`login ${login}: ${answer.status} ${answer.body}`);
  return String(answer.headers['set-cookie'] ?? '').split(';')[0] ?? '';
}
