/**
 * A French shelter publishes in French: its profile says `fr`, and the adoption site,
 * its Atom feed (read by an XML parser), a kennel card and the adoption contract from the CLI (read
 * back by pdftotext) say it in French, accented names printing, with money and dates as France
 * writes them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../src/main/engine/engine';
import { writeAdoptionSite } from '../../src/main/publishing/adoption-site/site';
import { pdfText, POPPLER_MISSING } from '../helpers/pdf-render';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { runCliInProcess } from '../helpers/cli-in-process';

let dataDir: string;
let petId: number;
let site: string;
let cards: Buffer;

/** Intl's French spaces (narrow and plain no-break) as pdftotext and a reader see them: spaces. */
const spaced = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

beforeAll(async () => {
  dataDir = makeTempDir('french-shelter');
  const engine = new Engine({ dataDir, environment: 'production' });
  try {
    const { services } = engine;
    const account = services.accounts.create({ name: 'Refuge', planId: 'pro' });
    engine.sites.projects.create({ accountId: account.id, name: 'Refuge' });
    services.shelter.set({
      name: 'Refuge des Pattes Amies',
      currency: 'EUR',
      language: 'fr',
      phone: '+33 1 23 45 67 89',
      email: 'adopter@refuge.test',
      howToAdopt: 'Venez nous rencontrer.',
    });
    const stay = services.movements.intake({ pet: { name: 'Zoé', categoryId: 1 }, type: 'stray' }, 'cli');
    petId = stay.petId;
    services.petProfiles.set(petId, {
      sex: 'female',
      birthDate: '2020-01-15',
      breedPrimary: 'Épagneul breton',
      breedMixed: true,
      adoptionFee: 1250,
      goodWithKids: 'yes',
      size: 'medium',
      spayedNeutered: true,
      description: 'Zoé adore les câlins.',
    });
    services.care.give({ doses: [{ petId, vaccine: 'Rabies', batch: 'R9' }] }, 'cli');
    expect(services.care.upToDate(petId)).toBe(true);
    site = path.join(dataDir, 'site');
    fs.mkdirSync(site);
    const content = engine.publishing.adoptionSiteContent('http://refuge.localhost:5110', Date.now(), 'Refuge');
    expect((await writeAdoptionSite(site, content, 50 * 1024 * 1024)).ok).toBe(true);
    cards = (await engine.publishing.kennelCards.render({ ids: [petId], paper: 'a4', perPage: 1, project: 'refuge' }))
      .pdf;
    const adopter = services.people.add({
      name: 'Hélène Dupré',
      phones: ['+33 6 12 34 56 78'],
      idChecked: true,
      idCheckedWhat: 'carte d’identité',
    }).person;
    services.movements.adopt({ petId, personId: adopter.id, fee: 1250, feeMethod: 'card' }, 'cli');
  } finally {
    engine.close();
  }
}, 60_000);

afterAll(() => removeTempDir(dataDir));

