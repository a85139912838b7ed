/**
 * Names in Chinese, Japanese, Korean, Arabic and emoji print on kennel cards and on the adoption contract in
 * faces that have their letters (Noto beside DejaVu), never as U+FFFD: read back by pdftotext, and
 * the faces embedded are the ones made for those scripts.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { renderAdoptionContract, type AdoptionContractData } from '../../src/main/print/adoption-contract';
import { renderKennelCards, type KennelCard } from '../../src/main/publishing/kennel-cards/kennel-cards';
import { loadPrintFonts } from '../../src/main/print-fonts/print-fonts';
import { textRuns } from '../../src/main/print-fonts/text-runs';
import { pdfText, POPPLER_MISSING } from '../helpers/pdf-render';

/** pdftotext marks a right-to-left stretch with embedding controls (U+202A–U+202E): they are not letters. */
const read = (pdf: Buffer): string => pdfText(pdf).replace(/[\u202a-\u202e]/g, '');
const fontsOf = (pdf: Buffer): string => execFileSync('pdffonts', ['-'], { input: pdf }).toString('utf8');

const card: KennelCard = {
  name: '李小龙',
  breed: 'Shiba Inu · 柴犬',
  age: 'Adult · 3 years',
  sex: 'Male',
  goodWith: { kids: 'yes', dogs: 'no', cats: 'unknown' },
  description: 'ليلى تحب اللعب 🐶 and 李小龙 loves walks.',
  fee: null,
  cover: null,
  url: 'http://refuge.localhost:5110/pets/1-li-xiao-long.html',
};

const contract: AdoptionContractData = {
  shelter: {
    name: 'Refuge 🐾 des Pattes',
    address: null,
    phone: null,
    email: null,
    website: null,
    terms: 'ليلى يجب أن تبقى في الداخل.\n\n李小龙 stays indoors.',
  },
  animal: {
    id: 7,
    name: 'ليلى',
    species: 'Chat',
    breed: null,
    sex: 'Femelle',
    birthDate: '2019-05',
    age: null,
    colour: null,
    microchip: null,
    intakeDate: null,
  },
  adopter: { name: '李小龙', address: null, phones: [], email: null, idChecked: { checked: false, what: null } },
  adoption: { date: '2026-11-27', fee: null, currency: null, paidHow: null, reference: 'stay 3' },
  staffName: 'たまご 😀 김민지',
};

if (POPPLER_MISSING !== undefined && process.env.CI === 'true') {
  it('print scripts: poppler-utils is installed', () => expect.fail(POPPLER_MISSING));
} else {
  describe.skipIf(POPPLER_MISSING !== undefined)('every script on paper', () => {
    it('a kennel card for 李小龙 and ليلى prints their letters and the emoji', async () => {
      const pdf = await renderKennelCards(
        [card, { ...card, name: 'ليلى', url: 'http://refuge.localhost:5110/pets/2-lyla.html' }],
        { paper: 'a4', perPage: 2, shelterName: 'Refuge 🐾' },
      );
      const text = read(pdf);
      for (const expected of ['李小龙', 'ليلى', '柴犬', '🐶', 'Scan to meet 李小龙', 'Scan to meet ليلى'])
        expect(text).toContain(expected);
      expect(text).not.toContain('\uFFFD');
      for (const face of ['NotoSansSC', 'NotoSansArabic', 'NotoEmoji', 'DejaVuSans'])
        expect(fontsOf(pdf)).toContain(face);
    });

    it('an adoption contract for ليلى adopted by 李小龙 prints both names, the terms and the emoji', async () => {
      const pdf = await renderAdoptionContract(contract);
      const text = read(pdf);
      for (const expected of ['ليلى', '李小龙', 'たまご', '김민지', '😀', '🐾', 'May 2019', '李小龙 stays indoors.'])
        expect(text).toContain(expected);
      expect(text).not.toContain('\uFFFD');
      for (const face of ['NotoSansSC', 'NotoSansKR', 'NotoSansArabic', 'NotoEmoji'])
        expect(fontsOf(pdf)).toContain(face);
    });
  });
}

describe('text runs', () => {
  const fonts = loadPrintFonts();
  it('keeps U+FFFD for the letters no face has, and nothing else', () => {
    expect(fonts.printable('李小龙 ليلى 🐶 Zoë 김민지')).toBe('李小龙 ليلى 🐶 Zoë 김민지');
    expect(fonts.printable('สมชาย')).toBe('\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD');
  });

  it('puts a right-to-left name where it sits on the paper, each word handed to fontkit in reading order', () => {
    const faceOf = (character: string): number => (/\p{Script=Arabic}/u.test(character) ? 2 : 0);
    const runs = textRuns('Chat: ليلى الصغيرة!', faceOf);
    // Paper order: the second Arabic word stands left of the first; fontkit turns each word round itself.
    expect(runs.map((run) => run.text)).toEqual(['Chat: ', 'الصغيرة', ' ', 'ليلى', '!']);
  });
});
