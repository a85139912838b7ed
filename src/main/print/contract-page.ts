import { PRINT_BOLD, PRINT_REGULAR, printText, type PrintFonts } from '../print-fonts/print-fonts';
import type { ContractWords } from './contract-words';

/** The page's margins, in points (1/72 in). */
export const MARGIN = 56;
export const INK = '#1f2933';
export const MUTED = '#52606d';
const ACCENT = '#0b7285';
const LABEL_WIDTH = 130;
export const BODY_SIZE = 10;

export type Row = readonly [label: string, value: string | null];

/** Writes down the page from the top margin, starting a new page before a block that would not fit. */
export class ContractPage {
  constructor(
    readonly doc: PDFKit.PDFDocument,
    private readonly fonts: PrintFonts,
    readonly width: number,
    readonly said: ContractWords,
  ) {}

  printable(text: string): string {
    return this.fonts.printable(text);
  }

  /** `text` written in `weight` at the current size and colour, every letter in a face that has it (print-fonts.ts). */
  write(
    weight: typeof PRINT_REGULAR | typeof PRINT_BOLD,
    text: string,
    x?: number,
    y?: number,
    options?: PDFKit.Mixins.TextOptions,
  ): void {
    printText(this.doc, weight, this.printable(text), x, y, options);
  }

  /** Starts a new page unless `height` points still fit on this one. */
  keep(height: number): void {
    if (this.doc.y + height > this.doc.page.maxY()) this.doc.addPage();
  }

  section(title: string): void {
    const { doc } = this;
    this.keep(60);
    doc.moveDown(0.6);
    doc.font(PRINT_BOLD).fontSize(12.5).fillColor(ACCENT);
    this.write(PRINT_BOLD, title, MARGIN, doc.y, { width: this.width });
    const ruleY = doc.y + 2;
    doc
      .save()
      .moveTo(MARGIN, ruleY)
      .lineTo(MARGIN + this.width, ruleY)
      .lineWidth(0.6)
      .strokeColor(ACCENT)
      .stroke()
      .restore();
    doc.y = ruleY + 5;
  }

  /** A label and its value a row, the value wrapping beside its label; rows without a value left out. */
  rows(rows: readonly Row[]): void {
    const { doc } = this;
    const valueX = MARGIN + LABEL_WIDTH;
    const valueWidth = this.width - LABEL_WIDTH;
    for (const [label, value] of rows) {
      if (value === null || value.trim() === '') continue;
      const words = { label: this.printable(label), value: this.printable(value) };
      doc.font(PRINT_REGULAR).fontSize(BODY_SIZE);
      const height = Math.max(
        doc.heightOfString(words.value, { width: valueWidth }),
        doc.heightOfString(words.label, { width: LABEL_WIDTH - 10 }),
      );
      this.keep(height);
      const [top, startPage] = [doc.y, doc.page];
      doc.fillColor(MUTED);
      this.write(PRINT_REGULAR, words.label, MARGIN, top, { width: LABEL_WIDTH - 10 });
      const labelBottom = doc.y;
      doc.fillColor(INK);
      this.write(PRINT_REGULAR, words.value, valueX, top, { width: valueWidth });
      // A value longer than a page runs on to the next, where the label's bottom no longer counts.
      doc.y = (doc.page === startPage ? Math.max(doc.y, labelBottom) : doc.y) + 2;
    }
  }

  /** Paragraphs between blank lines, their own line breaks kept; flowing onto as many pages as they take. */
  paragraphs(text: string): void {
    const { doc } = this;
    const paragraphs = text
      .split(/\n\s*\n/)
      .map((paragraph) => paragraph.trim())
      .filter(Boolean);
    doc.font(PRINT_REGULAR).fontSize(BODY_SIZE).fillColor(INK);
    for (const paragraph of paragraphs.length > 0 ? paragraphs : [this.said.noTerms]) {
      this.keep(doc.currentLineHeight(true) * 2);
      const lines = paragraph
        .split('\n')
        .map((line) => line.trim())
        .join('\n');
      this.write(PRINT_REGULAR, lines, MARGIN, doc.y, { width: this.width, align: 'left' });
      doc.moveDown(0.6);
    }
  }
}

/** "Adoption contract · reference" and "Page n of m" in every page's bottom margin, once the page count is known. */
export function drawFooters(page: ContractPage, reference: string, pageHeight: number): void {
  const said = page.said;
  const { doc, width } = page;
  const range = doc.bufferedPageRange();
  const left = page.printable(said.footer(reference));
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    // Writing in the margin would otherwise start a new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = pageHeight - MARGIN / 2 - 12;
    const number = page.printable(said.page(index - range.start + 1, range.count));
    doc.font(PRINT_REGULAR).fontSize(8).fillColor(MUTED);
    const numberWidth = doc.widthOfString(number);
    doc.text(number, MARGIN + width - numberWidth, y, { lineBreak: false });
    doc.text(left, MARGIN, y, { width: width - numberWidth - 16, height: 10, ellipsis: true });
    doc.page.margins.bottom = bottom;
  }
}
