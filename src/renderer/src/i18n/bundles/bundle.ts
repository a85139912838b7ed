/**
 * A language's catalogues gathered into one module, so that choosing it fetches one chunk rather
 * than one per file: the window's first paint in French waits for a single round trip.
 */
export type LoadedFiles = Record<string, Record<string, unknown>>;

/** The file's name without its folder and `.json`: `../../locales/fr/pets.json` → `pets`. */
const nameOf = (file: string): string => file.slice(file.lastIndexOf('/') + 1, -'.json'.length);

const byName = (files: LoadedFiles): Record<string, Record<string, unknown>> =>
  Object.fromEntries(Object.entries(files).map(([file, words]) => [nameOf(file), words]));

/** The area files by namespace, and the domain's words as one namespace `domain` with a key per part. */
export function bundle(areas: LoadedFiles, domain: LoadedFiles): Record<string, Record<string, unknown>> {
  return { ...byName(areas), domain: byName(domain) };
}
