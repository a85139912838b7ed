import fs from 'node:fs';
import path from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdoptionSiteInput, SitePet, SitePhoto, SiteShelter } from '../../src/main/publishing/adoption-site/model';
import { writeAdoptionSite } from '../../src/main/publishing/adoption-site/site';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { deployFailureEnglish } from '../../src/shared/deploy-failures';

let dir: string;
let photo: SitePhoto;

const shelter: SiteShelter = {
  name: 'Happy Paws <Rescue>',
  address: '1 Kennel Lane\nSpringfield',
  phone: '+44 20 7946 0000',
  email: 'adopt@happypaws.test',
  website: 'https://happypaws.test',
  openingHours: 'Tue–Sun 10:00–16:00',
  howToAdopt: 'Meet the pet.\n\nFill in the form; we call you back within two days.',
  currency: 'EUR',
  logo: null,
};

function pet(id: number, name: string, overrides: Partial<SitePet> = {}): SitePet {
  return {
    id,
    name,
    availability: 'available',
    category: id % 2 === 0 ? { id: 1, name: 'Dogs', species: 'dog' } : { id: 2, name: 'Cats', species: 'cat' },
    breed: id % 2 === 0 ? 'Labrador Retriever' : 'Domestic Shorthair',
    sex: id % 3 === 0 ? 'male' : 'female',
    ageGroup: 'adult',
    age: '3 years',
    size: 'medium',
    colour: null,
    coat: null,
    goodWith: { kids: 'yes', dogs: id % 2 === 0 ? 'yes' : 'no', cats: 'unknown' },
    houseTrained: 'yes',
    spayedNeutered: 'unknown',
    specialNeeds: null,
    description: `${name} likes walks.\n\nAnd naps.`,
    fee: 120,
    updatedAt: Date.UTC(2026, 10, 1) + id * 1000,
    photos: [photo],
    ...overrides,
  };
}

const input = (pets: SitePet[]): AdoptionSiteInput => ({
  shelter,
  pets,
  baseUrl: 'http://happy-paws.localhost:5110',
  renderedAt: Date.UTC(2026, 10, 26),
});

beforeAll(async () => {
  dir = makeTempDir('adoption-site');
  const store = path.join(dir, 'store');
  fs.mkdirSync(store);
  await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#aa7744' } })
    .webp()
    .toFile(path.join(store, 'full.webp'));
  await sharp({ create: { width: 400, height: 300, channels: 3, background: '#aa7744' } })
    .webp()
    .toFile(path.join(store, 'thumb.webp'));
  photo = {
    hash: 'f00d',
    alt: 'A brown dog',
    extension: 'webp',
    full: { file: path.join(store, 'full.webp'), width: 1600, height: 1200 },
    thumb: { file: path.join(store, 'thumb.webp'), width: 400, height: 300 },
  };
});
afterAll(() => removeTempDir(dir));

const read = (site: string, file: string) => fs.readFileSync(path.join(site, file), 'utf8');

