/**
 * Breeds: each portal accepts only its own breed names. Ours are mapped through the
 * shipped table (publishing/portals/breeds/) without case, accents, punctuation or line breaks, by
 * name or alias, within the species; an animal whose breed a portal does not list is kept out, with
 * the names to pick instead.
 */
import { describe, expect, it } from 'vitest';
import type { PortalId } from '../../src/shared/portals';
import { ADOPTAPET } from '../../src/main/publishing/portals/adoptapet';
import { BREEDS } from '../../src/main/publishing/portals/breeds/breed-table';
import { breedOn, breedSuggestions, foldBreed } from '../../src/main/publishing/portals/breeds/breeds';
import { PETFINDER } from '../../src/main/publishing/portals/petfinder';
import { planExport, type Portal, type PortalAnimal } from '../../src/main/publishing/portals/portal';
import { RESCUEGROUPS } from '../../src/main/publishing/portals/rescuegroups';

const animal = (overrides: Partial<PortalAnimal>): PortalAnimal => ({
  id: 1,
  name: 'Biscuit',
  status: 'available',
  category: 'Dogs',
  species: 'dog',
  breedPrimary: 'Beagle',
  breedSecondary: null,
  breedMixed: null,
  sex: 'female',
  ageGroup: 'adult',
  size: null,
  color: null,
  coat: null,
  description: null,
  goodWith: { kids: null, dogs: null, cats: null },
  houseTrained: null,
  spayedNeutered: null,
  specialNeeds: null,
  photos: ['/store/a.jpg'],
  photoUrls: ['https://example.test/a.jpg'],
  ...overrides,
});

describe('breed mapping', () => {
  it('maps what staff type to each portal’s own name: case, accents, punctuation, line breaks and aliases aside', () => {
    expect(breedOn('petfinder', 'Dog', 'labrador retriever')).toBe('Labrador Retriever');
    expect(breedOn('petfinder', 'Dog', 'LAB')).toBe('Labrador Retriever');
    expect(breedOn('rescuegroups', 'Dog', 'Border\r\nCollie')).toBe('Border Collie');
    expect(breedOn('adoptapet', 'Dog', 'Deutscher Schaferhund')).toBe('German Shepherd Dog');
    expect(breedOn('petfinder', 'Dog', 'Bouledogue francais')).toBe('French Bulldog');
    expect(breedOn('petfinder', 'Dog', 'shar-pei')).toBe('Shar-Pei');
    // A trailing "mix" is the mix flag's business.
    expect(breedOn('petfinder', 'Dog', 'Pit bull mix')).toBe('Pit Bull Terrier');
    // One breed, each portal's spelling.
    expect(breedOn('petfinder', 'Cat', 'DSH')).toBe('Domestic Short Hair');
    expect(breedOn('adoptapet', 'Cat', 'DSH')).toBe('Domestic Shorthair');
    expect(breedOn('adoptapet', 'Dog', 'Blue Heeler')).toBe('Australian Cattle Dog (Blue Heeler)');
    expect(breedOn('rescuegroups', 'Dog', 'Yorkie')).toBe('Yorkshire Terrier Yorkie');
  });

  it('maps within the species, and not at all what the table lacks or the portal does not list', () => {
    expect(breedOn('petfinder', 'Cat', 'Beagle')).toBeNull();
    expect(breedOn('petfinder', 'Dog', 'Labradoodle')).toBeNull();
    expect(breedOn('adoptapet', 'Cat', 'Tuxedo')).toBeNull();
    expect(breedOn('petfinder', 'Cat', 'Tuxedo')).toBe('Tuxedo');
  });

  it('ships one table with no two entries of a species claiming the same name', () => {
    const seen = new Map<string, string>();
    for (const entry of BREEDS) {
      for (const name of [entry.name, ...(entry.aliases ?? [])]) {
        const key = `${entry.species}|${foldBreed(name)}`;
        expect(seen.get(key), `${name} (${entry.species}) is claimed by ${seen.get(key)} too`).toBeUndefined();
        seen.set(key, entry.name);
      }
    }
  });

  it('suggests the portal’s closest names in its own spelling, the most words shared first', () => {
    expect(breedSuggestions('petfinder', 'Dog', 'Labradoodle')).toEqual(['Labrador Retriever']);
    expect(breedSuggestions('petfinder', 'Dog', 'Jack Russell Chihuahua')).toEqual([
      'Jack Russell Terrier',
      'Chihuahua',
    ]);
    expect(breedSuggestions('adoptapet', 'Dog', 'Heeler cross-breed')).toEqual(['Australian Cattle Dog (Blue Heeler)']);
    expect(breedSuggestions('petfinder', 'Dog', 'Xolo')).toEqual([]);
  });
});

describe('the pre-flight of every portal', () => {
  const portals: ReadonlyArray<Portal<string>> = [RESCUEGROUPS, PETFINDER, ADOPTAPET];

  it.each(portals.map((portal) => [portal.id, portal] as const))(
    '%s keeps out an animal whose breed it does not list, saying what to pick, and lists the rest in its names',
    (id: PortalId, portal) => {
      const plan = planExport(
        portal,
        [
          animal({ id: 1, name: 'Biscuit', breedPrimary: 'lab', breedSecondary: 'Beagle mix' }),
          animal({ id: 2, name: 'Noodle', breedPrimary: 'Labradoodle' }),
          animal({ id: 3, name: 'Odd', breedPrimary: 'Beagle', breedSecondary: 'Snarfhound-ish' }),
        ],
        new Map(),
      );
      expect(plan.listed.map(({ animal: listed }) => listed.name)).toEqual(['Biscuit']);
      expect(plan.refused.map(({ animal: refused, problems }) => [refused.name, problems])).toEqual([
        [
          'Noodle',
          [
            {
              field: 'breed',
              problem: 'not_listed',
              value: 'Labradoodle',
              portal: id,
              suggestions: ['Labrador Retriever'],
            },
          ],
        ],
        [
          'Odd',
          [{ field: 'secondaryBreed', problem: 'not_listed', value: 'Snarfhound-ish', portal: id, suggestions: [] }],
        ],
      ]);
      expect(Object.values(plan.listed[0]!.row)).toContain('Labrador Retriever');
      expect(Object.values(plan.listed[0]!.row)).toContain('Beagle');
    },
  );
});
