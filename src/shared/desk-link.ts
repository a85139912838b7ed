/**
 * How this desk works: on its own data, or as a window onto the shelter server. The
 * first-run page asks the shell through a small bridge of its own (not the admin contract): its
 * channels, payloads and answers. No zod here: the sandboxed preload bundles this file; the shell
 * validates the payloads with src/main/desk-link/schemas.ts.
 */
import type { AdminResult } from './admin-contract';

export const LINK_CHANNELS = { probe: 'link.probe', choose: 'link.choose', current: 'link.current' } as const;

export interface LinkProbeInput {
  address: string;
}

/**
 * The desk's answer to the first-run question. Connecting names the fingerprint staff compared: the
 * shell looks at the server again and refuses if it now shows another.
 */
export type LinkChoiceInput =
  { mode: 'this-computer' } | { mode: 'shelter-server'; address: string; fingerprint: string };

/** What a look at the server found: where its pages are, and the code staff compare with its own. */
export interface ServerSighting {
  /** https://host:port/admin/ */
  url: string;
  fingerprint: string;
  shortCode: string;
}

/** What the desk chose, as the page is told it (never the CA itself). */
export type DeskMode = { mode: 'this-computer' } | { mode: 'shelter-server'; url: string; shortCode: string };

export interface LinkCurrent {
  /** null: not chosen yet (the first run). */
  choice: DeskMode | null;
}

/** The bridge the preload gives the app's own page (never remote content): one method per channel. */
export interface LinkBridge {
  probe(input: LinkProbeInput): Promise<AdminResult<ServerSighting>>;
  choose(input: LinkChoiceInput): Promise<AdminResult<DeskMode>>;
  current(): Promise<AdminResult<LinkCurrent>>;
}
