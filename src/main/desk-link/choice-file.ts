import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { DeskMode } from '../../shared/desk-link';
import { shortCodeOf } from '../../shared/team';
import { describeIssues } from '../../shared/validation';
import { writeFileAtomically } from '../files/atomic-write';
import { FingerprintSchema } from './schemas';
import { keepAside } from '../files/keep-aside';

/** In the desktop app's user-data dir, beside settings.json: how this desk works. */
export const DESK_CHOICE_FILE = 'desk-choice.json';

const DeskChoiceSchema = z.discriminatedUnion('mode', [
  z.strictObject({ mode: z.literal('this-computer') }),
  z.strictObject({
    mode: z.literal('shelter-server'),
    url: z.url({ protocol: /^https$/ }),
    fingerprint: FingerprintSchema,
    caPem: z.string().startsWith('-----BEGIN CERTIFICATE-----'),
    /** When staff compared the code and connected, epoch ms. */
    pinnedAt: z.int().nonnegative(),
  }),
]);
export type DeskChoice = z.infer<typeof DeskChoiceSchema>;

export interface DeskChoiceRead {
  /** null: not chosen yet (no file, or a damaged one). */
  choice: DeskChoice | null;
  /** A damaged file, moved aside so the next choice cannot overwrite it; null when it could not be moved. */
  damage: { keptAs: string | null; reason: string } | null;
}

export function deskChoiceFile(userDataDir: string): string {
  return path.join(userDataDir, DESK_CHOICE_FILE);
}

/** Reads the desk's choice; a damaged file reads as "not chosen yet" and is kept aside as `<file>.broken-<time>`. */
export function readDeskChoice(file: string, now: Date): DeskChoiceRead {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { choice: null, damage: null };
    return { choice: null, damage: { keptAs: null, reason: `it could not be read: ${(error as Error).message}` } };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return {
      choice: null,
      damage: { keptAs: keepAside(file, now), reason: `it is not valid JSON: ${(error as Error).message}` },
    };
  }
  const parsed = DeskChoiceSchema.safeParse(value);
  if (parsed.success) return { choice: parsed.data, damage: null };
  return {
    choice: null,
    damage: { keptAs: keepAside(file, now), reason: describeIssues(parsed.error.issues, 'desk choice') },
  };
}

/** Whole or not at all, through the one safe writer. */
export function saveDeskChoice(file: string, choice: DeskChoice): void {
  writeFileAtomically(file, `${JSON.stringify(DeskChoiceSchema.parse(choice), null, 2)}\n`);
}

/** "Change how this computer works": the next start asks again. */
export function forgetDeskChoice(file: string): void {
  fs.rmSync(file, { force: true });
}

/** The choice as the first-run page is told it: never the CA itself. */
export function deskModeOf(choice: DeskChoice): DeskMode {
  return choice.mode === 'this-computer'
    ? { mode: 'this-computer' }
    : { mode: 'shelter-server', url: choice.url, shortCode: shortCodeOf(choice.fingerprint) };
}
