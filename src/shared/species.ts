/**
 * What kind of animal a category holds, apart from its name (the shelter's own word, in its own
 * language): the protocols, the age scale, the Shelter Animals Count report and the portals read this,
 * never the name.
 */
export const SPECIES = ['dog', 'cat', 'rabbit', 'bird', 'small_animal', 'reptile', 'horse', 'other'] as const;
export type Species = (typeof SPECIES)[number];

/** How the staff's faces (window, CLI) name each species; the published words are the site's catalogues'. */
export const SPECIES_WORDS: Record<Species, string> = {
  dog: 'Dog',
  cat: 'Cat',
  rabbit: 'Rabbit',
  bird: 'Bird',
  small_animal: 'Small animal',
  reptile: 'Reptile',
  horse: 'Horse',
  other: 'Other',
};
