/**
 * The V8 flags the desktop app asks for, as `npm run serve` runs with (docs/performance.md, "Two
 * states of one server"): without the memory reducer, an idle spell does not drop the compiled
 * `nextTick` that keeps answers fast.
 */
export const DESK_JS_FLAGS = ['--no-memory-reducer'] as const;

/** `current` (the js-flags already set, as typed at launch) with each of `wanted` it lacks added after it. */
export function mergedJsFlags(current: string, wanted: readonly string[]): string {
  const present = new Set(current.split(/\s+/).filter(Boolean));
  return [current.trim(), ...wanted.filter((flag) => !present.has(flag))].filter(Boolean).join(' ');
}
