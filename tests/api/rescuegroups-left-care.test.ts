/**
 * An animal RescueGroups.org lists from our last file, whose stay then ends other than by
 * adoption (here: it died in care), is left out of the next file — their import deletes it — and is
 * never written as "Adopted". The export goes ahead without --allow-drop and names it as removed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import sharp from 'sharp';
import { afterEach, expect, it } from 'vitest';
import { Engine } from '../../src/main/engine/engine';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

let dataDir: string | undefined;
afterEach(() => {
  if (dataDir) removeTempDir(dataDir);
  dataDir = undefined;
});

it('a listed animal that died in care is removed from the next file, not written as adopted', async () => {
  dataDir = makeTempDir();
  const engine = new Engine({ dataDir, environment: 'production' });
  try {
    const { services } = engine;
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#a0522d' } })
      .jpeg()
      .toBuffer();
    const listable = async (name: string) => {
      const { petId } = services.movements.intake({ pet: { name, categoryId: 1 }, type: 'stray' }, 'cli');
      services.petProfiles.set(petId, { breedPrimary: 'Beagle', sex: 'male', birthDate: '2022' });
      await services.photos.add(petId, [{ name: `${name}.jpg`, bytes: photo }]);
      return petId;
    };
    const stays = await listable('Stays');
    const died = await listable('Sadly Gone');
    const adopted = await listable('Homeward');
    const out = path.join(dataDir, 'rg');
    const first = engine.publishing.portals.exportRescueGroups(out, { allowDrops: false });
    expect(first.listed.map((animal) => animal.id)).toEqual([stays, died, adopted]);

    services.movements.outcome({ petId: died, type: 'died_in_care' }, 'cli');
    const adopter = services.people.add({ name: 'Ada Adopter' }).person;
    services.movements.adopt({ petId: adopted, personId: adopter.id, fee: 50, feeMethod: 'cash' }, 'cli');

    const second = engine.publishing.portals.exportRescueGroups(out, { allowDrops: false });
    expect(second.removed).toEqual([{ id: died, name: 'Sadly Gone' }]);
    expect(second.dropped).toEqual([]);
    const [header, ...rows] = parse(fs.readFileSync(path.join(out, 'rescuegroups.csv'))) as string[][];
    const records = rows.map((row) => Object.fromEntries(header!.map((column, index) => [column, row[index]])));
    expect(records.map((record) => [record.name, record.status])).toEqual([
      ['Stays', 'Available'],
      ['Homeward', 'Adopted'],
    ]);
    // Not listed any more: the export after that has nothing of it to remove or drop.
    expect(engine.publishing.portals.listings().map((listing) => listing.petId)).toEqual([stays, adopted]);
    const third = engine.publishing.portals.exportRescueGroups(out, { allowDrops: false });
    expect([third.removed, third.dropped]).toEqual([[], []]);
  } finally {
    engine.close();
  }
});