describe('a French shelter publishes in French', () => {
  it('the adoption site: the index and the pet’s page, <html lang="fr">, the fee in euros as France writes it', () => {
    const index = fs.readFileSync(path.join(site, 'index.html'), 'utf8');
    expect(index).toContain('<html lang="fr">');
    expect(index).toContain('<h1>Refuge des Pattes Amies : les animaux qui cherchent une famille</h1>');
    expect(index).toContain('1 animal attend une famille.');
    expect(index).toContain('Comment adopter');
    const page = spaced(fs.readFileSync(path.join(site, 'pets', `${petId}-zoe.html`), 'utf8'));
    for (const expected of [
      '<html lang="fr">',
      '<dt>Race</dt><dd>Épagneul breton croisé</dd>',
      '<dt>Sexe</dt><dd>Femelle</dd>',
      '<dt>Taille</dt><dd>Moyen</dd>',
      '<dt>S’entend avec les enfants</dt><dd>Oui</dd>',
      '<dt>Frais d’adoption</dt><dd>1 250,00 €</dd>',
      'À propos de Zoé',
      'Zoé vous intéresse ? Contactez Refuge des Pattes Amies au',
    ]) {
      expect(page).toContain(expected);
    }
    expect(page).toMatch(/<dt>Âge<\/dt><dd>Adulte · \d+ ans<\/dd>/);
    expect(page).not.toMatch(/Adoption fee|Good with|Breed|Female/);
  });

  it('the Atom feed, read by an XML parser: French title, xml:lang, and the fee in French', () => {
    const problems: string[] = [];
    const feed = new DOMParser({
      errorHandler: {
        warning: (message) => problems.push(message),
        error: (message) => problems.push(message),
        fatalError: (message) => problems.push(message),
      },
    }).parseFromString(fs.readFileSync(path.join(site, 'feed.xml'), 'utf8'), 'text/xml');
    expect(problems).toEqual([]);
    expect(feed.documentElement!.getAttribute('xml:lang')).toBe('fr');
    expect(feed.getElementsByTagName('title')[0]!.textContent).toBe('Refuge des Pattes Amies : animaux à l’adoption');
    expect(feed.getElementsByTagName('summary')[0]!.textContent).toBe('Épagneul breton croisé · Adulte · Femelle');
    expect(spaced(feed.getElementsByTagName('content')[0]!.textContent!)).toContain(
      '<p>Frais d’adoption : 1 250,00 €</p>',
    );
    const json = JSON.parse(fs.readFileSync(path.join(site, 'feed.json'), 'utf8')) as {
      language: string;
      title: string;
    };
    expect(json).toMatchObject({ language: 'fr', title: 'Refuge des Pattes Amies : animaux à l’adoption' });
  });

  if (POPPLER_MISSING !== undefined && process.env.CI === 'true') {
    it('French print: poppler-utils is installed', () => expect.fail(POPPLER_MISSING));
  }

  it.skipIf(POPPLER_MISSING !== undefined)(
    'the kennel card, read by pdftotext, with its vaccinated and spayed marks',
    () => {
      const text = spaced(pdfText(cards));
      for (const expected of [
        'REFUGE DES PATTES AMIES',
        'Zoé',
        'RACE',
        'Épagneul breton croisé',
        'ÂGE',
        'SEXE',
        'Femelle',
        'FRAIS D’ADOPTION',
        '1 250,00 €',
        'S’ENTEND AVEC',
        'Enfants',
        'Vacciné',
        'Stérilisé',
        'Scannez pour rencontrer Zoé',
      ]) {
        expect(text).toContain(expected);
      }
      expect(text).not.toMatch(/Scan to meet|BREED|GOOD WITH/);
    },
  );

  it.skipIf(POPPLER_MISSING !== undefined)(
    'the adoption contract from the CLI, read by pdftotext',
    async () => {
      const out = path.join(dataDir, 'contrat.pdf');
      const made = await runCliInProcess(dataDir, ['contract', String(petId), '--out', out]);
      expect(made.code, made.stderr).toBe(0);
      const text = spaced(pdfText(fs.readFileSync(out)));
      for (const expected of [
        'Contrat d’adoption',
        'Refuge des Pattes Amies',
        'L’animal',
        'Zoé',
        'Épagneul breton',
        'Femelle',
        'L’adoptant',
        'Hélène Dupré',
        'Oui : carte d’identité',
        'Frais d’adoption',
        '1 250,00 €',
        'Par carte',
        'Pour Refuge des Pattes Amies',
        'Page 1 sur',
      ]) {
        expect(text).toContain(expected);
      }
      expect(text).toMatch(
        /\d{1,2} (janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre) \d{4}/,
      );
      expect(text).not.toMatch(/Adoption contract|The adopter|Date of adoption/);
    },
    60_000,
  );

  it('`shelter set --language` sets it, refuses a language there is no catalogue for, and `--clear language` goes back to English', async () => {
    const set = await runCliInProcess(dataDir, ['shelter', 'set', '--language', 'de', '--json']);
    expect(set.code, set.stderr).toBe(0);
    expect(JSON.parse(set.stdout)).toMatchObject({ language: 'de' });
    const refused = await runCliInProcess(dataDir, ['shelter', 'set', '--language', 'xx']);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('must be one of en, fr, es, de');
    const cleared = await runCliInProcess(dataDir, ['shelter', 'set', '--clear', 'language', '--json']);
    expect(cleared.code, cleared.stderr).toBe(0);
    expect(JSON.parse(cleared.stdout)).not.toHaveProperty('language');
  }, 60_000);
});
