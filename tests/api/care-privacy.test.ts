/**
 * Medical records are private like the microchip: batches, products, results, notes
 * and the vet reach nothing published or exported — the adoption site, the public API, the
 * RescueGroups.org file, kennel cards — and lint keeps what publishes from importing care at all.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer, type RunningServer } from '../../src/main/http/listen';
import { POPPLER_MISSING, pdfText } from '../helpers/pdf-render';
import { PROJECT_ROOT } from '../helpers/processes';
import { filesOf, portalExports, publicApiAnswers, secretChecker } from '../helpers/published-files';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

/** What staff typed into care records: none may be published. */
const SECRETS = [
  'QX-BATCH-93417',
  'Vaxiquorp Labs',
  'ZUPRAMECTIN',
  'PRIVATE-NOTE-hernia-71',
  'Dr Eulalia Quist',
  'Kennelhand Oswin',
  'positive FIV',
];

let dataDir: string;
let server: RunningServer;
let key: string;

const expectNoSecret = secretChecker(SECRETS);

beforeAll(async () => {
  dataDir = makeTempDir();
  server = await startApiServer({ dataDir, environment: 'production', port: 0 });
  const { services, sites } = server.engine;
  services.shelter.set({ name: 'Happy Paws', currency: 'EUR' });
  const account = services.accounts.create({ name: 'Happy Paws', planId: 'pro' });
  key = services.keys.create({ accountId: account.id }).key;
  const vet = services.people.add({ name: 'Dr Eulalia Quist', roles: ['vet'] }).person.id;
  for (const [name, categoryId] of [
    ['Biscuit', 1],
    ['Miso', 2],
  ] as const) {
    const { petId } = services.movements.intake({ pet: { name, categoryId }, type: 'stray' }, 'cli');
    services.petProfiles.set(petId, {
      breedPrimary: categoryId === 1 ? 'Beagle' : 'Domestic Short Hair',
      sex: 'female',
      description: 'Friendly.',
    });
    services.care.give(
      {
        doses: [
          {
            petId,
            vaccine: categoryId === 1 ? 'DHPP' : 'FVRCP',
            batch: 'QX-BATCH-93417',
            manufacturer: 'Vaxiquorp Labs',
          },
        ],
        givenBy: 'Kennelhand Oswin',
        vetId: vet,
        notes: 'PRIVATE-NOTE-hernia-71',
      },
      'cli',
    );
    services.care.addTreatment(
      { petId, kind: 'deworming', product: 'ZUPRAMECTIN', notes: 'PRIVATE-NOTE-hernia-71' },
      'cli',
    );
    services.care.addTreatment(
      { petId, kind: 'fiv_felv_test', result: 'negative', notes: 'positive FIV last year elsewhere' },
      'cli',
    );
    services.care.addTreatment({ petId, kind: 'spay_neuter', vetId: vet }, 'cli');
  }
  const project = sites.projects.create({ accountId: account.id, name: 'Happy Paws' });
  await sites.projects.deployAdoptionPage(project.slug);
});

afterAll(async () => {
  await server.stop();
  removeTempDir(dataDir);
});

describe('medical records reach nothing published or exported', () => {
  it('the adoption site: every page, feed, sitemap and asset', () => {
    const files = filesOf(path.join(dataDir, 'sites', 'production'));
    expect(files.size).toBeGreaterThan(0);
    for (const [file, text] of files) expectNoSecret(file, text);
  });

  it('the public API: the list, each pet, the OpenAPI document', async () => {
    for (const [target, text] of await publicApiAnswers(server, key)) expectNoSecret(target, text);
  });

  it('the RescueGroups.org, Petfinder and Adopt-a-Pet exports', () => {
    const out = path.join(dataDir, 'exports');
    const files = portalExports(server, out);
    expect(['petfinder.csv', 'pets.csv', 'import.cfg'].every((file) => fs.existsSync(path.join(out, file)))).toBe(true);
    expect(files.size).toBeGreaterThan(0);
    for (const [file, text] of files) expectNoSecret(file, text);
  });

  it.skipIf(POPPLER_MISSING !== undefined && process.env.CI !== 'true')('the kennel cards', async () => {
    const made = await server.engine.publishing.kennelCards.render({ status: 'available', paper: 'a4', perPage: 1 });
    expectNoSecret('kennel cards', pdfText(made.pdf));
  });

  it('lint: sites, kennel cards and portal files cannot import care or its tables', async () => {
    const eslint = new ESLint({ cwd: PROJECT_ROOT });
    for (const file of [
      'src/main/sites/example.ts',
      'src/main/publishing/adoption-site/example.ts',
      'src/main/publishing/kennel-cards/example.ts',
      'src/main/publishing/portals/example.ts',
      'src/main/publishing/portals/breeds/example.ts',
    ]) {
      const root = '../'.repeat(file.split('/').length - 3);
      for (const source of [
        `import '${root}care/care';`,
        `import type { CareService } from '${root}care/care';`,
        `import '${root}db/schema-care';`,
      ]) {
        const [result] = await eslint.lintText(`${source}\nexport {};\n`, { filePath: path.join(PROJECT_ROOT, file) });
        expect(
          result?.messages.filter((message) => message.ruleId === 'no-restricted-imports'),
          `${file}: ${source}`,
        ).toHaveLength(1);
      }
    }
  });
});
