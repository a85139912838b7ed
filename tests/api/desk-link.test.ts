/**
 * A desk connecting to the shelter server by address. Real sockets: an HTTPS server made
 * here from a real local CA (as `serve --team` makes its own), a TCP server that never answers the
 * handshake, a plain HTTP server. The short code is checked against an independent oracle: Node's own
 * fingerprint of the CA certificate.
 */
import { X509Certificate } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPinned } from '../../src/main/desk-link/chain';
import { probe } from '../../src/main/desk-link/probe';
import { AppError, type DetailsOf, type ErrorCode } from '../../src/shared/errors';
import { shortCodeOf } from '../../src/shared/team';
import { freePort } from '../helpers/free-port';
import { startTestShelterServer, type TestShelterServer } from '../helpers/shelter-server';

let server: TestShelterServer;
let otherServer: TestShelterServer;

beforeAll(async () => {
  server = await startTestShelterServer();
  // Another shelter server's data dir: another CA, a leaf for the same name.
  otherServer = await startTestShelterServer();
});

afterAll(async () => {
  await server.close();
  await otherServer.close();
});

/** The refusal `work` ends with, as the AppError it must be. */
async function refusal<C extends ErrorCode>(
  work: () => unknown,
  code: C,
): Promise<{ message: string; details: DetailsOf<C> }> {
  let caught: unknown;
  try {
    await work();
  } catch (error) {
    caught = error;
  }
  expect(caught, 'the call should have been refused').toBeInstanceOf(AppError);
  const error = caught as AppError;
  expect({ code: error.code, message: error.message }).toMatchObject({ code });
  return { message: error.message, details: error.details as DetailsOf<C> };
}

