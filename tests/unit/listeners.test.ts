/**
 * One way to listen: every HTTP server of the app is made by `limitedServer`, with the limits it is
 * given at construction (a Fastify `https` option or a createServer elsewhere would skip them).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { connectionLimitsWith, limitedServer } from '../../src/main/http/connection-limits';

const LIMITS = connectionLimitsWith({
  requestTimeout: 7_000,
  headersTimeout: 3_000,
  connectionTimeout: 9_000,
  keepAliveTimeout: 2_000,
  handshakeTimeout: 4_000,
  maxRequestsPerSocket: 11,
  maxConnections: 13,
});

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('limitedServer', () => {
  it('gives a plain and a TLS server the same timeouts and caps; over TLS the handshake timeout and one handler that closes a failed handshake', () => {
    for (const server of [limitedServer(LIMITS, () => {}), limitedServer(LIMITS, () => {}, { tls: {} })]) {
      expect([
        server.requestTimeout,
        server.headersTimeout,
        server.keepAliveTimeout,
        server.timeout,
        server.maxRequestsPerSocket,
        server.maxConnections,
      ]).toEqual([7_000, 3_000, 2_000, 9_000, 11, 13]);
    }
    expect(limitedServer(LIMITS, () => {}, { tls: {} }).listeners('tlsClientError')).toHaveLength(1);
  });

  it('is the only place the app makes an HTTP server', () => {
    const makers = sourceFiles(path.resolve('src')).filter(
      (file) =>
        !file.endsWith(path.join('http', 'connection-limits.ts')) &&
        /\bhttps?\.createServer\(|\bhttps:\s*\{/.test(fs.readFileSync(file, 'utf8')),
    );
    expect(makers).toEqual([]);
  });
});
