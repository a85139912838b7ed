/**
 * `pets cards` prints kennel cards whose QR codes open each pet's page on the
 * project's live address; the PDF is rendered with poppler and each code read back with jsQR.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { Engine } from '../../src/main/engine/engine';
import { pdfText, POPPLER_MISSING, readQr, renderPdfPages } from '../helpers/pdf-render';
import { killServer, runCliThroughNpm, spawnServer, type ServerProcess } from '../helpers/processes';
import { siteRequest } from '../helpers/site-http';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { runCliInProcess } from '../helpers/cli-in-process';

let server: ServerProcess | undefined;
let dataDir: string | undefined;

afterEach(async () => {
  await killServer(server);
  server = undefined;
  if (dataDir) removeTempDir(dataDir);
  dataDir = undefined;
});

async function shelterWithPets(): Promise<{ biscuit: number; pepper: number }> {
  dataDir = makeTempDir();
  const engine = new Engine({ dataDir, environment: 'production' });
  try {
    engine.services.shelter.set({ name: 'Happy Paws Rescue', currency: 'EUR' });
    const account = engine.services.accounts.create({ name: 'Happy Paws', planId: 'pro' });
    const biscuit = engine.services.pets.create({ name: 'Biscuit', categoryId: 1, status: 'available' }).id;
    const pepper = engine.services.pets.create({ name: 'Pepper', categoryId: 1, status: 'available' }).id;
    engine.services.pets.create({ name: 'Home Already', categoryId: 1, status: 'sold' });
    engine.services.petProfiles.set(biscuit, {
      breedPrimary: 'Labrador Retriever',
      sex: 'female',
      birthDate: '2022-03',
      adoptionFee: 120,
      goodWithKids: 'yes',
      description: 'Loves walks.',
      microchipNumber: '985112003456789',
    });
    const jpeg = await sharp({ create: { width: 900, height: 700, channels: 3, background: '#b07040' } })
      .jpeg()
      .toBuffer();
    await engine.services.photos.add(biscuit, [{ name: 'biscuit.jpg', bytes: jpeg }]);
    engine.sites.projects.create({ accountId: account.id, name: 'Happy Paws' });
    return { biscuit, pepper };
  } finally {
    engine.close();
  }
}

describe.skipIf(POPPLER_MISSING !== undefined && process.env.CI !== 'true')(
  `kennel cards from the CLI${POPPLER_MISSING ? ` (skipped: ${POPPLER_MISSING})` : ''}`,
  () => {
    it('before the adoption site is published, says which project the QR codes would open is missing', async () => {
      await shelterWithPets();
      const refused = await runCliInProcess(dataDir!, ['pets', 'cards', '--out', path.join(dataDir!, 'cards.pdf')]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/No project serves the adoption site yet/);
      expect(fs.existsSync(path.join(dataDir!, 'cards.pdf'))).toBe(false);
    }, 90_000);

    it('with the site live on a running server: two a page, each QR code opens that pet’s page', async () => {
      const { biscuit, pepper } = await shelterWithPets();
      server = await spawnServer(dataDir!);
      expect((await runCliInProcess(dataDir!, ['deploy', 'happy-paws', '--adoption-page'])).code).toBe(0);
      const out = path.join(dataDir!, 'cards.pdf');
      const made = await runCliInProcess(dataDir!, [
        '--json',
        'pets',
        'cards',
        '--out',
        out,
        '--per-page',
        '2',
        '--size',
        'letter',
      ]);
      expect(made.code, made.stderr).toBe(0);
      const port = Number(new URL(server.baseUrl).port);
      const address = `http://happy-paws.localhost:${port}`;
      expect(JSON.parse(made.stdout)).toMatchObject({
        cards: 2,
        project: 'happy-paws',
        address,
        warnings: [{ code: 'local_address', details: { project: 'happy-paws', address } }],
      });
      // Made all the same, but said on stderr with the way out.
      expect(made.stderr).toContain(
        `Warning: the QR codes open ${address}, an address only this computer reaches: a phone scanning a card finds nothing.`,
      );
      expect(made.stderr).toContain('"domains add happy-paws <DOMAIN>"');

      const pdf = fs.readFileSync(out);
      const [page] = renderPdfPages(pdf);
      const half = Math.floor(page!.height / 2);
      const urls = [
        readQr(page!, { x: 0, y: 0, width: page!.width, height: half }),
        readQr(page!, { x: 0, y: half, width: page!.width, height: page!.height - half }),
      ];
      expect(urls).toEqual([
        `http://happy-paws.localhost:${port}/pets/${biscuit}-biscuit.html`,
        `http://happy-paws.localhost:${port}/pets/${pepper}-pepper.html`,
      ]);
      for (const url of urls) {
        const visit = await siteRequest(port, `happy-paws.localhost:${port}`, new URL(url!).pathname);
        expect(visit.status).toBe(200);
      }
      const text = pdfText(pdf);
      expect(text).toContain('Labrador Retriever');
      expect(text).toContain('€120.00');
      expect(text).not.toContain('985112003456789');
      expect(text).not.toContain('Home Already');
    }, 120_000);
  },
);

describe.skipIf(POPPLER_MISSING !== undefined && process.env.CI !== 'true')(
  `kennel cards in the site’s order${POPPLER_MISSING ? ` (skipped: ${POPPLER_MISSING})` : ''}`,
  () => {
    it('every available pet by name as the adoption site sorts them (numbers as numbers, Å beside A), from the bundled launcher', async () => {
      dataDir = makeTempDir();
      const engine = new Engine({ dataDir, environment: 'production' });
      try {
        const account = engine.services.accounts.create({ name: 'Happy Paws', planId: 'pro' });
        for (const name of ['Biscuit 1005', 'Zorro', 'Biscuit 109', 'Åsa', 'biscuit 2', 'Ξένια'])
          engine.services.pets.create({ name, categoryId: 1, status: 'available' });
        engine.sites.projects.create({ accountId: account.id, name: 'Happy Paws' });
      } finally {
        engine.close();
      }
      const out = path.join(dataDir, 'cards.pdf');
      const made = await runCliThroughNpm(
        ['--data-dir', dataDir, 'pets', 'cards', '--out', out, '--project', 'happy-paws'],
        120_000,
      );
      expect(made.code, made.stderr).toBe(0);
      expect(made.stderr).toContain(
        'Warning: the QR codes open http://happy-paws.localhost, an address only this computer reaches',
      );
      const order = [...pdfText(fs.readFileSync(out)).matchAll(/Scan to meet (.+)/g)].map((match) => match[1]!.trim());
      expect(order).toEqual(['Åsa', 'biscuit 2', 'Biscuit 109', 'Biscuit 1005', 'Zorro', 'Ξένια']);
    }, 150_000);
  },
);

describe('the kennel cards’ warning', () => {
  async function render(sitesHost: string | undefined) {
    dataDir = makeTempDir();
    const engine = new Engine({
      dataDir,
      environment: 'production',
      sites: sitesHost ? { host: sitesHost } : undefined,
    });
    try {
      const account = engine.services.accounts.create({ name: 'Happy Paws', planId: 'pro' });
      const pet = engine.services.pets.create({ name: 'Biscuit', categoryId: 1, status: 'available' }).id;
      engine.sites.projects.create({ accountId: account.id, name: 'Happy Paws' });
      return await engine.publishing.kennelCards.render({ ids: [pet], paper: 'a4', perPage: 1, project: 'happy-paws' });
    } finally {
      engine.close();
      removeTempDir(dataDir);
      dataDir = undefined;
    }
  }

  it('an address under localhost comes back with the cards as a typed warning: phones cannot open it', async () => {
    const made = await render(undefined);
    expect(made.cards).toBe(1);
    expect(made.warnings).toEqual([
      { code: 'local_address', details: { project: 'happy-paws', address: 'http://happy-paws.localhost' } },
    ]);
  });

  it('an address phones can reach gives none', async () => {
    const made = await render('pets.happypaws.test');
    expect(made.address).toBe('http://happy-paws.pets.happypaws.test');
    expect(made.warnings).toEqual([]);
  });
});
