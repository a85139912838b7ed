import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createFileAtomically } from '../files/atomic-write';
import { tightenPrivateFile } from '../files/owner-only';

/** The key's file in the data dir, 0600: one per data dir, made on first use. */
export const FORM_KEY_FILE = 'front-door.key';
/** A form left open longer than this is sent again from a fresh page (the token no longer counts). */
const TOKEN_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * The form's signed timestamp: the page carries when it was served and for which form, signed with
 * the data dir's own key (HMAC-SHA-256), so a post made sooner than a person could fill it in, or
 * made without ever loading the page, is told apart without keeping anything per visitor.
 */
export class FormTokens {
  private readonly key: Buffer;

  constructor(dataDir: string) {
    const file = path.join(dataDir, FORM_KEY_FILE);
    // Two processes starting at once: the first one's key is the one both read.
    createFileAtomically(file, crypto.randomBytes(32).toString('base64url'));
    tightenPrivateFile(file);
    this.key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64url');
  }

  issue(form: string, at: number): string {
    const stamp = at.toString(36);
    return `${stamp}.${this.sign(form, stamp)}`;
  }

  /** How long ago the page was served, in ms; undefined when the token is not ours, for another form, or too old. */
  age(token: string, form: string, now: number): number | undefined {
    const [stamp = '', signature = ''] = token.split('.');
    const expected = this.sign(form, stamp);
    if (signature.length !== expected.length || !crypto.timingSafeEqual(Buffer.from(signature), Buffer.from(expected)))
      return undefined;
    const age = now - parseInt(stamp, 36);
    return Number.isFinite(age) && age >= 0 && age <= TOKEN_MAX_AGE_MS ? age : undefined;
  }

  private sign(form: string, stamp: string): string {
    return crypto.createHmac('sha256', this.key).update(`${form}\n${stamp}`).digest('base64url');
  }
}
