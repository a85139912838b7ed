/**
 * The shelter server: what the serving desk and a connecting desk both show, so staff
 * can compare them. No Node built-ins here: the SHA-256 is computed by whoever holds the certificate.
 */

/** The team server's default port (HTTPS, the shelter's network); the API keeps 4010/4011. */
export const DEFAULT_TEAM_PORT = 4020;

/** A CA certificate's SHA-256 fingerprint as openssl prints it: upper-case hex pairs joined by colons. */
export function fingerprintText(sha256Hex: string): string {
  return (sha256Hex.toUpperCase().match(/[0-9A-F]{2}/g) ?? []).join(':');
}

/**
 * The short code staff read aloud and compare on both desks: the fingerprint's first 8 bytes as four
 * groups of four hex digits (64 bits: an impostor's CA matching it by chance is out of reach).
 */
export function shortCodeOf(fingerprint: string): string {
  const hex = fingerprint
    .replace(/[^0-9A-Fa-f]/g, '')
    .toUpperCase()
    .slice(0, 16);
  return (hex.match(/.{4}/g) ?? []).join('-');
}

/** What `team.server` answers: whether this computer serves the shelter, where, and the code to compare. */
export interface TeamServerState {
  serving: boolean;
  /** What other desks type, e.g. https://front-desk.local:4020/admin/ (empty when not serving). */
  urls: string[];
  port: number | null;
  /** The local CA's SHA-256 (`AB:CD:…`), even when not serving: the certificate other desks pin. */
  fingerprint: string;
  shortCode: string;
}
