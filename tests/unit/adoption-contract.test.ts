import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { renderAdoptionContract, type AdoptionContractData } from '../../src/main/print/adoption-contract';
import { pdfText, pdfWords, POPPLER_MISSING, type PdfWord } from '../helpers/pdf-render';

const TERMS =
  'The adopter will keep Жучка indoors for the first two weeks.\n\nThe adopter will tell the shelter before giving the animal to anyone else.\nThe shelter may visit once, by appointment.\n\nΞένια, Kōji and Łucja: these terms are the whole agreement.';

const base: AdoptionContractData = {
  shelter: {
    name: 'Schronisko Łódź',
    address: 'ul. Piotrkowska 1\n90-001 Łódź',
    phone: '+48 42 000 00 00',
    email: 'biuro@schronisko.test',
    website: 'https://schronisko.test',
    terms: TERMS,
  },
  animal: {
    id: 17,
    name: 'Жучка',
    species: 'Dog',
    breed: 'Mieszaniec / Μιγάς',
    sex: 'Female',
    birthDate: '2023-03-04',
    age: null,
    colour: 'Black and tan',
    microchip: '616093900123456',
    intakeDate: '2026-10-01',
  },
  adopter: {
    name: 'Łucja Ørsted',
    address: '12 High Street\nLeeds LS1 1AA',
    phones: ['+44 7700 900123', '0113 496 0000'],
    email: 'lucja@example.test',
    idChecked: { checked: true, what: 'passport' },
  },
  adoption: { date: '2026-11-27', fee: 125, currency: 'EUR', paidHow: 'card', reference: 'stay 42' },
  staffName: 'Ξένια Kōji',
};

/** Points: the contract's margin and its pages. */
const MARGIN = 56;
const A4 = { width: 595.28, height: 841.89 };
const LETTER = { width: 612, height: 792 };

const pdfInfo = (pdf: Buffer): string => execFileSync('pdfinfo', ['-'], { input: pdf }).toString('utf8');
const pageCount = (pdf: Buffer): number => Number(/^Pages:\s+(\d+)/m.exec(pdfInfo(pdf))?.[1]);

