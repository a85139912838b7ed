import { foldForSearch } from '../../../../shared/names';
import type { PortalId } from '../../../../shared/portals';
import { BREEDS, type BreedEntry } from './breed-table';

/**
 * Our breeds in each portal's own names (breed-table.ts): matched without case, accents or
 * punctuation, by name or alias, within the animal's species; a trailing "mix" is the mix flag's
 * business, not the breed's ("Lab mix" is a Labrador Retriever).
 */

/** Case, accents, punctuation and line breaks aside: "Border\r\nCollie", "border-collie" and "BORDER COLLIE" are one. */
export const foldBreed = (text: string): string => foldForSearch(text).replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

const MIX_WORD = /\s+(?:mix|mixed|cross|x)$/;

/** Every folded name and alias → its entry, per species. */
const INDEX = new Map<string, BreedEntry>();
for (const entry of BREEDS) for (const name of [entry.name, ...(entry.aliases ?? [])]) INDEX.set(`${entry.species}|${foldBreed(name)}`, entry);

const nameOn = (entry: BreedEntry, portal: PortalId): string | null => (entry.names?.[portal] === undefined ? entry.name : entry.names[portal]);

/** The entry a breed as typed stands for, within `species`; null when the table has none. */
function entryOf(species: string, breed: string): BreedEntry | null {
  const folded = foldBreed(breed);
  return INDEX.get(`${species}|${folded}`) ?? INDEX.get(`${species}|${folded.replace(MIX_WORD, '')}`) ?? null;
}

/** The portal's name for the breed as typed, or null when it has none (not in the table, or not on that portal). */
export function breedOn(portal: PortalId, species: string | null, breed: string | null | undefined): string | null {
  if (!species || !breed?.trim()) return null;
  const entry = entryOf(species, breed);
  return entry ? nameOn(entry, portal) : null;
}

/** Whether the breed as typed says "mix" ("Beagle mix"): the portals take it as a flag. */
export const saysMix = (breed: string | null | undefined): boolean => MIX_WORD.test(foldBreed(breed ?? ''));

const SUGGESTIONS = 3;

/**
 * What to pick instead of a breed the portal does not list: its breeds of the species sharing a
 * word, or the start of one, with what was typed (the closest first).
 */
export function breedSuggestions(portal: PortalId, species: string | null, breed: string): string[] {
  const words = foldBreed(breed).replace(MIX_WORD, '').split(' ').filter((word) => word.length >= 3);
  const scored: Array<{ name: string; score: number }> = [];
  for (const entry of BREEDS) {
    const name = nameOn(entry, portal);
    if (entry.species !== species || name === null) continue;
    const theirs = [entry.name, ...(entry.aliases ?? [])].flatMap((text) => foldBreed(text).split(' '));
    const score = words.reduce((sum, word) => sum + (theirs.includes(word) ? 2 : theirs.some((their) => their.length >= 4 && (their.startsWith(word.slice(0, 4)) || word.startsWith(their.slice(0, 4)))) ? 1 : 0), 0);
    if (score > 0 && !scored.some((known) => known.name === name)) scored.push({ name, score });
  }
  return scored.sort((a, b) => b.score - a.score || a.name.localeCompare(b.name)).slice(0, SUGGESTIONS).map(({ name }) => name);
}
