/**
 * Petfinder's CSV on the one portal base. Columns in the order another shelter system
 * uses after Petfinder's import documentation (August 2019); Sex M/F, Size S/M/L/XL, Age words,
 * Status A/H/X; flags "1" or blank with NoDogs/NoCats/NoKids inverted; dates YYYY-MM-DD; photos as
 * addresses on the live adoption site; the same "would drop" guard as RescueGroups.org.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { Engine } from '../../src/main/engine/engine';
import { PETFINDER_COLUMNS } from '../../src/main/publishing/portals/petfinder';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

let dataDir: string | undefined;
afterEach(() => {
  if (dataDir) removeTempDir(dataDir);
  dataDir = undefined;
});

const recordsOf = (file: string) => {
  const [header, ...rows] = parse(fs.readFileSync(file)) as string[][];
  return {
    header: header!,
    records: rows.map((row) => Object.fromEntries(header!.map((column, index) => [column, row[index]!]))),
  };
};

describe('export petfinder', () => {
  it('writes their columns in order, words each value their way, links the photos on the live site, and guards against drops', async () => {
    dataDir = makeTempDir();
    const engine = new Engine({ dataDir, environment: 'production' });
    try {
      const { services } = engine;
      const out = path.join(dataDir, 'petfinder');
      expect(() => engine.publishing.portals.exportPetfinder(out, { allowDrops: false })).toThrow(
        /No project serves the adoption site yet/,
      );

      const account = services.accounts.create({ name: 'Happy Paws', planId: 'pro' });
      const biscuit = services.pets.create({ name: 'Biscuit', categoryId: 1, status: 'available' }).id;
      const pepper = services.pets.create({ name: 'Pepper', categoryId: 1, status: 'pending' }).id;
      const whiskers = services.pets.create({ name: 'Whiskers', categoryId: 1, status: 'available' }).id;
      services.petProfiles.set(biscuit, {
        breedPrimary: 'Labrador Retriever',
        breedSecondary: 'Boxer',
        breedMixed: true,
        sex: 'female',
        birthDate: '2021-04-02',
        size: 'xlarge',
        goodWithDogs: 'no',
        goodWithCats: 'yes',
        goodWithKids: 'unknown',
        houseTrained: true,
        spayedNeutered: true,
        coat: 'wire',
        color: 'Brindle',
        intakeDate: '2026-10-01',
        adoptionFee: 150,
        specialNeeds: 'Daily pill\nwith food',
        description: 'Loves walks.\n\nKnows "sit".',
        microchipNumber: '985112003456789',
      });
      services.petProfiles.set(pepper, { breedPrimary: 'Beagle', sex: 'male', birthDate: '2024', adoptionFee: 0 });
      services.petProfiles.set(whiskers, { breedPrimary: 'Mixed', sex: 'male', birthDate: '2020' });
      const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#a0522d' } })
        .jpeg()
        .toBuffer();
      await services.photos.add(biscuit, [{ name: 'biscuit.jpg', bytes: jpeg }]);
      const project = engine.sites.projects.create({ accountId: account.id, name: 'Happy Paws' });
      await engine.sites.projects.deployAdoptionPage(project.slug);

      const first = engine.publishing.portals.exportPetfinder(out, { allowDrops: false });
      expect(first.listed.map((animal) => animal.id)).toEqual([biscuit, pepper]);
      expect(first.refused).toEqual([
        { id: whiskers, name: 'Whiskers', problems: [{ field: 'breed', problem: 'unmapped', value: 'Mixed' }] },
      ]);
      const { header, records } = recordsOf(first.file);
      expect(header).toEqual([...PETFINDER_COLUMNS]);
      const address = engine.sites.liveAddress(project.id, project.slug);
      const [photo] = services.photos.list(biscuit);
      expect(records[0]).toEqual({
        ID: `adoption-desk-${biscuit}`,
        Internal: String(biscuit),
        AnimalName: 'Biscuit',
        PrimaryBreed: 'Labrador Retriever',
        SecondaryBreed: 'Boxer',
        Sex: 'F',
        Size: 'XL',
        Age: 'Adult',
        Desc: 'Loves walks. Knows "sit".',
        Type: 'Dog',
        Status: 'A',
        Shots: '',
        Altered: '1',
        NoDogs: '1',
        NoCats: '',
        NoKids: '',
        Housetrained: '1',
        Declawed: '',
        specialNeeds: '1',
        Mix: '1',
        photo1: `${address}/photos/${photo!.hash}.jpg`,
        photo2: '',
        photo3: '',
        photo4: '',
        photo5: '',
        photo6: '',
        arrival_date: '2026-10-01',
        birth_date: '2021-04-02',
        primaryColor: 'Brindle',
        secondaryColor: '',
        tertiaryColor: '',
        coat_length: 'Wire',
        adoption_fee: '150.00',
        display_adoption_fee: '1',
        adoption_fee_waived: '',
        special_needs_notes: 'Daily pill with food',
        no_other: '',
        no_other_note: '',
        tags: '',
      });
      // The photo the address names is in the live deploy; an estimated birth is no date; a fee of 0 is waived.
      const live = engine.sites.projects.get(project.slug).liveDeploy!;
      expect(
        fs.existsSync(path.join(engine.sites.projects.deployDir(project.id, live), 'photos', `${photo!.hash}.jpg`)),
      ).toBe(true);
      expect(records[1]).toMatchObject({
        AnimalName: 'Pepper',
        Status: 'H',
        Sex: 'M',
        birth_date: '',
        adoption_fee: '0.00',
        adoption_fee_waived: '1',
        Mix: '',
      });
      expect(fs.readFileSync(first.file, 'utf8')).not.toContain('985112003456789');

      // Pepper loses its breed: the next file would leave it out, and the upload replaces the whole listing.
      services.petProfiles.set(pepper, { breedPrimary: null });
      expect(() => engine.publishing.portals.exportPetfinder(out, { allowDrops: false })).toThrow(
        /would remove 1 animal\(s\) Petfinder lists/,
      );
      const allowed = engine.publishing.portals.exportPetfinder(out, { allowDrops: true });
      expect(allowed.dropped).toEqual([{ id: pepper, name: 'Pepper', reason: 'refused' }]);
      // Each portal keeps its own last export: RescueGroups.org's guard knows nothing of Petfinder's.
      expect(engine.publishing.portals.listings()).toEqual([]);
    } finally {
      engine.close();
    }
  });
});
