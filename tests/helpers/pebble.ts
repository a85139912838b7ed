import 'reflect-metadata';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import * as x509 from '@peculiar/x509';
import { waitFor } from './wait-for';
import { freePort } from './free-port';

/** Debian's package puts it here (`apt-get install pebble`); PEBBLE_BIN overrides. */
export const PEBBLE_BIN = process.env.PEBBLE_BIN ?? '/usr/bin/pebble';

export function pebbleInstalled(): boolean {
  return fs.existsSync(PEBBLE_BIN);
}

export interface Pebble {
  /** https://127.0.0.1:PORT/dir */
  directoryUrl: string;
  /** The root that Pebble's own HTTPS (the directory) chains to: for --acme-ca-file. */
  directoryCaFile: string;
  /** The root Pebble issues under, from its management API (https://<mgmt>/roots/0). */
  issuingRoot(): Promise<string>;
  stop(): Promise<void>;
}

/** Reserves the two ports Pebble will listen on, so a server can be told the directory URL first. */
export async function pebblePorts(): Promise<{ listen: number; management: number; directoryUrl: string }> {
  const listen = await freePort();
  return { listen, management: await freePort(), directoryUrl: `https://127.0.0.1:${listen}/dir` };
}

/**
 * Pebble with its HTTPS certificate made here (the package ships none), its VA asking `dnsServer`
 * and validating HTTP-01 on `httpPort` (the sites server's HTTP port), without its random sleeps.
 */
export async function startPebble(
  dir: string,
  ports: { listen: number; management: number; directoryUrl: string },
  dnsServer: string,
  httpPort: number,
): Promise<Pebble> {
  fs.mkdirSync(dir, { recursive: true });
  const { caPem, certPem, keyPem } = await directoryCertificate();
  const files = {
    ca: path.join(dir, 'directory-ca.pem'),
    cert: path.join(dir, 'cert.pem'),
    key: path.join(dir, 'key.pem'),
    config: path.join(dir, 'pebble.json'),
  };
  fs.writeFileSync(files.ca, caPem);
  fs.writeFileSync(files.cert, certPem);
  fs.writeFileSync(files.key, keyPem);
  const config = {
    pebble: {
      listenAddress: `127.0.0.1:${ports.listen}`,
      managementListenAddress: `127.0.0.1:${ports.management}`,
      certificate: files.cert,
      privateKey: files.key,
      httpPort,
      tlsPort: await freePort(),
      ocspResponderURL: '',
      externalAccountBindingRequired: false,
    },
  };
  fs.writeFileSync(files.config, JSON.stringify(config));
  let output = '';
  const child: ChildProcess = spawn(PEBBLE_BIN, ['-config', files.config, '-dnsserver', dnsServer], {
    env: { ...process.env, PEBBLE_VA_NOSLEEP: '1', PEBBLE_WFE_NONCEREJECT: '0', PEBBLE_AUTHZREUSE: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const agent = new https.Agent({ ca: caPem });
  const get = (url: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      https
        .get(url, { agent }, (response) => {
          let body = '';
          response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        })
        .on('error', reject);
    });
  try {
    await waitFor(async () => (await get(ports.directoryUrl)).status === 200, 15_000, 100);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`Pebble did not start: ${String(error)}\n${output}`, { cause: error });
  }
  return {
    directoryUrl: ports.directoryUrl,
    directoryCaFile: files.ca,
    async issuingRoot() {
      return (await get(`https://127.0.0.1:${ports.management}/roots/0`)).body;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** A throwaway CA and, under it, a certificate for 127.0.0.1 and localhost: what Pebble's HTTPS serves. */
async function directoryCertificate(): Promise<{ caPem: string; certPem: string; keyPem: string }> {
  x509.cryptoProvider.set(globalThis.crypto);
  const algorithm = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };
  const caKeys = await globalThis.crypto.subtle.generateKey(algorithm, true, ['sign', 'verify']);
  const now = Date.now();
  const notBefore = new Date(now - 3_600_000);
  const notAfter = new Date(now + 86_400_000);
  const ca = await x509.X509CertificateGenerator.createSelfSigned({
    name: 'CN=Pebble directory test CA',
    notBefore,
    notAfter,
    keys: caKeys,
    signingAlgorithm: algorithm,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign, true),
    ],
  });
  const keys = await globalThis.crypto.subtle.generateKey(algorithm, true, ['sign', 'verify']);
  const leaf = await x509.X509CertificateGenerator.create({
    subject: 'CN=localhost',
    issuer: ca.subject,
    notBefore,
    notAfter,
    publicKey: keys.publicKey,
    signingKey: caKeys.privateKey,
    signingAlgorithm: algorithm,
    extensions: [
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      new x509.SubjectAlternativeNameExtension([
        { type: 'dns', value: 'localhost' },
        { type: 'ip', value: '127.0.0.1' },
      ]),
    ],
  });
  const keyPem = x509.PemConverter.encode(
    await globalThis.crypto.subtle.exportKey('pkcs8', keys.privateKey),
    'PRIVATE KEY',
  );
  return { caPem: ca.toString('pem'), certPem: leaf.toString('pem'), keyPem };
}
