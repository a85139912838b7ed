/**
 * How this desk works (issue 29 §1): on its own data, or as a window onto the shelter server. The
 * first-run page asks the shell through a small bridge of its own (not the admin contract): these are
 * its channels, their payloads' schemas and what they answer.
 */
import { z } from 'zod';
import type { AdminResult } from './admin-contract';

export const LINK_CHANNELS = { probe: 'link.probe', choose: 'link.choose', current: 'link.current' } as const;

/** A CA fingerprint as openssl prints it (fingerprintText): 32 upper-case hex pairs joined by colons. */
export const FingerprintSchema = z.string().regex(/^(?:[0-9A-F]{2}:){31}[0-9A-F]{2}$/);

export const LinkProbeInputSchema = z.strictObject({ address: z.string().max(2048) });
export type LinkProbeInput = z.infer<typeof LinkProbeInputSchema>;

/**
 * The desk's answer to the first-run question. Connecting names the fingerprint staff compared: the
 * shell looks at the server again and refuses if it now shows another.
 */
export const LinkChoiceInputSchema = z.discriminatedUnion('mode', [
  z.strictObject({ mode: z.literal('this-computer') }),
  z.strictObject({ mode: z.literal('shelter-server'), address: z.string().max(2048), fingerprint: FingerprintSchema }),
]);
export type LinkChoiceInput = z.infer<typeof LinkChoiceInputSchema>;

/** What a look at the server found: where its pages are, and the code staff compare with its own. */
export interface ServerSighting {
  /** https://host:port/admin/ */
  url: string;
  fingerprint: string;
  shortCode: string;
}

/** What the desk chose, as the page is told it; `null` before the first run's choice. */
export type DeskMode = { mode: 'this-computer' } | { mode: 'shelter-server'; url: string; shortCode: string };

export interface LinkCurrent {
  choice: DeskMode | null;
}

/** The bridge the preload gives the app's own page (never remote content): one method per channel. */
export interface LinkBridge {
  probe(input: LinkProbeInput): Promise<AdminResult<ServerSighting>>;
  choose(input: LinkChoiceInput): Promise<AdminResult<DeskMode>>;
  current(): Promise<AdminResult<LinkCurrent>>;
}
