/**
 * Each portal's own breed list, as data (publishing/portals/breeds/<portal>-breeds.ts): every name
 * on it goes through as the portal spells it, the table's names for the portal are all on it, and
 * the breeds a French shelter met kept out (English Setter, Beauceron, Malinois, Cane Corso, the
 * griffons, Chartreux) are listed, typed in English or in French.
 */
import { describe, expect, it } from 'vitest';
import type { PortalId } from '../../src/shared/portals';
import { ADOPTAPET } from '../../src/main/publishing/portals/adoptapet';
import { ADOPTAPET_BREEDS } from '../../src/main/publishing/portals/breeds/adoptapet-breeds';
import { BREEDS } from '../../src/main/publishing/portals/breeds/breed-table';
import { breedOn, breedSuggestions } from '../../src/main/publishing/portals/breeds/breeds';
import { PETFINDER_BREEDS } from '../../src/main/publishing/portals/breeds/petfinder-breeds';
import { RESCUEGROUPS_BREEDS } from '../../src/main/publishing/portals/breeds/rescuegroups-breeds';
import { PETFINDER } from '../../src/main/publishing/portals/petfinder';
import { planExport, type Portal, type PortalAnimal } from '../../src/main/publishing/portals/portal';
import { RESCUEGROUPS } from '../../src/main/publishing/portals/rescuegroups';

const animal = (id: number, category: string, breedPrimary: string): PortalAnimal => ({
  id,
  name: `Animal ${id}`,
  status: 'available',
  category,
  species: category === 'Cats' ? 'cat' : 'dog',
  breedPrimary,
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
});

/** Each portal, its list, and its names for the breeds the French shelter typed. */
const PORTALS: ReadonlyArray<{
  id: PortalId;
  portal: Portal<string>;
  list: typeof PETFINDER_BREEDS;
  expected: Record<string, string>;
}> = [
  {
    id: 'petfinder',
    portal: PETFINDER,
    list: PETFINDER_BREEDS,
    expected: {
      'English Setter': 'English Setter',
      'Setter anglais': 'English Setter',
      Beauceron: 'Beauceron',
      Malinois: 'Belgian Shepherd / Malinois',
      'Cane Corso': 'Cane Corso',
      'Griffon Korthals': 'Wirehaired Pointing Griffon',
      'Griffon bruxellois': 'Brussels Griffon',
      Bullmastiff: 'Bullmastiff',
    },
  },
  {
    id: 'rescuegroups',
    portal: RESCUEGROUPS,
    list: RESCUEGROUPS_BREEDS,
    expected: {
      'English Setter': 'English Setter',
      'Setter anglais': 'English Setter',
      Beauceron: 'Beauceron',
      Malinois: 'Belgian Shepherd Malinois',
      'Cane Corso': 'Cane Corso Mastiff',
      'Griffon Korthals': 'Wirehaired Pointing Griffon',
      'Griffon bruxellois': 'Brussels Griffon',
      Bullmastiff: 'Bullmastiff',
    },
  },
  {
    id: 'adoptapet',
    portal: ADOPTAPET,
    list: ADOPTAPET_BREEDS,
    expected: {
      'English Setter': 'English Setter',
      'Setter anglais': 'English Setter',
      Beauceron: 'Beauceron',
      Malinois: 'Belgian Shepherd Malinois',
      'Cane Corso': 'Cane Corso',
      'Griffon Korthals': 'Wirehaired Pointing Griffon',
      'Griffon bruxellois': 'Brussels Griffon',
      Bullmastiff: 'Bullmastiff',
    },
  },
];

describe.each(PORTALS)('$id’s own breed list', ({ id, portal, list, expected }) => {
  it('takes every name on it as the portal spells it, in any case', () => {
    for (const species of ['Dog', 'Cat'] as const) {
      for (const name of list[species]) {
        expect(breedOn(id, species, name), `${species} ${name}`).toBe(name);
        expect(breedOn(id, species, name.toUpperCase()), `${species} ${name}`).toBe(name);
      }
    }
  });

  it('holds the table’s name for the portal of every dog and cat breed', () => {
    for (const entry of BREEDS.filter((one) => one.species === 'Dog' || one.species === 'Cat')) {
      const name = entry.names?.[id] === undefined ? entry.name : entry.names[id];
      if (name !== null) expect(list[entry.species as 'Dog' | 'Cat'], entry.name).toContain(name);
    }
  });

  it('lists the breeds the table lacked, typed in English or French, and the Chartreux', async () => {
    for (const [typed, name] of Object.entries(expected)) expect(breedOn(id, 'Dog', typed), typed).toBe(name);
    expect(breedOn(id, 'Cat', 'Chartreux')).toBe('Chartreux');
    // "Griffon" alone is several breeds: kept out, with the griffons to pick from.
    expect(breedOn(id, 'Dog', 'Griffon')).toBeNull();
    expect(breedSuggestions(id, 'Dog', 'Griffon')).toEqual(
      expect.arrayContaining(['Brussels Griffon', 'Wirehaired Pointing Griffon']),
    );
    const plan = planExport(
      portal,
      [
        animal(1, 'Dogs', 'Beauceron'),
        animal(2, 'Dogs', 'Malinois'),
        animal(3, 'Dogs', 'Cane Corso'),
        animal(4, 'Cats', 'Chartreux'),
      ],
      new Map(),
    );
    expect(plan.refused).toEqual([]);
    expect(plan.listed.map(({ animal: listed }) => listed.id)).toEqual([1, 2, 3, 4]);
  });
});