if (POPPLER_MISSING !== undefined && process.env.CI === 'true') {
  // CI installs poppler-utils (.ci/run): there, its absence is a failure, never a skip.
  it('adoption contract: poppler-utils is installed', () => expect.fail(POPPLER_MISSING));
} else {
  describe.skipIf(POPPLER_MISSING !== undefined)(
    `the adoption contract, read back by poppler${POPPLER_MISSING ? ` (skipped: ${POPPLER_MISSING})` : ''}`,
    () => {
      it('prints every name in Latin, Greek and Cyrillic, the microchip, the fee, the date, the terms’ paragraphs and the signature lines', async () => {
        const pdf = await renderAdoptionContract(base);
        expect(pdfInfo(pdf)).toMatch(/^Page size:\s+595\.28 x 841\.89 pts \(A4\)$/m);
        expect(pageCount(pdf)).toBe(1);
        const text = pdfText(pdf);
        for (const words of [
          'Adoption contract',
          'Schronisko Łódź',
          'ul. Piotrkowska 1',
          '90-001 Łódź',
          'biuro@schronisko.test',
          'Жучка',
          'Mieszaniec / Μιγάς',
          'Łucja Ørsted',
          'Ξένια Kōji',
          '+44 7700 900123',
          '0113 496 0000',
          'lucja@example.test',
          'Yes: passport',
        ]) {
          expect(text).toContain(words);
        }
        expect(text).toMatch(/Microchip +616093900123456/);
        expect(text).toMatch(/Adoption fee +€125\.00/);
        expect(text).toMatch(/Paid +By card/);
        expect(text).toMatch(/Date of adoption +27 November 2026/);
        expect(text).toMatch(/Date of birth +4 March 2023/);
        expect(text).toMatch(/In our care since +1 October 2026/);
        expect(text).toContain('Reference stay 42 · 27 November 2026');

        // Three paragraphs, each starting a line of its own after a gap wider than between lines; the second's own line break kept.
        expect(text).toContain('The adopter will keep Жучка indoors for the first two weeks.');
        expect(text).toMatch(
          /The adopter will tell the shelter before giving the animal to anyone else\.\n *The shelter may visit once, by appointment\./,
        );
        expect(text).toContain('Ξένια, Kōji and Łucja: these terms are the whole agreement.');
        const words = pdfWords(pdf);
        const termsTop = words.find((word) => word.text === 'Terms')!.yMax;
        const startingLines = (first: string): PdfWord[] =>
          words.filter((word) => word.text === first && Math.abs(word.xMin - MARGIN) < 1 && word.yMin > termsTop);
        const [keep, tell, visit] = startingLines('The');
        const [whole] = startingLines('Ξένια,');
        const betweenLines = visit!.yMin - tell!.yMax;
        expect(tell!.yMin - keep!.yMax, 'paragraphs 1 and 2').toBeGreaterThan(betweenLines + 3);
        expect(whole!.yMin - visit!.yMax, 'paragraphs 2 and 3').toBeGreaterThan(betweenLines + 3);

        // Both columns of signature lines: the adopter's and the shelter's, each with its name.
        expect(text).toMatch(/The adopter +For Schronisko Łódź/);
        expect(text).toMatch(/Signature +Signature/);
        expect(text).toMatch(/Łucja Ørsted +Ξένια Kōji/);
        expect(text).toMatch(/Name +Name/);
        expect(text).toMatch(/Date +Date/);
        expectInsidePages(words, A4);
      });

      it('6,000 words of terms flow over several pages, every word once and in order, the signatures after the last', async () => {
        const paragraphs = Array.from({ length: 60 }, (_, p) =>
          Array.from({ length: 100 }, (_, w) => `t${p}w${w}`).join(' '),
        );
        const terms = `${paragraphs.join('\n\n')} Zakończenie`;
        const pdf = await renderAdoptionContract({ ...base, shelter: { ...base.shelter, terms } });
        const pages = pageCount(pdf);
        expect(pages).toBeGreaterThanOrEqual(5);
        const words = pdfWords(pdf);
        const termWords = words.filter((word) => /^t\d+w\d+$|^Zakończenie$/.test(word.text)).map((word) => word.text);
        expect(termWords).toEqual(terms.split(/\s+/));
        expect(pdfText(pdf)).toContain(`Page ${pages} of ${pages}`);

        const last = words.find((word) => word.text === 'Zakończenie')!;
        const signatures = words.find((word) => word.text === 'Signatures')!;
        expect(signatures.page).toBe(pages);
        expect(signatures.page > last.page || signatures.yMin > last.yMax).toBe(true);
        for (const word of words.filter((each) => /^t\d+w\d+$/.test(each.text))) {
          expect(word.yMax, `${word.text} above the footer`).toBeLessThanOrEqual(A4.height - MARGIN + 1);
        }
        expectInsidePages(words, A4);
        expectApart(words);
      });

      it('on US Letter, long names wrap and a page-long address runs on, all inside the page, never over its edge or each other', async () => {
        const unbroken =
          'Wolfeschlegelsteinhausenbergerdorffwelchevoralternwarengewissenhaftschaferswessenschafewarenwohlgepflegeundsorgfaltigkeitbeschutzen';
        const adopter = `Maria-Magdalena Świętochowska-Wyszomirska Παπαδοπούλου Жучкова-Ковалевская ${unbroken}`;
        const data: AdoptionContractData = {
          ...base,
          shelter: {
            ...base.shelter,
            name: `Towarzystwo Opieki nad Zwierzętami w Polsce, Oddział w Łodzi i okolicach ${unbroken}`,
          },
          animal: { ...base.animal, name: `Księżniczka Ξένια Жучка ${unbroken}` },
          // An address longer than a page runs on to the next, beside its label's column.
          adopter: {
            ...base.adopter,
            name: adopter,
            address: Array.from({ length: 90 }, (_, line) => `Line ${line}`).join('\n'),
          },
          staffName: adopter,
        };
        const pdf = await renderAdoptionContract(data, { size: 'letter' });
        expect(pdfInfo(pdf)).toMatch(/^Page size:\s+612 x 792 pts \(letter\)$/m);
        const words = pdfWords(pdf);
        expectInsidePages(words, LETTER);
        expectApart(words);
        const addressLines = words.filter((word) => word.text === 'Line');
        expect(addressLines).toHaveLength(90);
        expect(new Set(addressLines.map((word) => word.page)).size).toBe(2);
        expect(addressLines.every((word) => Math.abs(word.xMin - addressLines[0]!.xMin) < 0.5)).toBe(true);
        // Read column by column: the signatures' two columns, and the names wrapped within them.
        const signatures = words.find((word) => word.text === 'Signatures')!;
        const below = words.filter((word) => word.page === signatures.page && word.yMin > signatures.yMax);
        const column = (right: boolean): string =>
          below
            .filter((word) => word.xMin >= LETTER.width / 2 === right)
            .map((word) => word.text)
            .join('');
        const squeezed = (text: string): string => text.replace(/\s+/g, '');
        expect(column(false)).toContain(squeezed(`The adopter Signature ${adopter} Name Date`));
        expect(column(true)).toContain(squeezed(`For ${data.shelter.name} Signature ${adopter} Name Date`));
        expect(squeezed(pdfText(pdf))).toContain(squeezed(`Name ${data.animal.name} Animal number 17`));
      });

      it('words a waived fee, no fee, another currency, no microchip, no terms, no ID check, and an instant’s day in its time zone', async () => {
        const waived = pdfText(
          await renderAdoptionContract({ ...base, adoption: { ...base.adoption, paidHow: 'waived' } }),
        );
        expect(waived).toMatch(/Adoption fee +Waived/);
        expect(waived).not.toContain('€125.00');
        expect(waived).not.toMatch(/Paid +/);

        const plain = pdfText(
          await renderAdoptionContract(
            {
              ...base,
              shelter: { ...base.shelter, terms: null, address: null, website: null },
              animal: { ...base.animal, microchip: null, birthDate: null, age: 'About 3 years' },
              adopter: { ...base.adopter, phones: [], idChecked: { checked: false, what: null } },
              adoption: { ...base.adoption, date: '2026-11-27T23:30:00Z', fee: 80, currency: 'USD', paidHow: 'cash' },
              staffName: null,
            },
            { size: 'a4', timeZone: 'Europe/Warsaw' },
          ),
        );
        expect(plain).toMatch(/Microchip +Not recorded/);
        expect(plain).toMatch(/Age +About 3 years/);
        expect(plain).not.toContain('Date of birth');
        expect(plain).toMatch(/Adoption fee +US\$80\.00/);
        expect(plain).toMatch(/Paid +In cash/);
        expect(plain).toMatch(/Identity checked +No/);
        expect(plain).not.toMatch(/^\s*Phones?\s/m);
        expect(plain).toMatch(/Date of adoption +28 November 2026/);
        expect(plain).toContain('No terms were set in the shelter’s profile when this contract was printed.');
        expect(plain).not.toContain('Recorded by');

        const free = pdfText(
          await renderAdoptionContract({
            ...base,
            adoption: { ...base.adoption, fee: null, currency: null, paidHow: null },
          }),
        );
        expect(free).toMatch(/Adoption fee +No fee/);
      });

      it('a letter the fonts lack prints as a visible replacement mark', async () => {
        // Thai: no face has it (CJK, Arabic and emoji print, print-scripts.test.ts).
        const text = pdfText(await renderAdoptionContract({ ...base, adopter: { ...base.adopter, name: 'Rex สม' } }));
        expect(text).toContain('Rex \uFFFD\uFFFD');
      });

      it('carries a title and no other metadata: no author, creator, producer or date', async () => {
        const pdf = await renderAdoptionContract(base);
        const info = pdfInfo(pdf);
        expect(info).toMatch(/^Title:\s+Adoption contract · Жучка$/m);
        expect(info).not.toMatch(/^(Author|Creator|Producer|CreationDate|ModDate|Subject|Keywords):/m);
        expect(info).toMatch(/^Metadata Stream:\s+no$/m);
        const raw = pdf.toString('latin1');
        for (const key of ['/Author', '/Creator', '/Producer', '/CreationDate', '/ModDate', 'PDFKit', process.cwd()])
          expect(raw).not.toContain(key);
      });
    },
  );
}

/** Every word inside the page's side margins and below its top margin; the footer alone in the bottom one. */
function expectInsidePages(words: readonly PdfWord[], page: { width: number; height: number }): void {
  expect(words.length).toBeGreaterThan(0);
  for (const word of words) {
    expect(word.xMin, word.text).toBeGreaterThanOrEqual(MARGIN - 0.5);
    expect(word.xMax, word.text).toBeLessThanOrEqual(page.width - MARGIN + 0.5);
    expect(word.yMin, word.text).toBeGreaterThanOrEqual(MARGIN - 1);
    expect(word.yMax, word.text).toBeLessThanOrEqual(page.height - MARGIN / 2 + 1);
  }
}

/** No two words of a page overlap: nothing runs into its neighbour. */
function expectApart(words: readonly PdfWord[]): void {
  const overlaps = words.flatMap((word, index) =>
    words
      .slice(index + 1)
      .filter(
        (other) =>
          other.page === word.page &&
          other.xMin < word.xMax - 0.5 &&
          word.xMin < other.xMax - 0.5 &&
          other.yMin < word.yMax - 0.5 &&
          word.yMin < other.yMax - 0.5,
      )
      .map((other) => `${word.text} / ${other.text}`),
  );
  expect(overlaps).toEqual([]);
}
