import { foldForSearch } from '../../../../shared/names';
import type { PortalId } from '../../../../shared/portals';
import { ADOPTAPET_BREEDS } from './adoptapet-breeds';
import { BREEDS, type BreedEntry } from './breed-table';
import { PETFINDER_BREEDS } from './petfinder-breeds';
import { RESCUEGROUPS_BREEDS } from './rescuegroups-breeds';

/**
 * Our breeds in each portal's own names (breed-table.ts): matched without case, accents or
 * punctuation, by name or alias, within the animal's species; a trailing "mix" is the mix flag's
 * business, not the breed's ("Lab mix" is a Labrador Retriever).
 */

/** Case, accents, punctuation and line breaks aside: "Border\r\nCollie", "border-collie" and "BORDER COLLIE" are one. */
export const foldBreed = (text: string): string =>
  foldForSearch(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

const MIX_WORD = /\s+(?:mix|mixed|cross|x)$/;

/** Every folded name and alias → its entry, per species. */
const INDEX = new Map<string, BreedEntry>();
for (const entry of BREEDS)
  for (const name of [entry.name, ...(entry.aliases ?? [])]) INDEX.set(`${entry.species}|${foldBreed(name)}`, entry);

/** Each portal's own list of names (its file beside this one), the dogs' and the cats'. */
const PORTAL_LISTS: Readonly<Record<PortalId, Readonly<Record<'Dog' | 'Cat', readonly string[]>>>> = {
  petfinder: PETFINDER_BREEDS,
  rescuegroups: RESCUEGROUPS_BREEDS,
  adoptapet: ADOPTAPET_BREEDS,
};

/** Every name a portal lists, folded → as it spells it, per portal and species. */
const LISTED = new Map<string, string>();
for (const [portal, lists] of Object.entries(PORTAL_LISTS))
  for (const [species, names] of Object.entries(lists))
    for (const name of names) LISTED.set(`${portal}|${species}|${foldBreed(name)}`, name);

/** The portal's own name for a breed typed as the portal spells it (a breed the table has no entry for). */
function listedOn(portal: PortalId, species: string, breed: string): string | null {
  const folded = foldBreed(breed);
  return (
    LISTED.get(`${portal}|${species}|${folded}`) ??
    LISTED.get(`${portal}|${species}|${folded.replace(MIX_WORD, '')}`) ??
    null
  );
}

const nameOn = (entry: BreedEntry, portal: PortalId): string | null =>
  entry.names?.[portal] === undefined ? entry.name : entry.names[portal];

/** The entry a breed as typed stands for, within `species`; null when the table has none. */
function entryOf(species: string, breed: string): BreedEntry | null {
  const folded = foldBreed(breed);
  return INDEX.get(`${species}|${folded}`) ?? INDEX.get(`${species}|${folded.replace(MIX_WORD, '')}`) ?? null;
}

/** The portal's name for the breed as typed: through the table (aliases, other languages), else as its own list spells it; null when it has none. */
export function breedOn(portal: PortalId, species: string | null, breed: string | null | undefined): string | null {
  if (!species || !breed?.trim()) return null;
  const entry = entryOf(species, breed);
  return entry ? nameOn(entry, portal) : listedOn(portal, species, breed);
}

/** Whether the breed as typed says "mix" ("Beagle mix"): the portals take it as a flag. */
export const saysMix = (breed: string | null | undefined): boolean => MIX_WORD.test(foldBreed(breed ?? ''));

const SUGGESTIONS = 3;

/**
 * What to pick instead of a breed the portal does not list: its breeds of the species sharing a
 * word, or the start of one, with what was typed (the closest first).
 */
export function breedSuggestions(portal: PortalId, species: string | null, breed: string): string[] {
  const words = foldBreed(breed)
    .replace(MIX_WORD, '')
    .split(' ')
    .filter((word) => word.length >= 3);
  const scored: Array<{ name: string; score: number }> = [];
  // The portal's own list beyond the table: by whole words only, as its names carry no aliases to bear out a guess.
  const listed =
    species === 'Dog' || species === 'Cat'
      ? PORTAL_LISTS[portal][species].map((name): BreedEntry & { wholeWords?: true } => ({
          species,
          name,
          wholeWords: true,
        }))
      : [];
  for (const entry of [...BREEDS, ...listed]) {
    const name = nameOn(entry, portal);
    if (entry.species !== species || name === null) continue;
    const theirs = [entry.name, ...(entry.aliases ?? [])].flatMap((text) => foldBreed(text).split(' '));
    const prefix = (word: string): boolean =>
      !('wholeWords' in entry) &&
      theirs.some(
        (their) => their.length >= 4 && (their.startsWith(word.slice(0, 4)) || word.startsWith(their.slice(0, 4))),
      );
    const score = words.reduce((sum, word) => sum + (theirs.includes(word) ? 2 : prefix(word) ? 1 : 0), 0);
    if (score > 0 && !scored.some((known) => known.name === name)) scored.push({ name, score });
  }
  return scored
    .sort((a, b) => b.score - a.score || a.name.localeCompare(b.name))
    .slice(0, SUGGESTIONS)
    .map(({ name }) => name);
}
