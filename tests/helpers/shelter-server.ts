import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { LocalCa } from '../../src/main/sites/certificates/local-ca';
import { systemClock } from '../../src/shared/clock';
import { makeTempDir, removeTempDir } from './temp-dir';

export interface TestShelterServer {
  port: number;
  /** The CA certificate of the data dir the server's leaf came from, PEM (what `certificates ca` exports). */
  caPem: string;
  /** What the server sends in its handshake: leaf first, then (unless `sendCa: false`) the CA. */
  chainPems: string[];
  close(): Promise<void>;
}

export interface TestShelterServerOptions {
  /** The name the leaf is made for. */
  name?: string;
  /** false: only the leaf travels in the handshake. */
  sendCa?: boolean;
  /** false: /admin/ answers 404 (an HTTPS server that is not Adoption Desk). */
  adminPage?: boolean;
}

const ADMIN_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Adoption Desk</title></head><body><div id="root"></div></body></html>';

/**
 * A stand-in for `serve --team`'s HTTPS side, made the same way: a real local CA in a temp data dir
 * issues a leaf, and node:https serves a minimal /admin/ page with leaf + CA in its chain.
 */
export async function startTestShelterServer(options: TestShelterServerOptions = {}): Promise<TestShelterServer> {
  const dataDir = makeTempDir('shelter-server');
  const ca = new LocalCa(path.join(dataDir, 'certificates'), systemClock);
  const issued = await ca.issue(options.name ?? 'localhost');
  const caPem = await ca.certificatePem();
  const pems = issued.chainPem.match(/-----BEGIN CERTIFICATE-----[^-]+-----END CERTIFICATE-----/g) ?? [];
  const chainPems = options.sendCa === false ? pems.slice(0, 1) : pems;
  const server = https.createServer({ cert: chainPems.join('\n'), key: issued.keyPem }, (request, response) => {
    if (request.url === '/admin/' && options.adminPage !== false) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ADMIN_PAGE);
      return;
    }
    response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    caPem,
    chainPems,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      removeTempDir(dataDir);
    },
  };
}
