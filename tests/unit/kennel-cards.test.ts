import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderKennelCards, type KennelCard } from '../../src/main/cards/kennel-cards';
import { pdfText, POPPLER_MISSING, readQr, renderPdfPages } from '../helpers/pdf-render';

const base: KennelCard = {
  name: 'Biscuit',
  breed: 'Labrador Retriever / Collie mix',
  age: 'Adult · 3 years',
  sex: 'Female',
  goodWith: { kids: 'yes', dogs: 'no', cats: 'unknown' },
  description: 'Biscuit loves long walks.\n\nShe knows sit and paw.',
  fee: 'EUR 120.00',
  cover: null,
  url: 'http://happy-paws.localhost:5110/pets/1-biscuit/',
};

if (POPPLER_MISSING !== undefined && process.env.CI === 'true') {
  // CI installs poppler-utils (.ci/run): there, its absence is a failure, never a skip.
  it('kennel cards: poppler-utils is installed', () => expect.fail(POPPLER_MISSING));
} else {
  describe.skipIf(POPPLER_MISSING !== undefined)(`kennel cards, rendered by poppler${POPPLER_MISSING ? ` (skipped: ${POPPLER_MISSING})` : ''}`, () => {
    it('two a page: every card’s QR code opens its own pet page, and the words are on the card', async () => {
      const cover = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#c08040' } }).jpeg().toBuffer();
      const cards: KennelCard[] = [
        { ...base, cover },
        { ...base, name: 'Pepper', url: 'http://happy-paws.localhost:5110/pets/2-pepper/', goodWith: { kids: 'unknown', dogs: 'unknown', cats: 'unknown' } },
        { ...base, name: 'Biscuit 109', url: 'https://www.happypaws.test/pets/109-biscuit-109/', breed: null, fee: null, description: null },
      ];
      const pdf = await renderKennelCards(cards, { paper: 'a4', perPage: 2, shelterName: 'Happy Paws Rescue' });
      const pages = renderPdfPages(pdf);
      expect(pages).toHaveLength(2);
      const halves = pages.flatMap((page) => {
        const half = Math.floor(page.height / 2);
        return [readQr(page, { x: 0, y: 0, width: page.width, height: half }), readQr(page, { x: 0, y: half, width: page.width, height: page.height - half })];
      });
      expect(halves).toEqual([cards[0]!.url, cards[1]!.url, cards[2]!.url, null]);

      const text = pdfText(pdf);
      // Letter-spaced, poppler reads the shelter's name a letter at a time.
      expect(text.replace(/\s+/g, '')).toContain('HAPPYPAWSRESCUE');
      for (const words of ['Biscuit', 'Pepper', 'Biscuit 109', 'Labrador Retriever / Collie mix', 'EUR 120.00', 'Scan to meet Pepper', 'Biscuit loves long walks. She knows sit and paw.']) {
        expect(text).toContain(words);
      }
    });

    it('one a page on US Letter: the page is Letter-sized and the QR code reads back', async () => {
      const pdf = await renderKennelCards([base], { paper: 'letter', perPage: 1, shelterName: null });
      const [page] = renderPdfPages(pdf, 72);
      expect(page).toBeDefined();
      expect([page!.width, page!.height]).toEqual([612, 792]);
      expect(readQr(page!, { x: 0, y: 0, width: page!.width, height: page!.height })).toBe(base.url);
      expect(pdfText(pdf)).not.toContain('HAPPY PAWS');
    });

    it('a long description is cut with an ellipsis, never over the QR code', async () => {
      const description = 'She loves the sun. '.repeat(400);
      const pdf = await renderKennelCards([{ ...base, description }], { paper: 'a4', perPage: 2, shelterName: null });
      const [page] = renderPdfPages(pdf);
      expect(readQr(page!, { x: 0, y: 0, width: page!.width, height: Math.floor(page!.height / 2) })).toBe(base.url);
      const text = pdfText(pdf);
      expect(text).toContain('…');
      expect(text.split('She loves the sun.').length - 1).toBeLessThan(100);
    });
  });
}
