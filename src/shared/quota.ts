/** Fixed-window quota arithmetic (docs/contract.md, "Plan limits"): pure, so the engine and the GUI agree on it. */

export const WINDOW_KINDS = ['minute', 'day'] as const;
export type WindowKind = (typeof WINDOW_KINDS)[number];

export const WINDOW_MS: Record<WindowKind, number> = { minute: 60_000, day: 86_400_000 };

/** Epoch milliseconds count UTC, so flooring aligns windows to the UTC minute and the UTC day. */
export function windowStart(kind: WindowKind, now: number): number {
  return now - (now % WINDOW_MS[kind]);
}

export function windowEnd(kind: WindowKind, now: number): number {
  return windowStart(kind, now) + WINDOW_MS[kind];
}

export interface WindowUsage {
  kind: WindowKind;
  limit: number;
  used: number;
  /** When the window resets, epoch ms. */
  resetAt: number;
}

export function remainingIn(window: WindowUsage): number {
  return Math.max(0, window.limit - window.used);
}

/**
 * The window that binds most: fewest remaining; on a tie the one that resets first, except when
 * both are exhausted, where only the later reset lets a request through.
 */
export function bindingWindow(windows: readonly WindowUsage[]): WindowUsage {
  const [first, ...rest] = windows;
  if (!first) throw new Error('no windows');
  return rest.reduce((best, window) => {
    const a = remainingIn(best);
    const b = remainingIn(window);
    if (b !== a) return b < a ? window : best;
    if (a === 0) return window.resetAt > best.resetAt ? window : best;
    return window.resetAt < best.resetAt ? window : best;
  }, first);
}

/** Whole seconds until `at`, never below 1 (the value of Retry-After). */
export function secondsUntil(at: number, now: number): number {
  return Math.max(1, Math.ceil((at - now) / 1000));
}

export function describeWindow(kind: WindowKind): string {
  return kind === 'minute' ? 'per-minute' : 'per-day';
}
