import type { DeployFailure } from '../../shared/deploy-failures';

/** What a deploy wrote into its staging folder, or why the site could not be one. */
export type SiteWriteOutcome =
  { ok: true; fileCount: number; byteSize: number } | { ok: false; failure: DeployFailure };

/**
 * A site made elsewhere (the adoption site, by publishing/) as sites/ hosts it: written into a
 * deploy's staging folder, and fingerprinted so the follower republishes only when it changed.
 */
export interface GeneratedSite {
  /** The same for the same site, whenever it is read. */
  fingerprint: string;
  write: (staging: string, maxBytes: number) => Promise<SiteWriteOutcome>;
}

/** Where a project's generated site comes from: its live address, the time, and the title it falls back to. */
export type SiteContentSource = (baseUrl: string, now: number, fallbackName: string) => GeneratedSite;
