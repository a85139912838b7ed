/**
 * Our RescueGroups.org file against their published field list ("Supported animal import fields",
 * userguide.rescuegroups.org): externalID, name, status, type and priBreed required; the values of
 * the enumerated columns theirs; one line an animal; and an animal the file leaves out is deleted, so
 * one that left care other than by adoption is left out, never written as "Adopted".
 */
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { PortalAnimal } from '../../src/main/publishing/portals/portal';
import {
  planRescueGroupsExport,
  rescueGroupsCsv,
  RESCUEGROUPS_COLUMNS,
} from '../../src/main/publishing/portals/rescuegroups';

const animal = (id: number, overrides: Partial<PortalAnimal> = {}): PortalAnimal => ({
  id,
  name: `Animal ${id}`,
  status: 'available',
  category: 'Dogs',
  species: 'dog',
  breedPrimary: 'Beagle',
  breedSecondary: null,
  breedMixed: null,
  sex: 'male',
  ageGroup: 'young',
  size: 'medium',
  color: 'Tan',
  coat: 'short',
  description: 'Friendly.',
  goodWith: { kids: 'yes', dogs: null, cats: 'no' },
  houseTrained: null,
  spayedNeutered: true,
  specialNeeds: null,
  photos: ['/store/a.jpg'],
  ...overrides,
});

/** Their documented values for the columns that take a list (blank: not said). */
const DOCUMENTED: Partial<Record<(typeof RESCUEGROUPS_COLUMNS)[number], string[]>> = {
  mix: ['Yes', 'No', ''],
  sex: ['Male', 'Female', ''],
  age: ['Baby', 'Young', 'Adult', 'Senior', ''],
  okwithdogs: ['Yes', 'No', ''],
  okwithcats: ['Yes', 'No', ''],
  okwithkids: ['Yes', 'No', ''],
  housebroken: ['Yes', 'No', ''],
  specialNeeds: ['Yes', 'No', ''],
  altered: ['Yes', 'No', ''],
  size: ['Small', 'Medium', 'Large', 'X-Large', ''],
  uptodate: ['Yes', 'No', ''],
  coatLength: ['Short', 'Medium', 'Long', ''],
  status: ['Available', 'Pending', 'Adopted'],
};
const REQUIRED = ['externalID', 'name', 'status', 'type', 'priBreed'] as const;

describe('the RescueGroups.org file against their field list', () => {
  it('leaves out, as removed, a listed animal that left care other than by adoption: never "Adopted", never a drop', () => {
    const died = animal(2, { name: 'Sadly Gone', status: 'sold', leftCare: true });
    const adopted = animal(3, { name: 'Homeward', status: 'sold' });
    const neverListed = animal(4, { status: 'sold', leftCare: true });
    const plan = planRescueGroupsExport(
      [animal(1), died, adopted, neverListed],
      new Map([
        [2, 'Sadly Gone'],
        [3, 'Homeward'],
      ]),
    );
    expect(plan.listed.map(({ animal: listed, row }) => [listed.id, row.status])).toEqual([
      [1, 'Available'],
      [3, 'Adopted'],
    ]);
    expect(plan.removed).toEqual([{ id: 2, name: 'Sadly Gone' }]);
    expect(plan.dropped).toEqual([]);
    expect(rescueGroupsCsv(plan)).not.toContain('Sadly Gone');
  });

  it('fills every required column, keeps each listed value theirs, and writes one line an animal', () => {
    const animals = [
      animal(1),
      animal(2, {
        name: 'Two\nLines',
        breedPrimary: 'Border\r\nCollie',
        breedSecondary: 'Beagle\u2028Mix',
        color: 'Black\nand white',
        description: 'One.\n\nTwo.\r\nThree.',
        specialNeeds: 'Pill\nat night',
        breedMixed: true,
        sex: 'female',
        ageGroup: 'senior',
        size: 'xlarge',
        coat: 'long',
        houseTrained: false,
        status: 'pending',
      }),
      animal(3, { coat: 'wire', size: null, ageGroup: 'baby', goodWith: { kids: 'unknown', dogs: 'yes', cats: null } }),
    ];
    const text = rescueGroupsCsv(planRescueGroupsExport(animals, new Map()));
    const [header, ...rows] = parse(text) as string[][];
    expect(header).toEqual([...RESCUEGROUPS_COLUMNS]);
    expect(rows).toHaveLength(3);
    // A header and three animals: four records, four lines (CRLF between them, none inside a cell).
    expect(text.split('\r\n').filter(Boolean)).toHaveLength(4);
    for (const row of rows) {
      const record = Object.fromEntries(header!.map((column, index) => [column, row[index]!]));
      for (const column of REQUIRED) expect(record[column], column).not.toBe('');
      for (const [column, values] of Object.entries(DOCUMENTED))
        expect(values, `${column}: ${record[column]}`).toContain(record[column]);
      for (const cell of row) expect(cell).not.toMatch(/[\r\n\u2028\u2029]/);
    }
  });
});
