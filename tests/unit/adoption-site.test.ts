import fs from 'node:fs';
import path from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdoptionSiteInput, SitePet, SitePhoto, SiteShelter } from '../../src/main/sites/adoption-site/model';
import { writeAdoptionSite } from '../../src/main/sites/adoption-site/site';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

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
    category: id % 2 === 0 ? { id: 1, name: 'Dogs' } : { id: 2, name: 'Cats' },
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

const input = (pets: SitePet[]): AdoptionSiteInput => ({ shelter, pets, baseUrl: 'http://happy-paws.localhost:5110', renderedAt: Date.UTC(2026, 10, 26) });

beforeAll(async () => {
  dir = makeTempDir('adoption-site');
  const store = path.join(dir, 'store');
  fs.mkdirSync(store);
  await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#aa7744' } }).webp().toFile(path.join(store, 'full.webp'));
  await sharp({ create: { width: 400, height: 300, channels: 3, background: '#aa7744' } }).webp().toFile(path.join(store, 'thumb.webp'));
  photo = { hash: 'f00d', alt: 'A brown dog', extension: 'webp', full: { file: path.join(store, 'full.webp'), width: 1600, height: 1200 }, thumb: { file: path.join(store, 'thumb.webp'), width: 400, height: 300 } };
});
afterAll(() => removeTempDir(dir));

const read = (site: string, file: string) => fs.readFileSync(path.join(site, file), 'utf8');

describe('the adoption site', () => {
  it('sorts names naturally, pages by 48 with real links, and gives every pet a page with share tags', async () => {
    const site = path.join(dir, 'small');
    const pets = [pet(1, 'Biscuit 1005'), pet(2, 'Biscuit 109'), pet(3, 'biscuit 2', { photos: [] }), ...Array.from({ length: 50 }, (_, i) => pet(10 + i, `Zed ${i}`))];
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
    expect(page).toContain('<meta property="og:url" content="http://happy-paws.localhost:5110/pets/2-biscuit-109.html">');
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
    const feed = JSON.parse(read(site, 'feed.json')) as { version: string; items: Array<{ id: string; title: string; image?: string }> };
    expect(feed.version).toBe('https://jsonfeed.org/version/1.1');
    expect(feed.items.map((item) => item.title)).toEqual(['Pepper', 'Biscuit']);
    expect(feed.items[1]!.image).toBe('http://happy-paws.localhost:5110/photos/f00d.webp');
    const atom = new DOMParser({ errorHandler: (level: string, message: string) => { if (level !== 'warning') throw new Error(`feed.xml: ${level} ${message}`); } }).parseFromString(read(site, 'feed.xml'), 'text/xml');
    expect(atom.documentElement?.namespaceURI).toBe('http://www.w3.org/2005/Atom');
    const entries = Array.from(atom.getElementsByTagName('entry'));
    expect(entries.map((entry) => entry.getElementsByTagName('title')[0]?.textContent)).toEqual(['Pepper', 'Biscuit']);
    expect(entries[1]!.getElementsByTagName('content')[0]?.textContent).toContain('<p>Biscuit likes walks.</p>');
    expect(read(site, 'robots.txt')).toContain('Sitemap: http://happy-paws.localhost:5110/sitemap.xml');
  });

  it('refuses a site larger than a deploy may be', async () => {
    const outcome = await writeAdoptionSite(path.join(dir, 'too-big'), input([pet(1, 'Biscuit')]), 10_000);
    expect(outcome).toEqual({ ok: false, reason: expect.stringMatching(/larger than a deploy may be/) });
  });
});