describe('probe: looking at the shelter server', () => {
  it("finds the server by name and port and returns its CA's fingerprint and short code, as Node computes them", async () => {
    const found = await probe(`localhost:${server.port}`);
    const oracle = new X509Certificate(server.caPem).fingerprint256;
    expect(found.url).toBe(`https://localhost:${server.port}/admin/`);
    expect(found.fingerprint).toBe(oracle);
    expect(found.shortCode).toBe(shortCodeOf(oracle));
    expect(found.shortCode).toMatch(/^[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}$/);
    expect(new X509Certificate(found.caPem).fingerprint256).toBe(oracle);
  });

  it('takes the address pasted from a browser, path and all', async () => {
    const found = await probe(`  https://localhost:${server.port}/admin/pets?x=1#token=abc `);
    expect(found.url).toBe(`https://localhost:${server.port}/admin/`);
    expect(found.fingerprint).toBe(new X509Certificate(server.caPem).fingerprint256);
  });

  it('tells two shelter servers apart by their codes', async () => {
    const [one, other] = await Promise.all([probe(`localhost:${server.port}`), probe(`localhost:${otherServer.port}`)]);
    expect(other.shortCode).not.toBe(one.shortCode);
    expect(other.fingerprint).toBe(new X509Certificate(otherServer.caPem).fingerprint256);
  });

  it('refuses a certificate not made for the name typed (the leaf names localhost, not 127.0.0.1)', async () => {
    const { details } = await refusal(() => probe(`127.0.0.1:${server.port}`), 'server_certificate_invalid');
    expect(details).toEqual({ host: '127.0.0.1', problem: 'name_mismatch' });
  });

  it('refuses a certificate out of its dates, judged by the clock given', async () => {
    const inTenYears = Date.now() + 10 * 366 * 86_400_000;
    const { details } = await refusal(
      () => probe(`localhost:${server.port}`, { now: () => inTenYears }),
      'server_certificate_invalid',
    );
    expect(details).toEqual({ host: 'localhost', problem: 'expired' });
    const { details: early } = await refusal(
      () => probe(`localhost:${server.port}`, { now: () => Date.now() - 86_400_000 }),
      'server_certificate_invalid',
    );
    expect(early.problem).toBe('not_yet_valid');
  });

  it('refuses a server that sends its leaf without the CA: there is no code to compare', async () => {
    const leafOnly = await startTestShelterServer({ sendCa: false });
    try {
      const { details } = await refusal(() => probe(`localhost:${leafOnly.port}`), 'server_certificate_invalid');
      expect(details.problem).toBe('no_ca');
    } finally {
      await leafOnly.close();
    }
  });

  it('refuses an HTTPS server whose /admin/ is not Adoption Desk', async () => {
    const stranger = await startTestShelterServer({ adminPage: false });
    try {
      const { details } = await refusal(() => probe(`localhost:${stranger.port}`), 'server_not_adoption_desk');
      expect(details).toEqual({ url: `https://localhost:${stranger.port}/admin/`, status: 404 });
    } finally {
      await stranger.close();
    }
  });

  it('gives up on a server that accepts the connection and never answers the handshake, within the deadline', async () => {
    const held: net.Socket[] = [];
    let closed = 0;
    const silent = net.createServer((socket) => {
      held.push(socket);
      // Read (and drop) the ClientHello, so the desk hanging up is seen as an end.
      socket.resume();
      socket.on('close', () => closed++);
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as net.AddressInfo).port;
    try {
      const started = performance.now();
      const { details } = await refusal(() => probe(`127.0.0.1:${port}`, { timeoutMs: 400 }), 'server_timeout');
      const took = performance.now() - started;
      expect(details).toEqual({ host: '127.0.0.1', port, phase: 'handshake', timeoutMs: 400 });
      expect(took).toBeGreaterThanOrEqual(390);
      expect(took).toBeLessThan(2_000);
      // The desk hangs up: the server sees its connection close.
      await expect.poll(() => closed, { timeout: 2_000 }).toBe(held.length);
      expect(held.length).toBe(1);
    } finally {
      for (const socket of held) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('tells a plain HTTP server from the shelter server', async () => {
    const plain = http.createServer((_request, response) => response.end('<title>Adoption Desk</title>'));
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    const port = (plain.address() as net.AddressInfo).port;
    try {
      const { details } = await refusal(() => probe(`127.0.0.1:${port}`), 'server_not_tls');
      expect(details).toEqual({ host: '127.0.0.1', port });
    } finally {
      plain.closeAllConnections();
      await new Promise((resolve) => plain.close(resolve));
    }
  });

  it('says when nothing listens on the port', async () => {
    const port = await freePort();
    const { details } = await refusal(() => probe(`127.0.0.1:${port}`), 'server_unreachable');
    expect(details).toEqual({ host: '127.0.0.1', port, cause: 'refused', systemCode: 'ECONNREFUSED' });
  });

  it('says when no computer has the name', async () => {
    const { details } = await refusal(() => probe('no-such-desk.invalid'), 'server_unreachable');
    expect(details).toMatchObject({ host: 'no-such-desk.invalid', port: 4020, cause: 'name_not_found' });
  });
});

describe('verifyPinned: a later connection', () => {
  it('accepts the chain whose CA has the pinned fingerprint', () => {
    const pinned = new X509Certificate(server.caPem).fingerprint256;
    expect(verifyPinned(server.chainPems, pinned, 'localhost', Date.now()).fingerprint).toBe(pinned);
  });

  it('refuses a server whose CA changed, naming both codes', async () => {
    const pinned = new X509Certificate(server.caPem).fingerprint256;
    const presented = new X509Certificate(otherServer.caPem).fingerprint256;
    const { details } = await refusal(
      () => verifyPinned(otherServer.chainPems, pinned, 'localhost', Date.now()),
      'server_identity_changed',
    );
    expect(details).toEqual({
      host: 'localhost',
      pinnedFingerprint: pinned,
      presentedFingerprint: presented,
      pinnedCode: shortCodeOf(pinned),
      presentedCode: shortCodeOf(presented),
    });
  });

  it("refuses a leaf of another CA sent beside the pinned CA's certificate", async () => {
    const pinned = new X509Certificate(server.caPem).fingerprint256;
    const forged = [otherServer.chainPems[0] ?? '', server.caPem];
    const { details } = await refusal(
      () => verifyPinned(forged, pinned, 'localhost', Date.now()),
      'server_certificate_invalid',
    );
    expect(details.problem).toBe('no_ca');
  });

  it('refuses the pinned chain for a name its leaf is not made for', async () => {
    const pinned = new X509Certificate(server.caPem).fingerprint256;
    const { details } = await refusal(
      () => verifyPinned(server.chainPems, pinned, 'shelter-pc', Date.now()),
      'server_certificate_invalid',
    );
    expect(details.problem).toBe('name_mismatch');
  });
});
