/**
 * Petfinder's `arrival_date` is the animal's current stay's intake day (a profile's own intake date,
 * typed by staff, stands over it): a real engine over SQLite in a temp dir, the file read back as CSV.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { ManualClock } from '../../src/shared/clock';
import { Engine } from '../../src/main/engine/engine';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

it('arrival_date comes from the stay: the intake day, the return day after an adoption, the profile’s date when staff typed one', async () => {
  const dataDir = makeTempDir();
  const engine = new Engine({
    dataDir,
    environment: 'production',
    clock: new ManualClock(Date.UTC(2026, 5, 20, 12, 0, 0)),
  });
  try {
    const { services } = engine;
    const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#a0522d' } })
      .jpeg()
      .toBuffer();
    const listable = async (name: string, at: string) => {
      const { petId } = services.movements.intake(
        { pet: { name, categoryId: 1 }, type: 'stray', at: `${at}T12:00:00Z` },
        'cli',
      );
      services.petProfiles.set(petId, { breedPrimary: 'Beagle', sex: 'male', birthDate: '2022' });
      await services.photos.add(petId, [{ name: `${name}.jpg`, bytes: jpeg }]);
      return petId;
    };
    await listable('Stray', '2026-05-02');
    const typed = await listable('Typed', '2026-05-03');
    services.petProfiles.set(typed, { intakeDate: '2026-04-30' });
    const back = await listable('Back', '2026-03-01');
    const adopter = services.people.add({ name: 'Ada Adopter' }).person.id;
    services.movements.adopt(
      { petId: back, personId: adopter, fee: 10, feeMethod: 'cash', at: '2026-04-01T12:00:00Z' },
      'cli',
    );
    services.movements.returnAfterAdoption({ petId: back, reason: 'moved', at: '2026-06-01T12:00:00Z' }, 'cli');

    const account = services.accounts.create({ name: 'Happy Paws', planId: 'pro' });
    const project = engine.sites.projects.create({ accountId: account.id, name: 'Happy Paws' });
    await engine.sites.projects.deployAdoptionPage(project.slug);
    const result = engine.publishing.portals.exportPetfinder(path.join(dataDir, 'pf'), { allowDrops: false });
    const [header, ...rows] = parse(fs.readFileSync(result.file)) as string[][];
    const arrival = Object.fromEntries(
      rows.map((row) => [row[header!.indexOf('AnimalName')], row[header!.indexOf('arrival_date')]]),
    );
    expect(arrival).toEqual({ Stray: '2026-05-02', Typed: '2026-04-30', Back: '2026-06-01' });
  } finally {
    engine.close();
    removeTempDir(dataDir);
  }
});
