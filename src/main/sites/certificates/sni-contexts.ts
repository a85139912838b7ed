import tls from 'node:tls';

/** Names remembered at once; anyone may ask for any name in a ClientHello, so the memory must not follow them. */
export const SNI_CACHE_NAMES = 1_000;
/** A name without a certificate is looked up again after this (real time), so a flood of unknown names costs little. */
export const SNI_MISS_MS = 10_000;

interface Entry {
  context: tls.SecureContext | null;
  /** For a miss: when it stops counting (performance.now()). */
  until: number;
}

/**
 * The TLS context of each name asked for by SNI: least recently used names are forgotten past
 * `capacity`, and a miss (no certificate) is remembered only briefly. Cleared on any change to the
 * sites, so a new, renewed or removed certificate counts from the next handshake.
 */
export class SniContexts {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly lookup: (name: string) => tls.SecureContextOptions | undefined,
    private readonly capacity = SNI_CACHE_NAMES,
    private readonly missMs = SNI_MISS_MS,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  contextFor(name: string): tls.SecureContext | undefined {
    const now = performance.now();
    let entry = this.entries.get(name);
    if (entry !== undefined) {
      // Map order is the recency order: re-inserted, the name becomes the most recent.
      this.entries.delete(name);
      if (entry.context === null && entry.until <= now) entry = undefined;
    }
    if (entry === undefined) {
      const served = this.lookup(name);
      entry = served
        ? { context: tls.createSecureContext(served), until: Number.POSITIVE_INFINITY }
        : { context: null, until: now + this.missMs };
    }
    this.entries.set(name, entry);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
    return entry.context ?? undefined;
  }

  clear(): void {
    this.entries.clear();
  }
}
