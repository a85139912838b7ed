import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import PDFDocument from 'pdfkit';
import { fitParagraphs } from '../../src/main/publishing/kennel-cards/fit-text';
import { renderKennelCards, type KennelCard } from '../../src/main/publishing/kennel-cards/kennel-cards';
import { loadPrintFonts } from '../../src/main/print-fonts/print-fonts';
import { pdfText, pdfWords, POPPLER_MISSING, readQr, renderPdfPages, type PdfWord } from '../helpers/pdf-render';

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
  describe.skipIf(POPPLER_MISSING !== undefined)(
    `kennel cards, rendered by poppler${POPPLER_MISSING ? ` (skipped: ${POPPLER_MISSING})` : ''}`,
    () => {
      it('two a page: every card’s QR code opens its own pet page, and the words are on the card', async () => {
        const cover = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#c08040' } })
          .jpeg()
          .toBuffer();
        const cards: KennelCard[] = [
          { ...base, cover },
          {
            ...base,
            name: 'Pepper',
            url: 'http://happy-paws.localhost:5110/pets/2-pepper/',
            goodWith: { kids: 'unknown', dogs: 'unknown', cats: 'unknown' },
          },
          {
            ...base,
            name: 'Biscuit 109',
            url: 'https://www.happypaws.test/pets/109-biscuit-109/',
            breed: null,
            fee: null,
            description: null,
          },
        ];
        const pdf = await renderKennelCards(cards, { paper: 'a4', perPage: 2, shelterName: 'Happy Paws Rescue' });
        const pages = renderPdfPages(pdf);
        expect(pages).toHaveLength(2);
        const halves = pages.flatMap((page) => {
          const half = Math.floor(page.height / 2);
          return [
            readQr(page, { x: 0, y: 0, width: page.width, height: half }),
            readQr(page, { x: 0, y: half, width: page.width, height: page.height - half }),
          ];
        });
        expect(halves).toEqual([cards[0]!.url, cards[1]!.url, cards[2]!.url, null]);

        const text = pdfText(pdf);
        // Letter-spaced, poppler reads the shelter's name a letter at a time.
        expect(text.replace(/\s+/g, '')).toContain('HAPPYPAWSRESCUE');
        for (const words of [
          'Biscuit',
          'Pepper',
          'Biscuit 109',
          'Labrador Retriever / Collie mix',
          'EUR 120.00',
          'Scan to meet Pepper',
        ]) {
          expect(text).toContain(words);
        }
        // Two paragraphs, a blank line between them.
        expect(text).toMatch(/Biscuit loves long walks\.\n[ \t]*\n[ \t]*She knows sit and paw\./);
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

      it('letters beyond Windows-1252 come back exactly: in the name, the description and the “Scan to meet” line', async () => {
        const names = ['Kōji', 'Łucja', 'Ørsted', 'Ξένια', 'Жучка'];
        const cards = names.map((name, index): KennelCard => ({
          ...base,
          name,
          breed: 'Mieszaniec / Μιγάς',
          description: `${name} любит гулять, ἀγαπᾷ τὸν ἥλιο, lubi spacery.`,
          url: `http://happy-paws.localhost:5110/pets/${index + 1}/`,
        }));
        const pdf = await renderKennelCards(cards, { paper: 'a4', perPage: 1, shelterName: 'Schronisko Łódź' });
        const words = pdfWords(pdf);
        expect(new Set(words.map((word) => word.page)).size).toBe(names.length);
        names.forEach((name, index) => {
          const onPage = words.filter((word) => word.page === index + 1);
          // The name is the card's title: its largest type.
          const title = onPage.reduce((tallest, word) =>
            word.yMax - word.yMin > tallest.yMax - tallest.yMin ? word : tallest,
          );
          expect(title.text).toBe(name);
        });
        const text = pdfText(pdf);
        for (const name of names) {
          expect(text).toContain(`${name} любит гулять, ἀγαπᾷ τὸν ἥλιο, lubi spacery.`);
          expect(text).toContain(`Scan to meet ${name}`);
        }
        expect(text).toContain('Mieszaniec / Μιγάς');
        expect(text.replace(/\s+/g, '')).toContain('SCHRONISKOŁÓDŹ');
      });

      it('a letter the fonts lack prints as a visible replacement mark, never as nothing or as garbage', async () => {
        // Thai: no face has it (CJK, Arabic and emoji print, print-scripts.test.ts).
        const pdf = await renderKennelCards([{ ...base, name: 'สม', description: 'Rex สมชา is shy.' }], {
          paper: 'a4',
          perPage: 1,
          shelterName: null,
        });
        const text = pdfText(pdf);
        expect(text).toContain('Scan to meet \uFFFD\uFFFD');
        expect(text).toContain('Rex \uFFFD\uFFFD\uFFFD\uFFFD is shy.');
      });

      it('a long description of several paragraphs keeps its break, is cut after a whole word with “…”, and stays inside its card', async () => {
        const sentence = 'She naps by the window every afternoon and greets each visitor at the gate. ';
        const description = `Willow came to us in spring.\n\n${sentence.repeat(60)}\n\nA last paragraph nobody reads.`;
        for (const perPage of [1, 2] as const) {
          const cards = [
            { ...base, description },
            { ...base, name: 'Pepper', description },
            { ...base, name: 'Biscuit 109', description },
          ];
          const pdf = await renderKennelCards(cards, { paper: 'a4', perPage, shelterName: 'Happy Paws Rescue' });
          const words = pdfWords(pdf);
          expect(new Set(words.map((word) => word.page)).size, `${perPage} a page`).toBe(perPage === 1 ? 3 : 2);
          const text = pdfText(pdf);
          expect(text).toMatch(/Willow came to us in spring\.\n[ \t]*\n[ \t]*She naps by the window/);
          expect(text).not.toContain('A last paragraph');
          const cut = [...text.matchAll(/(\S+)…/g)].map((match) => match[1]);
          expect(cut).toHaveLength(3);
          const whole = new Set(sentence.trim().replace(/\./g, '').split(' '));
          for (const word of cut) expect(whole, `“${word}…” ends on a whole word`).toContain(word);
          expectInsideCards(words, perPage);
        }
      });
    },
  );
}

/** Every word sits inside its card's frame, and the description ends above its card's “Scan to meet” line. */
function expectInsideCards(words: readonly PdfWord[], perPage: 1 | 2): void {
  const [pageWidth, pageHeight, margin] = [595.28, 841.89, 28];
  const cardHeight = (pageHeight - margin * 2 - (perPage - 1) * margin) / perPage;
  for (const word of words) {
    const slot = Math.floor((word.yMin - margin / 2) / (cardHeight + margin));
    const top = margin + slot * (cardHeight + margin);
    expect(word.xMin, word.text).toBeGreaterThanOrEqual(margin);
    expect(word.xMax, word.text).toBeLessThanOrEqual(pageWidth - margin);
    expect(word.yMin, word.text).toBeGreaterThanOrEqual(top);
    expect(word.yMax, word.text).toBeLessThanOrEqual(top + cardHeight);
  }
  for (const scan of words.filter((word) => word.text === 'Scan')) {
    const above = words.filter(
      (word) =>
        word.page === scan.page &&
        word.yMin < scan.yMin &&
        scan.yMin - word.yMin < 200 &&
        /^(She|naps|window|afternoon|gate\.)/.test(word.text),
    );
    expect(above.length).toBeGreaterThan(0);
    for (const word of above) expect(word.yMax, word.text).toBeLessThanOrEqual(scan.yMin);
  }
}

describe('the print fonts', () => {
  it('print Latin, Greek and Cyrillic as given, and show every letter they lack as U+FFFD', () => {
    const { printable } = loadPrintFonts();
    expect(printable('Kōji Łucja Ørsted Ξένια Жучка Nguyễn Ağrı')).toBe('Kōji Łucja Ørsted Ξένια Жучка Nguyễn Ağrı');
    // Composed as one letter; joiners and variation selectors dropped; CJK, Hebrew and emoji kept (their faces print them), Thai marked.
    expect(printable('Zoe\u0308 ❤\uFE0F')).toBe('Zoë ❤');
    expect(printable('太郎 שלום 🐶\u200D')).toBe('太郎 שלום 🐶');
    expect(printable('สม')).toBe('\uFFFD\uFFFD');
    expect(printable('two\n\nparagraphs')).toBe('two\n\nparagraphs');
  });
});

describe('a description fitted to its box', () => {
  const doc = new PDFDocument({ autoFirstPage: false }).fontSize(12);
  const box = { width: 200, height: 60 };

  it('comes whole when it fits, lines and paragraphs as written', () => {
    expect(fitParagraphs(doc, '  Shy at first.\nThen a clown.\n \n\nLoves cats.  ', box)).toBe(
      'Shy at first.\nThen a clown.\n\nLoves cats.',
    );
    expect(fitParagraphs(doc, ' \n\n ', box)).toBeNull();
  });

  it('is cut after a whole word, its comma dropped before the “…”, within the height', () => {
    const fitted = fitParagraphs(doc, 'Quiet, gentle, '.repeat(50), box)!;
    expect(fitted).toMatch(/(Quiet|gentle)…$/);
    expect(doc.heightOfString(fitted, { width: box.width })).toBeLessThanOrEqual(box.height);
    const next = fitted.endsWith('Quiet…') ? 'gentle' : 'Quiet';
    expect(
      doc.heightOfString(`${fitted.slice(0, -1)}, ${next}…`, { width: box.width }),
      'one word more would not fit',
    ).toBeGreaterThan(box.height);
  });

  it('a first word too long for the box is cut between letters', () => {
    const fitted = fitParagraphs(doc, `${'a'.repeat(3000)} b`, box)!;
    expect(fitted).toMatch(/^a+…$/);
    expect(doc.heightOfString(fitted, { width: box.width })).toBeLessThanOrEqual(box.height);
  });
});
