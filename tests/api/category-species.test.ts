/**
 * A category's name is the shelter's own word; its species is what care, the reports and the portals
 * read. A French shelter renames Dogs → Chiens (through the CLI, in-process): Zoé still gets her DHPP,
 * the Shelter Animals Count report counts her as a dog, each portal names her species, and the French
 * site says "Espèce : Chien". A real engine over SQLite in a temp dir, on a manual clock.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/shared/clock';
import { Engine } from '../../src/main/engine/engine';
import { writeAdoptionSite } from '../../src/main/publishing/adoption-site/site';
import { runCliInProcess } from '../helpers/cli-in-process';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

const T0 = Date.UTC(2026, 5, 10, 12, 0, 0);
const rowsOf = (file: string, header = true) => {
  const rows = parse(fs.readFileSync(file)) as string[][];
  return header
    ? rows.slice(1).map((row) => Object.fromEntries(rows[0]!.map((column, index) => [column, row[index]])))
    : rows;
};

describe('a category renamed in French keeps its species', () => {
  it('Chiens: the protocol schedules DHPP, the SAC report counts a dog, each portal says Dog, the site says Espèce : Chien', async () => {
    const dataDir = makeTempDir();
    const engine = new Engine({ dataDir, environment: 'production', clock: new ManualClock(T0) });
    try {
      const renamed = await runCliInProcess(dataDir, ['--json', 'categories', 'rename', '1', 'Chiens']);
      expect(renamed.code).toBe(0);
      expect(JSON.parse(renamed.stdout)).toMatchObject({ id: 1, name: 'Chiens', species: 'dog' });
      const { services } = engine;
      services.shelter.set({ name: 'Refuge de Lyon', currency: 'EUR', language: 'fr', email: 'adopter@refuge.test' });
      const { petId } = services.movements.intake({ pet: { name: 'Zoé', categoryId: 1 }, type: 'stray' }, 'cli');
      services.petProfiles.set(petId, {
        sex: 'female',
        birthDate: '2020-01-15',
        breedPrimary: 'Beagle',
        size: 'medium',
      });

      expect(services.care.record(petId).doses.map((dose) => dose.vaccine)).toContain('DHPP');
      expect(services.care.protocols.list().find((protocol) => protocol.categoryId === 1)).toMatchObject({
        category: 'Chiens',
        shipped: true,
        steps: expect.arrayContaining([expect.objectContaining({ vaccine: 'DHPP' })]),
      });
      expect(services.reports.sac({ month: '2026-06', timeZone: 'UTC' }).rows.intake_stray.dog.adult).toBe(1);

      const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#a0522d' } })
        .jpeg()
        .toBuffer();
      await services.photos.add(petId, [{ name: 'zoe.jpg', bytes: jpeg }]);
      const account = services.accounts.create({ name: 'Refuge', planId: 'pro' });
      const project = engine.sites.projects.create({ accountId: account.id, name: 'Refuge' });
      await engine.sites.projects.deployAdoptionPage(project.slug);
      const rescuegroups = engine.publishing.portals.exportRescueGroups(path.join(dataDir, 'rg'), {
        allowDrops: false,
      });
      expect(rescuegroups.refused).toEqual([]);
      expect(rowsOf(path.join(dataDir, 'rg', 'rescuegroups.csv'))[0]).toMatchObject({ name: 'Zoé', type: 'Dog' });
      const petfinder = engine.publishing.portals.exportPetfinder(path.join(dataDir, 'pf'), { allowDrops: false });
      expect(rowsOf(petfinder.file)[0]).toMatchObject({ AnimalName: 'Zoé', Type: 'Dog' });
      engine.publishing.portals.exportAdoptAPet(path.join(dataDir, 'aap'), {
        allowDrops: false,
        confirmFirstUpload: true,
      });
      const [adoptapet] = rowsOf(path.join(dataDir, 'aap', 'pets.csv'), false) as string[][];
      expect(adoptapet?.[1]).toBe('Dog');

      const site = path.join(dataDir, 'site');
      fs.mkdirSync(site);
      const content = engine.publishing.adoptionSiteContent('http://refuge.localhost:5110', T0, 'Refuge');
      expect((await writeAdoptionSite(site, content, 50 * 1024 * 1024)).ok).toBe(true);
      const page = fs.readFileSync(path.join(site, 'pets', `${petId}-zoe.html`), 'utf8');
      expect(page).toContain('<dt>Espèce</dt><dd>Chien</dd>');
      expect(page).not.toContain('Dogs');
    } finally {
      engine.close();
      removeTempDir(dataDir);
    }
  });

  it('a category added with its species is read by it, whatever its name; one added without is "other"', async () => {
    const dataDir = makeTempDir();
    const engine = new Engine({ dataDir, environment: 'production', clock: new ManualClock(T0) });
    try {
      const added = await runCliInProcess(dataDir, ['--json', 'categories', 'add', 'Chatons', '--species', 'cat']);
      const kittens = JSON.parse(added.stdout) as { id: number; species: string };
      expect(kittens.species).toBe('cat');
      const { petId } = engine.services.movements.intake(
        { pet: { name: 'Mimi', categoryId: kittens.id }, type: 'stray' },
        'cli',
      );
      expect(engine.services.care.record(petId).doses.map((dose) => dose.vaccine)).toContain('FVRCP');
      // "Dogs" added without a species is not a dog: nothing reads the name.
      const plain = engine.services.categories.create('Big Dogs');
      expect(plain.species).toBe('other');
      expect(engine.services.care.protocols.list().find((protocol) => protocol.categoryId === plain.id)?.steps).toEqual(
        [],
      );
      expect((await runCliInProcess(dataDir, ['categories', 'add', 'Dragons', '--species', 'dragon'])).code).not.toBe(
        0,
      );
    } finally {
      engine.close();
      removeTempDir(dataDir);
    }
  });
});
