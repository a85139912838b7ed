import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { speciesOf, type PortalAnimal } from '../../src/main/publishing/portals/portal';
import { planRescueGroupsExport, rescueGroupsCsv } from '../../src/main/publishing/portals/rescuegroups';

const complete: PortalAnimal = {
  id: 7,
  name: 'Biscuit',
  status: 'available',
  category: 'Dogs',
  species: 'dog',
  breedPrimary: 'Labrador Retriever',
  breedSecondary: 'Boxer',
  breedMixed: true,
  sex: 'female',
  ageGroup: 'adult',
  size: 'xlarge',
  color: 'Brindle',
  coat: 'short',
  description: 'Loves walks.\n\nKnows "sit", and paw, too.',
  goodWith: { kids: 'yes', dogs: 'no', cats: 'unknown' },
  houseTrained: true,
  spayedNeutered: false,
  specialNeeds: 'Daily pill\nwith food',
  photos: ['/store/a.webp', '/store/b.webp', '/store/c.webp', '/store/d.webp', '/store/e.webp'],
};

describe('the RescueGroups.org import file', () => {
  it('maps a complete animal onto their documented columns, one line a text, four photos at most', () => {
    const plan = planRescueGroupsExport([complete], new Map());
    expect(plan.refused).toEqual([]);
    const [header, row] = parse(rescueGroupsCsv(plan)) as string[][];
    const record = Object.fromEntries(header!.map((column, index) => [column, row![index]]));
    expect(record).toEqual({
      externalID: 'adoption-desk-7',
      name: 'Biscuit',
      status: 'Available',
      type: 'Dog',
      priBreed: 'Labrador Retriever',
      secBreed: 'Boxer',
      mix: 'Yes',
      sex: 'Female',
      age: 'Adult',
      okwithdogs: 'No',
      okwithcats: '',
      okwithkids: 'Yes',
      housebroken: 'Yes',
      altered: 'No',
      specialNeeds: 'Yes',
      size: 'X-Large',
      uptodate: '',
      color: 'Brindle',
      coatLength: 'Short',
      dsc: 'Loves walks. Knows "sit", and paw, too. Special needs: Daily pill with food',
      photo1: 'adoption-desk-7-1.jpg',
      photo2: 'adoption-desk-7-2.jpg',
      photo3: 'adoption-desk-7-3.jpg',
      photo4: 'adoption-desk-7-4.jpg',
    });
  });

  it('leaves out, whole, an animal with a missing field, and says which', () => {
    const noSex = { ...complete, id: 8, name: 'Pepper', sex: 'unknown' as const, photos: [] };
    const mixOnly = { ...complete, id: 9, breedPrimary: 'Mixed' };
    const lizard = { ...complete, id: 10, category: 'Dragons', species: 'other' as const };
    const plan = planRescueGroupsExport([complete, noSex, mixOnly, lizard], new Map());
    expect(plan.listed.map(({ animal }) => animal.id)).toEqual([7]);
    expect(plan.refused.map(({ animal, problems }) => [animal.id, problems])).toEqual([
      [
        8,
        [
          { field: 'sex', problem: 'missing' },
          { field: 'photo', problem: 'missing' },
        ],
      ],
      [9, [{ field: 'breed', problem: 'unmapped', value: 'Mixed' }]],
      [10, [{ field: 'species', problem: 'unmapped', value: 'Dragons' }]],
    ]);
    expect(rescueGroupsCsv(plan).split('\r\n').filter(Boolean)).toHaveLength(2);
  });

  it('names the animals the last file listed that this one would drop (their import deletes them)', () => {
    const adopted = { ...complete, id: 11, name: 'Mango', status: 'sold' as const };
    const refusedNow = { ...complete, id: 12, name: 'Olive', ageGroup: null };
    const plan = planRescueGroupsExport(
      [complete, adopted, refusedNow, { ...complete, id: 13, status: 'sold' }],
      new Map([
        [11, 'Mango'],
        [12, 'Olive'],
        [14, 'Removed since'],
      ]),
    );
    // Adopted and listed before: in the file as Adopted. Adopted and never listed: not in it.
    expect(plan.listed.map(({ animal, row }) => [animal.id, row.status])).toEqual([
      [7, 'Available'],
      [11, 'Adopted'],
    ]);
    expect(plan.dropped).toEqual([
      { id: 12, name: 'Olive', reason: 'refused' },
      { id: 14, name: 'Removed since', reason: 'gone' },
    ]);
  });

  it("names the portals' species by our category's species, never by its name", () => {
    expect((['dog', 'cat', 'rabbit', 'bird', 'small_animal', 'reptile', 'horse'] as const).map(speciesOf)).toEqual([
      'Dog',
      'Cat',
      'Rabbit',
      'Bird',
      'Small Animal',
      'Reptile',
      'Horse',
    ]);
    expect(speciesOf('other')).toBeNull();
  });
});
