/**
 * No published word is hard-coded: the adoption site, its feeds, a kennel card and the adoption
 * contract are rendered in a pseudo-language whose every catalogue value is the English one between
 * « and », from data written in Cyrillic, with Intl in Russian. Whatever Latin letter is left once
 * the «…» spans are taken out came from no catalogue: an English word someone typed into the code.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdoptionSiteInput, SitePet } from '../../src/main/publishing/adoption-site/model';
import { writeAdoptionSite } from '../../src/main/publishing/adoption-site/site';
import { renderKennelCards } from '../../src/main/publishing/kennel-cards/kennel-cards';
import { en, type Catalogue } from '../../src/main/publishing/words/en';
import { wordsOf } from '../../src/main/publishing/words/words';
import { renderAdoptionContract } from '../../src/main/print/adoption-contract';
import { pdfText, POPPLER_MISSING } from '../helpers/pdf-render';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

type Tree = { [key: string]: string | Tree };
const bracket = (tree: Tree): Tree =>
  Object.fromEntries(
    Object.entries(tree).map(([key, value]) => [key, typeof value === 'string' ? `«${value}»` : bracket(value)]),
  );
const pseudo = wordsOf('en-XA', bracket(en as unknown as Tree) as unknown as Catalogue, {
  published: 'ru',
  contract: 'ru',
});

/** Latin letters outside every «…» span: each one a word no catalogue holds. */
function stray(text: string): string[] {
  return text
    .replace(/«[^»]*»/g, ' ')
    .split(/\s+/)
    .filter((word) => /[A-Za-z]/.test(word));
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
const decode = (text: string) =>
  text.replace(
    /&(#?\w+);/g,
    (whole, name: string) =>
      ENTITIES[name] ?? (name.startsWith('#') ? String.fromCodePoint(Number(name.slice(1))) : whole),
  );

/** What a reader of an HTML page reads or hears: its text, and the attributes that say words. */
function htmlWords(html: string): string {
  const saying = [
    ...html.matchAll(/\s(?:alt|title|aria-label|placeholder|data-pending|data-match-one|data-match-other)="([^"]*)"/g),
  ].map((match) => match[1]);
  const meta = [
    ...html.matchAll(/<meta (?:name|property)="[^"]*(?:title|description|alt|site_name)" content="([^"]*)"/g),
  ].map((match) => match[1]);
  const text = html.replace(/<script[^>]*>[\s\S]*?<\/script>/g, ' ').replace(/<[^>]*>/g, ' ');
  return decode([...saying, ...meta, text].join('\n'));
}

const shelter = {
  name: 'Приют Лапы',
  address: 'Лесная улица 1',
  phone: '+7 495 000 00 00',
  email: null,
  website: null,
  openingHours: 'Вт–Вс 10:00–16:00',
  howToAdopt: 'Приходите знакомиться.',
  currency: 'RUB',
  logo: null,
};

function pet(id: number, overrides: Partial<SitePet> = {}): SitePet {
  return {
    id,
    name: `Бублик ${id}`,
    availability: 'available',
    category: { id: 1, name: 'Собаки', species: 'dog' },
    breed: 'Дворняга',
    sex: id % 2 === 0 ? 'male' : 'female',
    ageGroup: 'adult',
    age: pseudo.t('pet.years', { count: 3 }),
    size: 'large',
    colour: 'Рыжий',
    coat: pseudo.t('pet.coat.short'),
    goodWith: { kids: 'yes', dogs: 'no', cats: 'unknown' },
    houseTrained: 'yes',
    spayedNeutered: 'no',
    specialNeeds: 'Диета',
    description: 'Любит гулять.',
    fee: 1500,
    updatedAt: Date.UTC(2026, 10, 1) + id,
    photos: [],
    ...overrides,
  };
}

let dir: string;
beforeAll(() => {
  dir = makeTempDir('pseudo-words');
});
afterAll(() => removeTempDir(dir));

describe('every published word comes from the catalogue', () => {
  it('the adoption site: every page, both feeds and the finder index', async () => {
    // 50 listed pets: two index pages, so the pagination speaks too.
    const pets = [
      ...Array.from({ length: 50 }, (_, index) => pet(index + 1)),
      pet(60, { availability: 'pending' }),
      pet(61, { availability: 'adopted' }),
    ];
    const input: AdoptionSiteInput = {
      shelter,
      pets,
      baseUrl: 'http://priyut.localhost:5110',
      renderedAt: Date.UTC(2026, 10, 26),
      words: pseudo,
    };
    const staging = path.join(dir, 'site');
    fs.mkdirSync(staging);
    expect((await writeAdoptionSite(staging, input, 50 * 1024 * 1024)).ok).toBe(true);
    const files = fs.readdirSync(staging, { recursive: true, encoding: 'utf8' });
    const pages = files.filter((file) => file.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(50);
    for (const file of pages) {
      const html = fs.readFileSync(path.join(staging, file), 'utf8');
      expect(html, file).toContain('<html lang="en-XA">');
      expect(stray(htmlWords(html)), file).toEqual([]);
    }
    const atom = new DOMParser().parseFromString(fs.readFileSync(path.join(staging, 'feed.xml'), 'utf8'), 'text/xml');
    const said = ['title', 'subtitle', 'summary'].flatMap((tag) =>
      Array.from(atom.getElementsByTagName(tag)).map((node) => node.textContent ?? ''),
    );
    const contents = Array.from(atom.getElementsByTagName('content')).map((node) => htmlWords(node.textContent ?? ''));
    expect(stray([...said, ...contents].join('\n'))).toEqual([]);
    const json = JSON.parse(fs.readFileSync(path.join(staging, 'feed.json'), 'utf8')) as {
      title: string;
      description: string;
      items: Array<{ summary: string; content_text: string }>;
    };
    expect(
      stray(
        [json.title, json.description, ...json.items.flatMap((item) => [item.summary, item.content_text])].join('\n'),
      ),
    ).toEqual([]);
    const index = JSON.parse(fs.readFileSync(path.join(staging, 'assets/pets.json'), 'utf8')) as Array<{ d: string }>;
    expect(stray(index.map((row) => row.d).join('\n'))).toEqual([]);
  });

  it('finds a word typed into the code (the check itself works)', () => {
    expect(stray('«Adoption fee» 1 500,00 ₽ Бублик Found a home')).toEqual(['Found', 'a', 'home']);
  });

  describe.skipIf(POPPLER_MISSING !== undefined && process.env.CI !== 'true')(
    `printed${POPPLER_MISSING ? ` (skipped: ${POPPLER_MISSING})` : ''}`,
    () => {
      it('a kennel card', async () => {
        const card = {
          name: 'Бублик',
          breed: 'Дворняга',
          age: 'Взрослый',
          sex: 'Сука',
          goodWith: { kids: 'yes', dogs: 'no', cats: 'unknown' } as const,
          description: 'Любит гулять.',
          fee: '1500 ₽',
          cover: null,
          url: 'http://priyut.localhost:5110/pets/1-bublik.html',
        };
        const pdf = await renderKennelCards([card], {
          paper: 'a4',
          perPage: 1,
          shelterName: shelter.name,
          words: pseudo,
        });
        const text = pdfText(pdf).replace(card.url, '');
        expect(text).toContain('«Scan to meet Бублик»');
        expect(stray(text)).toEqual([]);
      });

      it('the adoption contract', async () => {
        const pdf = await renderAdoptionContract(
          {
            shelter: {
              name: shelter.name,
              address: shelter.address,
              phone: shelter.phone,
              email: null,
              website: null,
              terms: null,
            },
            animal: {
              id: 17,
              name: 'Жучка',
              species: 'Собака',
              breed: 'Дворняга',
              sex: 'Сука',
              birthDate: '2023-03-04',
              age: null,
              colour: 'Чёрный',
              microchip: null,
              intakeDate: '2026-10-01',
            },
            adopter: {
              name: 'Иван Петров',
              address: 'Москва',
              phones: ['+7 495 000 00 01', '+7 495 000 00 02'],
              email: null,
              idChecked: { checked: true, what: 'Паспорт' },
            },
            adoption: { date: '2026-11-20', fee: 1500, currency: 'RUB', paidHow: 'card', reference: '№ 5' },
            staffName: 'Мария',
          },
          { size: 'a4', words: pseudo },
        );
        const text = pdfText(pdf);
        expect(text).toContain('ноября 2026');
        expect(stray(text)).toEqual([]);
      });
    },
  );
});
