/** A table of words keyed by the engine's codes, each read in the language shown when it is read: a table made at start-up still follows a switch. */
export function wordTable<K extends string>(
  codes: readonly K[],
  say: (code: K) => string,
): Readonly<Record<K, string>> {
  const table = {} as Record<K, string>;
  for (const code of codes) Object.defineProperty(table, code, { enumerable: true, get: () => say(code) });
  return table;
}