describe('the adoption site', () => {
  it('sorts names naturally, pages by 48 with real links, and gives every pet a page with share tags', async () => {
    const site = path.join(dir, 'small');
    const pets = [
      pet(1, 'Biscuit 1005'),
      pet(2, 'Biscuit 109'),
      pet(3, 'biscuit 2', { photos: [] }),
      ...Array.from({ length: 50 }, (_, i) => pet(10 + i, `Zed ${i}`)),
    ];
    const outcome = await writeAdoptionSite(site, input(pets), 100 * 1024 * 1024);
    expect(outcome.ok).toBe(true);

    const index = read(site, 'index.html');
    const names = [...index.matchAll(/<h3>([^<]+)<\/h3>/g)].map((match) => match[1]);
    expect(names.slice(0, 3)).toEqual(['biscuit 2', 'Biscuit 109', 'Biscuit 1005']);
    expect(names).toHaveLength(48);
    expect(index).toContain('<title>Adopt a pet from Happy Paws &lt;Rescue&gt;</title>');
    expect(index).toContain('href="/page/2/" rel="next"');
    expect(read(site, 'page/2/index.html').match(/<h3>/g)).toHaveLength(5);
    // Filters that work without JavaScript: a folder of pages each.
    expect(index).toContain('href="/browse/category/1-dogs/"');
    expect(read(site, 'browse/good-with/dogs/index.html')).toContain('Zed 0');
    expect(read(site, 'browse/category/2-cats/index.html')).not.toContain('>Biscuit 109<');

    const page = read(site, 'pets/2-biscuit-109.html');
    expect(page).toContain('<meta property="og:image" content="http://happy-paws.localhost:5110/photos/f00d.webp">');
    expect(page).toContain(
      '<meta property="og:url" content="http://happy-paws.localhost:5110/pets/2-biscuit-109.html">',
    );
    expect(page).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(page).toContain('<dt>Adoption fee</dt><dd>€120.00</dd>');
    expect(page).toContain('<h2 id="how-title">How to adopt</h2>');
    expect(page).toContain('href="tel:+442079460000"');
    expect(read(site, 'pets/3-biscuit-2.html')).toContain('<meta name="twitter:card" content="summary">');

    // The photo is the store's file, linked, not copied.
    expect(fs.statSync(path.join(site, 'photos/f00d.webp')).ino).toBe(fs.statSync(photo.full.file).ino);
    expect(fs.existsSync(path.join(site, 'photos/f00d-thumb.webp'))).toBe(true);
  });

  it('has no inline script or style anywhere, so its policy needs no exception', async () => {
    const site = path.join(dir, 'csp');
    await writeAdoptionSite(site, input([pet(1, 'Biscuit'), pet(2, '<script>alert(1)</script>')]), 100 * 1024 * 1024);
    const pages = fs.readdirSync(site, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(5);
    for (const file of pages) {
      const html = read(site, file);
      expect(html).toContain("script-src 'self'; style-src 'self'");
      expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
      expect(html).not.toMatch(/<style|\sstyle=|\son[a-z]+=/);
      expect(html).not.toContain('<script>alert');
    }
  });

  it('writes the sitemap, a JSON Feed 1.1 and an Atom feed of every available pet', async () => {
    const site = path.join(dir, 'feeds');
    await writeAdoptionSite(site, input([pet(1, 'Biscuit'), pet(2, 'Pepper', { photos: [] })]), 100 * 1024 * 1024);
    const sitemap = read(site, 'sitemap.xml');
    expect(sitemap).toContain('<loc>http://happy-paws.localhost:5110/</loc>');
    expect(sitemap).toContain('<loc>http://happy-paws.localhost:5110/pets/1-biscuit.html</loc>');
    const feed = JSON.parse(read(site, 'feed.json')) as {
      version: string;
      items: Array<{ id: string; title: string; image?: string }>;
    };
    expect(feed.version).toBe('https://jsonfeed.org/version/1.1');
    expect(feed.items.map((item) => item.title)).toEqual(['Pepper', 'Biscuit']);
    expect(feed.items[1]!.image).toBe('http://happy-paws.localhost:5110/photos/f00d.webp');
    const atom = new DOMParser({
      errorHandler: (level: string, message: string) => {
        if (level !== 'warning') throw new Error(`feed.xml: ${level} ${message}`);
      },
    }).parseFromString(read(site, 'feed.xml'), 'text/xml');
    expect(atom.documentElement?.namespaceURI).toBe('http://www.w3.org/2005/Atom');
    const entries = Array.from(atom.getElementsByTagName('entry'));
    expect(entries.map((entry) => entry.getElementsByTagName('title')[0]?.textContent)).toEqual(['Pepper', 'Biscuit']);
    expect(entries[1]!.getElementsByTagName('content')[0]?.textContent).toContain('<p>Biscuit likes walks.</p>');
    expect(read(site, 'robots.txt')).toContain('Sitemap: http://happy-paws.localhost:5110/sitemap.xml');
  });

  it('keeps every pet\'s page at its address: "Adoption pending", then "Found a home" with no fee and no call to adopt', async () => {
    const site = path.join(dir, 'statuses');
    const pets = [
      pet(1, 'Biscuit'),
      pet(2, 'Miso', { availability: 'pending' }),
      pet(4, 'Clover', { availability: 'adopted' }),
      pet(6, 'Abby', { availability: 'pending' }),
    ];
    expect((await writeAdoptionSite(site, input(pets), 100 * 1024 * 1024)).ok).toBe(true);

    // The index lists the available pets, then the pending ones with a badge; never the adopted.
    const index = read(site, 'index.html');
    expect([...index.matchAll(/<h3>([^<]+)<\/h3>/g)].map((match) => match[1])).toEqual(['Biscuit', 'Abby', 'Miso']);
    expect(index.match(/<span class="badge">Adoption pending<\/span>/g)).toHaveLength(2);
    expect(index).toContain('1 pet is waiting for a family. 2 more have an adoption pending.');
    const finder = JSON.parse(read(site, 'assets/pets.json')) as Array<{ n: string; p: boolean }>;
    expect(finder.map((row) => [row.n, row.p])).toEqual([
      ['Biscuit', false],
      ['Abby', true],
      ['Miso', true],
    ]);

    const pending = read(site, 'pets/2-miso.html');
    expect(pending).toContain('<strong>Adoption pending.</strong>');
    expect(pending).toContain('<dt>Adoption fee</dt>');
    expect(pending).toContain('<p class="ask">Interested in Miso?');

    const adopted = read(site, 'pets/4-clover.html');
    expect(adopted).toContain('<h1>Clover</h1>');
    expect(adopted).toContain('<strong>Found a home.</strong> Clover has been adopted.');
    expect(adopted).toContain(
      '<meta property="og:description" content="Clover found a home through Happy Paws &lt;Rescue&gt;.">',
    );
    for (const call of [
      'Adoption fee',
      '€120',
      'class="ask"',
      'mailto:adopt@happypaws.test?subject',
      'How to adopt</h2>',
      'Interested in',
    ])
      expect(adopted, call).not.toContain(call);

    // The feeds announce who may be adopted; the sitemap names every page that exists.
    expect(
      (JSON.parse(read(site, 'feed.json')) as { items: Array<{ title: string }> }).items.map((item) => item.title),
    ).toEqual(['Biscuit']);
    expect(read(site, 'feed.xml').match(/<entry>/g)).toHaveLength(1);
    const sitemap = read(site, 'sitemap.xml');
    for (const page of ['pets/1-biscuit.html', 'pets/2-miso.html', 'pets/4-clover.html', 'pets/6-abby.html'])
      expect(sitemap).toContain(`/${page}</loc>`);
  });

  it("shows the pet's initials where there is no photo, named for screen readers on its page", async () => {
    const site = path.join(dir, 'no-photo');
    await writeAdoptionSite(
      site,
      input([
        pet(1, 'Señor Biscuit', { photos: [] }),
        pet(2, 'zoë', { photos: [] }),
        pet(3, '👩‍👩‍👧 Family', { photos: [] }),
      ]),
      100 * 1024 * 1024,
    );
    const index = read(site, 'index.html');
    expect(index).toContain('<span class="no-photo" aria-hidden="true">SB</span><h3>Señor Biscuit</h3>');
    expect(index).toContain('<span class="no-photo" aria-hidden="true">Z</span><h3>zoë</h3>');
    expect(index).toContain('<span class="no-photo" aria-hidden="true">👩‍👩‍👧F</span>');
    expect(read(site, 'pets/1-senor-biscuit.html')).toContain(
      '<div class="no-photo large" role="img" aria-label="No photo of Señor Biscuit yet"><span aria-hidden="true">SB</span></div>',
    );
    expect((JSON.parse(read(site, 'assets/pets.json')) as Array<{ i: string }>).map((row) => row.i)).toEqual([
      '👩‍👩‍👧F',
      'SB',
      'Z',
    ]);
  });

  it('refuses a site larger than a deploy may be', async () => {
    const outcome = await writeAdoptionSite(path.join(dir, 'too-big'), input([pet(1, 'Biscuit')]), 10_000);
    expect(outcome).toEqual({ ok: false, failure: { reason: 'adoption_site_over_limit', maxBytes: 10_000 } });
    expect(outcome.ok === false && deployFailureEnglish(outcome.failure)).toMatch(/larger than a deploy may be/);
  });
});
