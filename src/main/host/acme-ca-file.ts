import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { AppError } from '../../shared/errors';

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/;

/**
 * The ACME settings' extra CA file (Pebble's certificate, say), as an absolute path, once it is known
 * to hold a PEM certificate: a wrong path is refused on save, not found at the first order minutes later.
 */
export function checkedAcmeCaFile(file: string): string {
  const absolute = path.resolve(file);
  let text: string;
  try {
    text = fs.readFileSync(absolute, 'utf8');
  } catch (error) {
    const why =
      (error as NodeJS.ErrnoException).code === 'EISDIR' ? 'it is a folder' : 'there is no readable file there';
    throw new AppError('validation_failed', `The CA file ${absolute} cannot be used: ${why}.`, {
      details: { field: 'acme.caFile', reason: 'ca_file_missing', path: absolute },
    });
  }
  const block = PEM_CERTIFICATE.exec(text)?.[0];
  if (block === undefined || !parses(block)) {
    throw new AppError(
      'validation_failed',
      `The CA file ${absolute} holds no PEM certificate (a -----BEGIN CERTIFICATE----- block).`,
      {
        details: { field: 'acme.caFile', reason: 'ca_file_not_pem', path: absolute },
      },
    );
  }
  return absolute;
}

function parses(pem: string): boolean {
  try {
    new X509Certificate(pem);
    return true;
  } catch {
    return false;
  }
}
