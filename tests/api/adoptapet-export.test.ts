/**
 * The portal exports' end-to-end check: the Petfinder and Adopt-a-Pet files are written with one animal refused
 * for a breed the portal does not list, and the reason shown (with what to pick). Adopt-a-Pet's
 * pets.csv has no header and import.cfg names its columns; its first export asks for a confirmation
 * (their first upload erases what was listed). The shots fields of all three portals say what care's
 * records say. Each animal's last export state per portal, in the CLI.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../src/main/engine/engine';
import { ADOPTAPET_COLUMNS } from '../../src/main/publishing/portals/adoptapet';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { runCliInProcess } from '../helpers/cli-in-process';

let dataDir: string;
let address: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  dataDir = makeTempDir();
  const engine = new Engine({ dataDir, environment: 'production' });
  try {
    const { services } = engine;
    const account = services.accounts.create({ name: 'Happy Paws', planId: 'pro' });
    const pet = (name: string, categoryId: number) =>
      (ids[name] = services.pets.create({ name, categoryId, status: 'available' }).id);
    // The seed's categories: 1 Dogs, 2 Cats.
    services.petProfiles.set(pet('Biscuit', 1), {
      breedPrimary: 'lab',
      breedSecondary: 'Boxer',
      sex: 'female',
      birthDate: '2021-04-02',
      goodWithKids: 'yes',
      goodWithCats: 'no',
      spayedNeutered: true,
      microchipNumber: '985112003456789',
      internalNotes: 'Bit the vet once',
    });
    services.petProfiles.set(pet('Pepper', 1), { breedPrimary: 'Beagle mix', sex: 'male', birthDate: '2024' });
    services.petProfiles.set(pet('Mochi', 2), { breedPrimary: 'domestic shorthair', sex: 'female', birthDate: '2019' });
    // "Labradoodle" is no breed the portals list: refused, with what to pick.
    services.petProfiles.set(pet('Noodle', 1), { breedPrimary: 'Labradoodle', sex: 'male', birthDate: '2022' });
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#a0522d' } })
      .jpeg()
      .toBuffer();
    for (const name of ['Biscuit', 'Pepper', 'Mochi', 'Noodle'])
      await services.photos.add(ids[name]!, [{ name: `${name}.jpg`, bytes: jpeg }]);
    // Care: Biscuit is current, Pepper's shot is overdue, Mochi has no record.
    services.care.give({ doses: [{ petId: ids.Biscuit!, vaccine: 'DHPP', batch: 'DH-1' }] }, 'cli');
    services.care.give({ doses: [{ petId: ids.Pepper!, vaccine: 'DHPP', batch: 'DH-2' }] }, 'cli');
    services.care.schedule({ petId: ids.Pepper!, vaccine: 'Rabies', dueDate: '2025-01-01' }, 'cli');
    const project = engine.sites.projects.create({ accountId: account.id, name: 'Happy Paws' });
    await engine.sites.projects.deployAdoptionPage(project.slug);
    address = engine.sites.liveAddress(project.id, project.slug);
  } finally {
    engine.close();
  }
}, 60_000);

afterAll(() => removeTempDir(dataDir));

const cli = (...args: string[]) => runCliInProcess(dataDir, args);
const rowsOf = (file: string) => parse(fs.readFileSync(file)) as string[][];
const byName = (rows: string[][], header: readonly string[], name: string) => {
  const row = rows.find((cells) => cells.includes(name));
  return row ? Object.fromEntries(header.map((column, index) => [column, row[index]])) : undefined;
};
const NOODLE_REASON = 'breed "Labradoodle" is not a breed';

describe('export adoptapet and petfinder', () => {
  it('writes pets.csv without a header and import.cfg, once the first upload is confirmed; Noodle is refused with what to pick', async () => {
    const out = path.join(dataDir, 'adoptapet');
    const unconfirmed = await cli('export', 'adoptapet', '--out', out);
    expect(unconfirmed.code).not.toBe(0);
    expect(unconfirmed.stderr).toContain(
      'The first upload to Adopt-a-Pet from any software erases every animal listed there before',
    );
    expect(unconfirmed.stderr).toContain('--confirm-first-upload');
    expect(fs.existsSync(path.join(out, 'pets.csv'))).toBe(false);

    const made = await cli('export', 'adoptapet', '--out', out, '--confirm-first-upload');
    expect(made.code, made.stderr).toBe(0);
    expect(made.stderr).toContain('3 animal(s) written to');
    expect(made.stdout).toContain(`${NOODLE_REASON} Adopt-a-Pet lists: pick one it lists, e.g. "Labrador Retriever"`);
    const rows = rowsOf(path.join(out, 'pets.csv'));
    // No header: the first line is an animal.
    expect(rows).toHaveLength(3);
    expect(rows[0]![0]).toMatch(/^adoption-desk-\d+$/);
    expect(rows.every((row) => row.length === ADOPTAPET_COLUMNS.length)).toBe(true);
    const cfg = fs.readFileSync(path.join(out, 'import.cfg'), 'utf8');
    expect(cfg).toContain(
      'Id=#1\r\nAnimal=#2\r\nBreed=#3\r\nBreed2=#4\r\nPurebred=#5\r\nAge=#6\r\nName=#7\r\nSize=#8\r\nSex=#9\r\nDescription=#10\r\nStatus=#11\r\nGoodWKids=#12\r\nGoodWCats=#13\r\nGoodWDogs=#14\r\nSpayedNeutered=#15\r\nShotsCurrent=#16\r\nHousetrained=#17\r\nDeclawed=#18\r\nSpecialNeeds=#19',
    );
    const biscuit = byName(rows, ADOPTAPET_COLUMNS, 'Biscuit');
    expect(biscuit).toMatchObject({
      Id: `adoption-desk-${ids.Biscuit}`,
      Animal: 'Dog',
      Breed: 'Labrador Retriever',
      Breed2: 'Boxer',
      Purebred: 'N',
      Age: 'Adult',
      Sex: 'F',
      Status: 'Available',
      GoodWKids: 'Y',
      GoodWCats: 'N',
      GoodWDogs: '',
      SpayedNeutered: 'Y',
      ShotsCurrent: 'Y',
    });
    expect(biscuit!.PhotoURL).toMatch(new RegExp(`^${address}/photos/[0-9a-f]+\\.jpg$`));
    expect(byName(rows, ADOPTAPET_COLUMNS, 'Pepper')).toMatchObject({
      Breed: 'Beagle',
      Purebred: 'N',
      ShotsCurrent: 'N',
    });
    expect(byName(rows, ADOPTAPET_COLUMNS, 'Mochi')).toMatchObject({
      Animal: 'Cat',
      Breed: 'Domestic Shorthair',
      ShotsCurrent: '',
    });
    const text = fs.readFileSync(path.join(out, 'pets.csv'), 'utf8');
    for (const secret of ['985112003456789', 'Bit the vet once', 'Noodle']) expect(text).not.toContain(secret);

    // Once done, no confirmation: the next upload replaces the listing.
    const again = await cli('export', 'adoptapet', '--out', out);
    expect(again.code, again.stderr).toBe(0);

    // Each animal's last export state, per portal.
    const listings = await cli('export', 'listings', 'adoptapet');
    expect(listings.code, listings.stderr).toBe(0);
    expect(listings.stdout).toMatch(/Noodle\s+kept out\s+\S+\s+breed "Labradoodle"/);
    expect(listings.stdout).toMatch(/Biscuit\s+listed/);
  }, 120_000);

  it('writes petfinder.csv with the same refusal, each breed in Petfinder’s names and Shots from care', async () => {
    const out = path.join(dataDir, 'petfinder');
    const made = await cli('export', 'petfinder', '--out', out);
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toContain(`${NOODLE_REASON} Petfinder lists: pick one it lists, e.g. "Labrador Retriever"`);
    const [header, ...rows] = rowsOf(path.join(out, 'petfinder.csv'));
    expect(rows.map((row) => row[header!.indexOf('AnimalName')])).toEqual(['Biscuit', 'Pepper', 'Mochi']);
    expect(byName(rows, header!, 'Biscuit')).toMatchObject({
      PrimaryBreed: 'Labrador Retriever',
      Shots: '1',
      Mix: '1',
    });
    expect(byName(rows, header!, 'Pepper')).toMatchObject({ PrimaryBreed: 'Beagle', Shots: '', Mix: '1' });
    expect(byName(rows, header!, 'Mochi')).toMatchObject({
      PrimaryBreed: 'Domestic Short Hair',
      Type: 'Cat',
      Shots: '',
    });
  }, 60_000);

  it('RescueGroups.org’s uptodate says Yes, No or nothing, as care says', async () => {
    const out = path.join(dataDir, 'rescuegroups');
    const made = await cli('export', 'rescuegroups', '--out', out);
    expect(made.code, made.stderr).toBe(0);
    const [header, ...rows] = rowsOf(path.join(out, 'rescuegroups.csv'));
    expect(byName(rows, header!, 'Biscuit')).toMatchObject({ uptodate: 'Yes', priBreed: 'Labrador Retriever' });
    expect(byName(rows, header!, 'Pepper')).toMatchObject({ uptodate: 'No' });
    expect(byName(rows, header!, 'Mochi')).toMatchObject({ uptodate: '' });
  }, 60_000);
});
