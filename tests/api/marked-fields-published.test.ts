/**
 * Every field marked private, personal or secret (shared/privacy.ts) is seeded from the marks and
 * looked for in everything published or exported: the adoption site, the public API, the portal
 * files and the kennel cards. A field marked tomorrow is seeded and checked here with no new line.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer, type RunningServer } from '../../src/main/http/listen';
import { ReportInputSchema } from '../../src/shared/lost-found';
import { NewPersonSchema } from '../../src/shared/people';
import { PetProfileSchema } from '../../src/shared/pet-profile';
import { ShelterChangeSchema } from '../../src/shared/shelter';
import { markedSeeds } from '../helpers/marked-seeds';
import { POPPLER_MISSING, pdfText } from '../helpers/pdf-render';
import { filesOf, portalExports, publicApiAnswers, secretChecker } from '../helpers/published-files';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

const profiles = [markedSeeds(PetProfileSchema, 'pet', 0), markedSeeds(PetProfileSchema, 'pet', 1)];
const shelter = markedSeeds(ShelterChangeSchema, 'sh');
const person = markedSeeds(NewPersonSchema, 'pn');
const report = markedSeeds(ReportInputSchema, 'lf');
const expectNoMarker = secretChecker([
  ...profiles.flatMap((seeds) => seeds.markers),
  ...shelter.markers,
  ...person.markers,
  ...report.markers,
]);

let dataDir: string;
let server: RunningServer;
let key: string;

beforeAll(async () => {
  dataDir = makeTempDir();
  server = await startApiServer({ dataDir, environment: 'production', port: 0 });
  const { services, sites } = server.engine;
  services.shelter.set({ name: 'Happy Paws', currency: 'EUR', ...shelter.values });
  const account = services.accounts.create({ name: 'Happy Paws', planId: 'pro' });
  key = services.keys.create({ accountId: account.id }).key;
  const adopter = services.people.add({ name: 'Someone', ...person.values }).person;
  // One animal in care and offered, one adopted by the seeded person: both with every marked profile field.
  const offered = services.movements.intake(
    { pet: { name: 'Biscuit', categoryId: 1 }, type: 'stray', personId: adopter.id },
    'cli',
  );
  const adopted = services.movements.intake(
    { pet: { name: 'Miso', categoryId: 2 }, type: 'owner_surrender', personId: adopter.id },
    'cli',
  );
  services.movements.adopt({ petId: adopted.petId, personId: adopter.id, fee: 80, feeMethod: 'card' }, 'cli');
  [offered.petId, adopted.petId].forEach((petId, index) =>
    services.petProfiles.set(petId, {
      breedPrimary: 'Beagle',
      sex: 'female',
      description: 'Friendly.',
      ...profiles[index]?.values,
    }),
  );
  // A lost report from the public, present while everything is written: its contact and chip are marked.
  services.lostFound.recordReport(
    ReportInputSchema.parse({ kind: 'lost', species: 'dog', seenAt: Date.UTC(2026, 10, 30), ...report.values }),
    'site',
  );
  const project = sites.projects.create({ accountId: account.id, name: 'Happy Paws' });
  await sites.projects.deployAdoptionPage(project.slug);
});

afterAll(async () => {
  await server.stop();
  removeTempDir(dataDir);
});

describe('every marked field, seeded from the marks, reaches nothing published or exported', () => {
  it('seeds the private profile fields, the contract terms and a person’s details', () => {
    expect(Object.keys(profiles[0]?.values ?? {})).toEqual(['microchipNumber', 'kennelLocation', 'internalNotes']);
    expect(Object.keys(shelter.values)).toEqual(['contractTerms']);
    expect(Object.keys(report.values)).toEqual(['microchip', 'contact']);
    expect(Object.keys(report.values.contact as object)).toEqual(['name', 'phone', 'email']);
    expect(Object.keys(person.values)).toEqual(
      expect.arrayContaining(['name', 'phones', 'email', 'address', 'postcode', 'notes']),
    );
    expect(server.engine.services.petProfiles.get(1)).toMatchObject(profiles[0]?.values ?? {});
  });

  it('the adoption site: every page, feed, sitemap and asset', () => {
    const files = filesOf(path.join(dataDir, 'sites', 'production'));
    expect([...files.keys()].some((file) => file.endsWith('feed.xml'))).toBe(true);
    for (const [file, text] of files) expectNoMarker(file, text);
  });

  it('the public API: the list, each pet, the OpenAPI document', async () => {
    for (const [target, text] of await publicApiAnswers(server, key)) expectNoMarker(target, text);
  });

  it('the RescueGroups.org, Petfinder and Adopt-a-Pet exports', () => {
    const out = path.join(dataDir, 'exports');
    const files = portalExports(server, out);
    expect(files.size).toBeGreaterThan(0);
    for (const [file, text] of files) expectNoMarker(file, text);
  });

  it.skipIf(POPPLER_MISSING !== undefined && process.env.CI !== 'true')(
    'the kennel cards of every status',
    async () => {
      for (const status of ['available', 'pending', 'sold'] as const) {
        const made = await server.engine.publishing.kennelCards.render({ status, paper: 'a4', perPage: 1 });
        expectNoMarker(`kennel cards (${status})`, pdfText(made.pdf));
      }
    },
  );
});
