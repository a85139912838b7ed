import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writePetExport } from '../../src/main/pets/staff-export';
import { startApiServer, type RunningServer } from '../../src/main/http/listen';
import { POPPLER_MISSING, pdfText } from '../helpers/pdf-render';
import { filesOf, secretChecker } from '../helpers/published-files';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

/** The shelter's contract terms: private to the staff like a person's details, printed on adoption contracts only. */
const CONTRACT_TERMS =
  'Clause Xylophant: the adopter keeps the animal indoors at night.\n\nClause Quorridge: the shelter may visit within six months.';

/** A person's details as staff typed them, the contract's terms, and where an animal was transferred to: none may reach anything published or exported. */
const SECRETS = [
  'Wilhelmina Quaxley',
  'Quaxley',
  '+44 7700 900123',
  '7700900123',
  'wilhelmina@quaxley.example',
  'Flat 9, Otterburn Lane',
  'OT9 4QX',
  'Finder Ferdinand Zwick',
  'ferdinand@zwick.example',
  'Xylophant',
  'Quorridge',
  'Zebrine',
];

let dataDir: string;
let server: RunningServer;
let key: string;

const expectNoSecret = secretChecker(SECRETS);

beforeAll(async () => {
  dataDir = makeTempDir();
  server = await startApiServer({ dataDir, environment: 'production', port: 0 });
  const { services, sites } = server.engine;
  services.shelter.set({ name: 'Happy Paws', currency: 'EUR', contractTerms: CONTRACT_TERMS });
  const account = services.accounts.create({ name: 'Happy Paws', planId: 'pro' });
  key = services.keys.create({ accountId: account.id }).key;
  const adopter = services.people.add({
    name: 'Wilhelmina Quaxley',
    phones: ['+44 7700 900123'],
    email: 'wilhelmina@quaxley.example',
    address: 'Flat 9, Otterburn Lane',
    postcode: 'OT9 4QX',
    notes: 'Quaxley: two cats at home',
  }).person;
  const finder = services.people.add({ name: 'Finder Ferdinand Zwick', email: 'ferdinand@zwick.example' }).person;
  // A stray with its finder, reserved by one person, another adopted by her, one returned to her.
  const stray = services.movements.intake(
    {
      pet: { name: 'Biscuit', categoryId: 1 },
      type: 'stray',
      personId: finder.id,
      reason: 'found by Finder Ferdinand Zwick',
    },
    'cli',
  );
  services.movements.reserve({ petId: stray.petId, personId: adopter.id }, 'cli');
  const adopted = services.movements.intake(
    { pet: { name: 'Miso', categoryId: 2 }, type: 'owner_surrender', personId: adopter.id },
    'cli',
  );
  services.movements.adopt({ petId: adopted.petId, personId: adopter.id, fee: 80, feeMethod: 'card' }, 'cli');
  const third = services.movements.intake({ pet: { name: 'Clover', categoryId: 1 }, type: 'stray' }, 'cli');
  services.petProfiles.set(third.petId, { breedPrimary: 'Beagle', sex: 'female', description: 'A calm beagle.' });
  // Transferred out to another organisation: its name stays with the staff.
  const transferred = services.movements.intake({ pet: { name: 'Pebble', categoryId: 1 }, type: 'stray' }, 'cli');
  services.movements.outcome(
    {
      petId: transferred.petId,
      type: 'transfer_out',
      transferTo: 'out_of_state',
      receivingOrganisation: 'Zebrine Hollow Rescue',
      reason: 'room at Zebrine Hollow',
    },
    'cli',
  );
  const project = sites.projects.create({ accountId: account.id, name: 'Happy Paws' });
  await sites.projects.deployAdoptionPage(project.slug);
});

afterAll(async () => {
  await server.stop();
  removeTempDir(dataDir);
});

describe('people’s details and a transfer’s destination reach nothing published or exported', () => {
  it('the adoption site: every page, feed, sitemap and asset', () => {
    const site = path.join(dataDir, 'sites', 'production');
    const files = filesOf(site);
    expect([...files.keys()].some((file) => file.endsWith('feed.xml'))).toBe(true);
    for (const [file, text] of files) expectNoSecret(file, text);
  });

  it('the public API: the list, a pet, the OpenAPI document', async () => {
    const base = `http://127.0.0.1:${server.port}/v1`;
    const headers = { authorization: `Bearer ${key}` };
    for (const target of ['/pets?limit=100', '/pets/1', '/pets/2', '/pets/4', '/openapi.json']) {
      const text = await (await fetch(`${base}${target}`, { headers })).text();
      expectNoSecret(target, text);
    }
  });

  it('the RescueGroups.org, Petfinder and Adopt-a-Pet exports and the staff’s pet export', () => {
    const out = path.join(dataDir, 'exports');
    fs.mkdirSync(out);
    server.engine.publishing.portals.exportRescueGroups(out, { allowDrops: true });
    server.engine.publishing.portals.exportPetfinder(out, { allowDrops: true });
    server.engine.publishing.portals.exportAdoptAPet(out, { allowDrops: true, confirmFirstUpload: true });
    expect(['petfinder.csv', 'pets.csv', 'import.cfg'].every((file) => fs.existsSync(path.join(out, file)))).toBe(true);
    writePetExport(path.join(out, 'pets.csv'), server.engine.services.petProfiles.exportRows(), 'csv');
    const files = filesOf(out);
    expect(files.size).toBeGreaterThan(0);
    for (const [file, text] of files) expectNoSecret(file, text);
  });

  it.skipIf(POPPLER_MISSING !== undefined && process.env.CI !== 'true')(
    'the kennel cards of every status',
    async () => {
      for (const status of ['available', 'pending', 'sold'] as const) {
        const made = await server.engine.publishing.kennelCards.render({ status, paper: 'a4', perPage: 1 });
        expectNoSecret(`kennel cards (${status})`, pdfText(made.pdf));
      }
    },
  );
});
