/**
 * Pet page addresses keep every script's letters (transliterated into ASCII, as a URL is best
 * typed and read aloud), and the address earlier releases gave a page still leads to it: a kennel
 * card printed then carries it in its QR code.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdoptionSiteInput, SitePet } from '../../src/main/publishing/adoption-site/model';
import { writeAdoptionSite } from '../../src/main/publishing/adoption-site/site';
import { petPath, slugOf } from '../../src/main/publishing/public-pet';
import { publishedWords } from '../../src/main/publishing/words/words';
import { sitePet } from '../helpers/site-pet';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

let dir: string;
beforeAll(() => {
  dir = makeTempDir('pet-page-addresses');
});
afterAll(() => removeTempDir(dir));

const pet = (id: number, name: string): SitePet => sitePet({ id, name });

const shelter = {
  name: 'Refuge',
  address: null,
  phone: null,
  email: null,
  website: null,
  openingHours: null,
  howToAdopt: null,
  currency: 'EUR',
  logo: null,
};

describe('pet page addresses', () => {
  it('transliterate every script instead of dropping its letters', () => {
    expect(slugOf('Łucja')).toBe('lucja');
    expect(slugOf('Ёжик')).toBe('ezhik');
    expect(slugOf('李小龙')).toBe('li-xiao-long');
    expect(slugOf('ليلى')).toBe('lyla');
    expect(slugOf('Ayşe')).toBe('ayse');
    expect(slugOf('Señor Biscuit')).toBe('senor-biscuit');
    expect(slugOf('***')).toBe('pet');
    expect(petPath({ id: 10, name: 'Łucja' })).toBe('/pets/10-lucja.html');
  });

  it('the site writes each page at its new address and sends the address of earlier releases on to it', async () => {
    const site = path.join(dir, 'site');
    const pets = [pet(10, 'Łucja'), pet(11, 'Ёжик'), pet(12, '李小龙'), pet(13, 'ليلى'), pet(14, 'Biscuit')];
    const input: AdoptionSiteInput = {
      shelter,
      pets,
      baseUrl: 'http://refuge.localhost:5110',
      renderedAt: Date.UTC(2026, 10, 26),
      words: publishedWords('fr'),
    };
    expect((await writeAdoptionSite(site, input, 50 * 1024 * 1024)).ok).toBe(true);
    const files = fs.readdirSync(path.join(site, 'pets')).sort();
    expect(files).toEqual([
      '10-lucja.html',
      '10-ucja.html',
      '11-ezhik.html',
      '11-pet.html',
      '12-li-xiao-long.html',
      '12-pet.html',
      '13-lyla.html',
      '13-pet.html',
      '14-biscuit.html',
    ]);
    const index = fs.readFileSync(path.join(site, 'index.html'), 'utf8');
    expect(index).toContain('href="/pets/10-lucja.html"');
    expect(index).not.toContain('10-ucja');
    const moved = fs.readFileSync(path.join(site, 'pets/10-ucja.html'), 'utf8');
    expect(moved).toContain('<meta http-equiv="refresh" content="0; url=/pets/10-lucja.html">');
    expect(moved).toContain('<link rel="canonical" href="http://refuge.localhost:5110/pets/10-lucja.html">');
    expect(moved).toContain('<meta name="robots" content="noindex">');
    expect(fs.readFileSync(path.join(site, 'sitemap.xml'), 'utf8')).not.toContain('-pet.html');
  });
});
