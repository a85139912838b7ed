/** `export rescuegroups` writes their import file and photos, keeps out (whole) an animal with a problem, and warns before dropping one it listed. */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { Engine } from '../../src/main/engine/engine';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { runCliInProcess } from '../helpers/cli-in-process';

let dataDir: string | undefined;
afterEach(() => {
  if (dataDir) removeTempDir(dataDir);
  dataDir = undefined;
});

const cli = (...args: string[]) => runCliInProcess(dataDir!, args);

describe('export rescuegroups', () => {
  it('lists each animal’s problems, exports the rest with their photos, and warns before dropping a listed one', async () => {
    dataDir = makeTempDir();
    const engine = new Engine({ dataDir, environment: 'production' });
    let biscuit: number;
    let pepper: number;
    try {
      const dogs = 1; // the seed's "Dogs"
      biscuit = engine.services.pets.create({ name: 'Biscuit', categoryId: dogs, status: 'available' }).id;
      pepper = engine.services.pets.create({ name: 'Pepper', categoryId: dogs, status: 'available' }).id;
      engine.services.petProfiles.set(biscuit, {
        breedPrimary: 'Labrador Retriever',
        sex: 'female',
        birthDate: '2021',
        microchipNumber: '985112003456789',
        description: 'Calm.\n\nLoves walks.',
      });
      engine.services.petProfiles.set(pepper, { breedPrimary: 'Beagle', birthDate: '2020-05' });
      // A phone photo: GPS in its EXIF.
      const withGps = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#a0522d' } })
        .jpeg()
        .withExif({ IFD0: { Make: 'Phone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
        .toBuffer();
      expect((await sharp(withGps).metadata()).exif).toBeDefined();
      await engine.services.photos.add(biscuit, [{ name: 'biscuit.jpg', bytes: withGps }]);
    } finally {
      engine.close();
    }

    const out = path.join(dataDir, 'rg');
    const first = await cli('--json', 'export', 'rescuegroups', '--out', out);
    expect(first.code, first.stderr).toBe(0);
    const result = JSON.parse(first.stdout);
    expect(result.listed).toEqual([{ id: biscuit, name: 'Biscuit', photos: 1 }]);
    expect(result.refused).toEqual([
      {
        id: pepper,
        name: 'Pepper',
        problems: [
          { field: 'sex', problem: 'missing' },
          { field: 'photo', problem: 'missing' },
        ],
      },
    ]);
    const rows = parse(fs.readFileSync(path.join(out, 'rescuegroups.csv'))) as string[][];
    expect(rows).toHaveLength(2);
    const record = Object.fromEntries(rows[0]!.map((column, index) => [column, rows[1]![index]]));
    expect(record).toMatchObject({
      externalID: `adoption-desk-${biscuit}`,
      name: 'Biscuit',
      type: 'Dog',
      priBreed: 'Labrador Retriever',
      sex: 'Female',
      dsc: 'Calm. Loves walks.',
      photo1: `adoption-desk-${biscuit}-1.jpg`,
    });
    expect(fs.readFileSync(path.join(out, 'rescuegroups.csv'), 'utf8')).not.toContain('985112003456789');
    const photo = await sharp(path.join(out, `adoption-desk-${biscuit}-1.jpg`)).metadata();
    expect(photo.exif).toBeUndefined();

    // Biscuit loses its breed: the next file would leave it out, and RescueGroups.org would delete it.
    const cleared = await cli('pets', 'profile', 'set', String(biscuit), '--clear', 'breed');
    expect(cleared.code, cleared.stderr).toBe(0);
    const before = fs.readFileSync(path.join(out, 'rescuegroups.csv'));
    const refused = await cli('export', 'rescuegroups', '--out', out);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/remove 1 animal\(s\) RescueGroups\.org lists .*Biscuit.*--allow-drop/s);
    expect(fs.readFileSync(path.join(out, 'rescuegroups.csv'))).toEqual(before);

    const allowed = await cli('--json', 'export', 'rescuegroups', '--out', out, '--allow-drop');
    expect(allowed.code, allowed.stderr).toBe(0);
    expect(JSON.parse(allowed.stdout).dropped).toEqual([{ id: biscuit, name: 'Biscuit', reason: 'refused' }]);
  }, 120_000);
});
