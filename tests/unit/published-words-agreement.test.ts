/**
 * The published languages agree with the pet: its sex ("Nala a été adoptée"), the elision before
 * its name ("À propos d’Ayşe"), and a shelter's name never set after a preposition that would need
 * an article ("grâce à Refuge…"). Read from the site as written into a real folder.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SitePet } from '../../src/main/publishing/adoption-site/model';
import { writeAdoptionSite } from '../../src/main/publishing/adoption-site/site';
import { petPath } from '../../src/main/publishing/public-pet';
import { CATALOGUES, publishedWords } from '../../src/main/publishing/words/words';
import { PUBLISHED_LANGUAGES, type PublishedLanguage } from '../../src/shared/shelter';
import { sitePet } from '../helpers/site-pet';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

let dir: string;
beforeAll(() => {
  dir = makeTempDir('published-words-agreement');
});
afterAll(() => removeTempDir(dir));

function pet(id: number, name: string, sex: 'female' | 'male', availability: SitePet['availability']): SitePet {
  return sitePet({ id, name, sex, availability, description: 'Douce et joueuse.' });
}

const pets = [
  pet(1, 'Nala', 'female', 'adopted'),
  pet(2, 'Rex', 'male', 'adopted'),
  pet(3, 'Ayşe', 'female', 'available'),
  pet(4, 'Biscuit', 'male', 'available'),
];
const shelter = {
  name: 'Refuge des Pattes',
  address: null,
  phone: null,
  email: null,
  website: null,
  openingHours: null,
  howToAdopt: null,
  currency: 'EUR',
  logo: null,
};

async function siteIn(language: PublishedLanguage): Promise<(id: number) => string> {
  const site = path.join(dir, language);
  const outcome = await writeAdoptionSite(
    site,
    {
      shelter,
      pets,
      baseUrl: 'http://refuge.localhost:5110',
      renderedAt: Date.UTC(2026, 10, 26),
      words: publishedWords(language),
    },
    50 * 1024 * 1024,
  );
  expect(outcome.ok).toBe(true);
  return (id) => fs.readFileSync(path.join(site, petPath(pets.find((one) => one.id === id)!)), 'utf8');
}

describe('published words agree with the pet', () => {
  it('French: adoptée for a female, d’ before a vowel, the shelter never after à or de', async () => {
    const page = await siteIn('fr');
    expect(page(1)).toContain('Nala a été adoptée.');
    expect(page(2)).toContain('Rex a été adopté.');
    expect(page(3)).toContain('<h2 id="about">À propos d’Ayşe</h2>');
    expect(page(3)).toContain('aria-label="Pas encore de photo d’Ayşe"');
    expect(page(4)).toContain('<h2 id="about">À propos de Biscuit</h2>');
    expect(page(1)).toContain('content="Refuge des Pattes : Nala a trouvé une famille."');
    const everything = [1, 2, 3, 4].map(page).join('\n');
    expect(everything).not.toMatch(/(?:\bà|\bde|grâce à) Refuge des Pattes/);
  });

  it('Spanish: adoptada for a female, and the shelter never after gracias a', async () => {
    const page = await siteIn('es');
    expect(page(1)).toContain('Nala ha sido adoptada.');
    expect(page(2)).toContain('Rex ha sido adoptado.');
    expect(page(1)).toContain('content="Refuge des Pattes: Nala encontró un hogar."');
    expect(page(3)).toContain('<h2 id="about">Sobre Ayşe</h2>');
  });

  it('German and English say the same whatever the sex or the first letter', async () => {
    const german = await siteIn('de');
    expect(german(1)).toContain('Nala wurde adoptiert.');
    expect(german(3)).toContain('<h2 id="about">Über Ayşe</h2>');
    const english = await siteIn('en');
    expect(english(1)).toContain('Nala has been adopted.');
    expect(english(3)).toContain('<h2 id="about">About Ayşe</h2>');
  });

  it('every language has each variant, so no pet falls back to a key', () => {
    for (const language of PUBLISHED_LANGUAGES) {
      const site = CATALOGUES[language].site;
      expect(
        [site.about_vowel, site.noPhotoYet_vowel, site.hasBeenAdopted_female].every((text) =>
          text.includes('{{name}}'),
        ),
        language,
      ).toBe(true);
    }
  });
});
