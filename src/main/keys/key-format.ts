import { createHash, randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { KEY_PREFIX, type Environment } from '../../shared/environments';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 32 base62 characters carry 190 bits of randomness. */
const BODY_LENGTH = 32;
const CHECKSUM_LENGTH = 6;
const KEY_PATTERN = /^adk_(live|test)_([0-9A-Za-z]{32})([0-9A-Za-z]{6})$/;

function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 62 * 4: rejecting the top bytes keeps every character equally likely.
      if (byte < 248 && out.length < length) out += ALPHABET[byte % 62];
    }
  }
  return out;
}

function checksumOf(prefixAndBody: string): string {
  let value = crc32(prefixAndBody);
  let out = '';
  for (let i = 0; i < CHECKSUM_LENGTH; i++) {
    out = ALPHABET[value % 62] + out;
    value = Math.floor(value / 62);
  }
  return out;
}

export function generateApiKey(environment: Environment): string {
  const prefixAndBody = KEY_PREFIX[environment] + randomBase62(BODY_LENGTH);
  return prefixAndBody + checksumOf(prefixAndBody);
}

/** True when the key has our shape and its checksum holds, so typos never reach the database. */
export function isWellFormedApiKey(key: string, environment: Environment): boolean {
  const match = KEY_PATTERN.exec(key);
  if (!match || !key.startsWith(KEY_PREFIX[environment])) return false;
  return checksumOf(key.slice(0, -CHECKSUM_LENGTH)) === match[3];
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** What staff see to tell keys apart: the prefix and the first four random characters. */
export function displayPrefixOf(key: string): string {
  return `${key.slice(0, KEY_PREFIX.production.length + 4)}…`;
}
