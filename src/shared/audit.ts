import { z } from 'zod';
import { ENVIRONMENTS, KEY_PREFIX } from './environments';

/** An API key of either environment, wherever it stands in a text (a field of its own, a `Bearer …` header, a URL). */
const API_KEY = new RegExp(
  `(${ENVIRONMENTS.map((environment) => KEY_PREFIX[environment]).join('|')})[0-9A-Za-z]*`,
  'g',
);

/** The text with every API key's body removed (its prefix kept, so a reader sees a key was there); the trail and its migration both use it. */
export function withoutApiKeys(text: string): string {
  return text.replace(API_KEY, (_key, prefix: string) => `${prefix}[removed]`);
}

/** One audit entry: who, when, from where, which channel, which record, and the input with its secrets removed. */
export interface AuditEntry {
  id: number;
  at: number;
  /** null for the desk (the admin token, the desktop shell, a single desk). */
  staffId: number | null;
  staffName: string;
  address: string | null;
  channel: string;
  record: string | null;
  input: unknown;
  /** For pets.update, pets.setStatus, pets.setProfile, people.edit and shelter.set: each changed field's before → after (the record's version among them). */
  changes: Record<string, { before: unknown; after: unknown }> | null;
}

/**
 * A record an entry is about, named as it is now (the trail itself keeps only its number): `name`
 * null once it is gone, and always null for a person, whose name the window asks the people
 * register for, so nothing of a person is in any answer of the trail.
 */
export interface AuditSubject {
  kind: 'pet' | 'person' | 'member';
  id: number;
  name: string | null;
  /** The environment whose records it is among; members belong to production. */
  environment: 'production' | 'staging';
}

/** An entry as the Audit page reads it: with the records it is about, in words. */
export type NamedAuditEntry = AuditEntry & { subjects: AuditSubject[] };

export const AuditFilterSchema = z.strictObject({
  staff: z.string().min(1).max(200).optional(),
  from: z.number().int().nonnegative().optional(),
  to: z.number().int().nonnegative().optional(),
  record: z.string().min(1).max(200).optional(),
  channel: z.string().min(1).max(100).optional(),
  limit: z.number().int().min(1).max(10_000).optional(),
  /** Entries older than this one (its id): the next page after a page that ended with it. */
  before: z.number().int().positive().optional(),
});

export type AuditFilter = z.infer<typeof AuditFilterSchema>;
