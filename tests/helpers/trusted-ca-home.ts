import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** Why a browser cannot be given the local CA here, or undefined when certutil (libnss3-tools) is installed. */
export const CERTUTIL_MISSING = spawnSync('certutil', ['-H']).error
  ? 'certutil is not installed (apt-get install -y libnss3-tools)'
  : undefined;

/**
 * A HOME whose NSS database trusts `caPem` for TLS servers, as a shelter's desk trusts the local CA
 * once: Chromium on Linux reads `$HOME/.pki/nssdb`, so a browser launched with this HOME accepts the
 * shelter server's certificate and nothing signed by anyone else.
 */
export function homeTrusting(caPem: string, dir: string): string {
  const database = path.join(dir, '.pki', 'nssdb');
  fs.mkdirSync(database, { recursive: true });
  const caFile = path.join(dir, 'shelter-ca.pem');
  fs.writeFileSync(caFile, caPem);
  execFileSync('certutil', ['-N', '-d', `sql:${database}`, '--empty-password']);
  execFileSync('certutil', ['-A', '-d', `sql:${database}`, '-n', 'Adoption Desk local CA', '-t', 'C,,', '-i', caFile]);
  return dir;
}
