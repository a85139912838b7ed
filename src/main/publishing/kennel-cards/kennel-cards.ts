import type QRCodeModule from 'qrcode';
import {
  loadPrintFonts,
  PRINT_BOLD,
  PRINT_REGULAR,
  printText,
  useIn,
  type PrintFonts,
} from '../../print-fonts/print-fonts';
import type { YesNoUnknown } from '../pet-words';
import { publishedWords, type PublishedWords } from '../words/words';
import { fitParagraphs } from './fit-text';

/**
 * One card, already worded: the card prints what it is given. The caller (KennelCardService, from the
 * public pet and pet-words.ts) turns a profile into these words, so the CLI, the desktop app and browser mode
 * print the same cards.
 */
export interface KennelCard {
  name: string;
  /** "Labrador Retriever / Collie mix". */
  breed: string | null;
  /** "Adult · 3 years". */
  age: string | null;
  /** "Female". */
  sex: string | null;
  goodWith: { kids: YesNoUnknown; dogs: YesNoUnknown; cats: YesNoUnknown };
  description: string | null;
  /** "EUR 120.00", formatted with the shelter's currency. */
  fee: string | null;
  /** The cover photo as JPEG or PNG bytes (pdfkit embeds no other format). */
  cover: Buffer | null;
  /** The pet's page on the project's live address: what the QR code opens. */
  url: string;
  /** "Vaccinated", "Spayed/neutered": each printed with a tick when true, left out otherwise. */
  marks?: readonly string[];
}

export type CardPaper = 'a4' | 'letter';
export type CardsPerPage = 1 | 2;

export interface KennelCardOptions {
  paper: CardPaper;
  perPage: CardsPerPage;
  /** Printed small above each name. */
  shelterName: string | null;
  /** The shelter's language's words; English when not given. */
  words?: PublishedWords;
}

/** Points (1/72 in): ISO 216 A4 and US Letter. */
const PAPER: Record<CardPaper, [number, number]> = { a4: [595.28, 841.89], letter: [612, 792] };
const MARGIN = 28;
const INK = '#1f2933';
const MUTED = '#52606d';
const ACCENT = '#0b7285';

/**
 * Printable kennel cards: one or two a page, each with the cover photo, the facts, the first lines
 * of the description and a QR code to the pet's page, in the print fonts (wide coverage, subset).
 */
export async function renderKennelCards(cards: readonly KennelCard[], options: KennelCardOptions): Promise<Buffer> {
  // Loaded with the first cards, not at start: the server needs neither to answer requests.
  const [{ default: PDFDocument }, { default: QRCode }] = await Promise.all([import('pdfkit'), import('qrcode')]);
  const fonts = loadPrintFonts();
  const [pageWidth, pageHeight] = PAPER[options.paper];
  const words = options.words ?? publishedWords();
  const doc = new PDFDocument({
    size: [pageWidth, pageHeight],
    margin: 0,
    autoFirstPage: false,
    info: { Title: words.t('card.documentTitle'), Creator: 'Adoption Desk' },
  });
  useIn(doc, fonts);
  const shelterName = options.shelterName === null ? null : fonts.printable(options.shelterName);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  const cardHeight = (pageHeight - MARGIN * 2 - (options.perPage - 1) * MARGIN) / options.perPage;
  for (let index = 0; index < cards.length; index += 1) {
    const slot = index % options.perPage;
    if (slot === 0) doc.addPage();
    const top = MARGIN + slot * (cardHeight + MARGIN);
    if (slot > 0) cutLine(doc, top - MARGIN / 2, pageWidth);
    drawCard(
      doc,
      QRCode,
      printableCard(cards[index]!, fonts),
      { x: MARGIN, y: top, width: pageWidth - MARGIN * 2, height: cardHeight },
      { ...options, shelterName, words },
    );
  }
  if (cards.length === 0) doc.addPage();
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

/** A card's words as the fonts print them (see PrintFonts.printable). */
function printableCard(card: KennelCard, fonts: PrintFonts): KennelCard {
  const words = (text: string | null): string | null => (text === null ? null : fonts.printable(text));
  return {
    ...card,
    name: fonts.printable(card.name),
    breed: words(card.breed),
    age: words(card.age),
    sex: words(card.sex),
    description: words(card.description),
    fee: words(card.fee),
  };
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

function cutLine(doc: PDFKit.PDFDocument, y: number, pageWidth: number): void {
  doc
    .save()
    .moveTo(MARGIN, y)
    .lineTo(pageWidth - MARGIN, y)
    .dash(4, { space: 4 })
    .lineWidth(0.5)
    .strokeColor('#9aa5b1')
    .stroke()
    .restore();
}

function drawCard(
  doc: PDFKit.PDFDocument,
  qrCode: typeof QRCodeModule,
  card: KennelCard,
  box: Box,
  options: KennelCardOptions & { words: PublishedWords },
): void {
  const { words } = options;
  const compact = options.perPage === 2;
  doc.save().roundedRect(box.x, box.y, box.width, box.height, 10).lineWidth(1.5).strokeColor(ACCENT).stroke().restore();
  const pad = compact ? 16 : 24;
  const inner = { x: box.x + pad, y: box.y + pad, width: box.width - pad * 2, height: box.height - pad * 2 };

  let y = inner.y;
  if (options.shelterName) {
    doc
      .font(PRINT_REGULAR)
      .fontSize(compact ? 9 : 11)
      .fillColor(MUTED);
    printText(doc, PRINT_REGULAR, words.upper(options.shelterName), inner.x, y, {
      width: inner.width,
      lineBreak: false,
      ellipsis: true,
      characterSpacing: 1,
    });
    y += compact ? 14 : 18;
  }
  const nameSize = compact ? 28 : 40;
  doc.font(PRINT_BOLD).fontSize(nameSize).fillColor(INK);
  printText(doc, PRINT_BOLD, card.name, inner.x, y, { width: inner.width, lineBreak: false, ellipsis: true });
  y += nameSize * 1.15 + (compact ? 6 : 12);

  const qrSize = compact ? 96 : 132;
  const bottomBand = qrSize + 8;
  // Half a card gives the photo less height, so a few lines of the description still fit above the QR code.
  const photoSide = Math.min(
    inner.width * 0.45,
    (inner.height - (y - inner.y) - bottomBand - 8) * (compact ? 0.62 : 1),
  );
  const factsX = inner.x + (photoSide > 0 ? photoSide + 18 : 0);
  const factsWidth = inner.x + inner.width - factsX;
  if (photoSide > 40) drawCover(doc, card.cover, { x: inner.x, y, width: photoSide, height: photoSide }, words);

  let factsY = y;
  for (const [label, value] of [
    [words.t('card.breed'), card.breed],
    [words.t('card.age'), card.age],
    [words.t('card.sex'), card.sex],
    [words.t('card.fee'), card.fee],
  ] as const) {
    if (!value) continue;
    doc
      .font(PRINT_REGULAR)
      .fontSize(compact ? 8 : 10)
      .fillColor(MUTED)
      .text(words.upper(label), factsX, factsY, { width: factsWidth, characterSpacing: 0.5 });
    factsY = doc.y + 1;
    doc
      .font(PRINT_BOLD)
      .fontSize(compact ? 12 : 15)
      .fillColor(INK);
    printText(doc, PRINT_BOLD, value, factsX, factsY, {
      width: factsWidth,
      height: (compact ? 12 : 15) * 2.4,
      ellipsis: true,
    });
    factsY = doc.y + (compact ? 5 : 8);
  }
  factsY = drawGoodWith(doc, card.goodWith, factsX, factsY, compact, words);
  factsY = drawMarks(doc, card.marks ?? [], factsX, factsY, compact);

  const qrX = inner.x + inner.width - qrSize;
  const qrY = inner.y + inner.height - qrSize;
  const captionWidth = inner.width - qrSize - 16;
  const captionTop = qrY + qrSize - (compact ? 40 : 48);
  // The description beside the QR code down to its caption: its paragraphs kept, cut at a word to fit.
  const textTop = Math.max(factsY, photoSide > 40 ? y + photoSide : y) + (compact ? 8 : 14);
  const textSize = compact ? 10 : 12;
  const textBox = { width: captionWidth, height: captionTop - 8 - textTop };
  if (card.description && textBox.height > textSize * 1.5) {
    doc.font(PRINT_REGULAR).fontSize(textSize);
    const fitted = fitParagraphs(doc, card.description, textBox);
    if (fitted) printText(doc.fillColor(INK), PRINT_REGULAR, fitted, inner.x, textTop, textBox);
  }

  drawQr(doc, qrCode, card.url, qrX, qrY, qrSize);
  doc
    .font(PRINT_BOLD)
    .fontSize(compact ? 11 : 13)
    .fillColor(ACCENT);
  printText(doc, PRINT_BOLD, words.t('card.scanToMeet', { name: card.name }), inner.x, captionTop, {
    width: captionWidth,
    lineBreak: false,
    ellipsis: true,
  });
  doc
    .font(PRINT_REGULAR)
    .fontSize(compact ? 8 : 9)
    .fillColor(MUTED)
    .text(card.url, inner.x, doc.y + 2, { width: captionWidth, height: 24, ellipsis: true });
}

function drawCover(doc: PDFKit.PDFDocument, cover: Buffer | null, box: Box, words: PublishedWords): void {
  if (cover) {
    doc.save().roundedRect(box.x, box.y, box.width, box.height, 8).clip();
    doc.image(cover, box.x, box.y, { cover: [box.width, box.height], align: 'center', valign: 'center' });
    doc.restore();
    return;
  }
  doc.save().roundedRect(box.x, box.y, box.width, box.height, 8).fillColor('#e4e7eb').fill().restore();
  doc
    .font(PRINT_REGULAR)
    .fontSize(11)
    .fillColor(MUTED)
    .text(words.t('card.photoToCome'), box.x, box.y + box.height / 2 - 6, { width: box.width, align: 'center' });
}

const GOOD_WITH_COLOURS: Record<YesNoUnknown, string> = { yes: '#2f9e44', no: '#c92a2a', unknown: '#9aa5b1' };

/** A disc per companion: a tick, a cross or a question mark drawn as paths, sharp at any print size. */
function drawGoodWith(
  doc: PDFKit.PDFDocument,
  goodWith: KennelCard['goodWith'],
  x: number,
  y: number,
  compact: boolean,
  words: PublishedWords,
): number {
  if (Object.values(goodWith).every((answer) => answer === 'unknown')) return y;
  doc
    .font(PRINT_REGULAR)
    .fontSize(compact ? 8 : 10)
    .fillColor(MUTED)
    .text(words.upper(words.t('card.goodWith')), x, y, { characterSpacing: 0.5 });
  const rowY = doc.y + 4;
  const radius = compact ? 7 : 9;
  let cursor = x;
  for (const companion of ['kids', 'dogs', 'cats'] as const) {
    const answer = goodWith[companion];
    const cx = cursor + radius;
    const cy = rowY + radius;
    doc.save().circle(cx, cy, radius).fillColor(GOOD_WITH_COLOURS[answer]).fill().restore();
    doc
      .save()
      .lineWidth(compact ? 1.6 : 2)
      .strokeColor('#ffffff')
      .lineCap('round');
    const r = radius * 0.45;
    if (answer === 'yes')
      doc
        .moveTo(cx - r, cy)
        .lineTo(cx - r * 0.2, cy + r * 0.8)
        .lineTo(cx + r, cy - r * 0.7)
        .stroke();
    else if (answer === 'no')
      doc
        .moveTo(cx - r, cy - r)
        .lineTo(cx + r, cy + r)
        .moveTo(cx + r, cy - r)
        .lineTo(cx - r, cy + r)
        .stroke();
    else
      doc
        .font(PRINT_BOLD)
        .fontSize(radius * 1.3)
        .fillColor('#ffffff')
        .text('?', cx - radius, cy - radius * 0.5, { width: radius * 2, align: 'center', lineBreak: false });
    doc.restore();
    doc
      .font(PRINT_REGULAR)
      .fontSize(compact ? 9 : 11)
      .fillColor(INK)
      .text(words.t(`card.${companion}`), cx + radius + 4, cy - (compact ? 4.5 : 5.5), { lineBreak: false });
    cursor = doc.x + (compact ? 12 : 16);
  }
  return rowY + radius * 2 + 4;
}

/** A green disc with a tick before each mark ("Vaccinated"), on one line. */
function drawMarks(doc: PDFKit.PDFDocument, marks: readonly string[], x: number, y: number, compact: boolean): number {
  if (marks.length === 0) return y;
  const radius = compact ? 6 : 7.5;
  const rowY = y + 4;
  let cursor = x;
  for (const mark of marks) {
    const cx = cursor + radius;
    const cy = rowY + radius;
    const r = radius * 0.45;
    doc.save().circle(cx, cy, radius).fillColor(GOOD_WITH_COLOURS.yes).fill().restore();
    doc
      .save()
      .lineWidth(compact ? 1.4 : 1.8)
      .strokeColor('#ffffff')
      .lineCap('round')
      .moveTo(cx - r, cy)
      .lineTo(cx - r * 0.2, cy + r * 0.8)
      .lineTo(cx + r, cy - r * 0.7)
      .stroke()
      .restore();
    doc
      .font(PRINT_BOLD)
      .fontSize(compact ? 9 : 11)
      .fillColor(INK)
      .text(mark, cx + radius + 4, cy - (compact ? 4.5 : 5.5), { lineBreak: false });
    cursor = doc.x + (compact ? 12 : 16);
  }
  return rowY + radius * 2 + 4;
}

/** The QR matrix from the qrcode library, drawn as vector squares so it stays sharp at any print size. */
function drawQr(
  doc: PDFKit.PDFDocument,
  qrCode: typeof QRCodeModule,
  url: string,
  x: number,
  y: number,
  size: number,
): void {
  const qr = qrCode.create(url, { errorCorrectionLevel: 'M' });
  const count = qr.modules.size;
  const quiet = 2;
  const cell = size / (count + quiet * 2);
  doc.save().rect(x, y, size, size).fillColor('#ffffff').fill();
  doc.fillColor('#000000');
  for (let row = 0; row < count; row += 1) {
    for (let column = 0; column < count; column += 1) {
      if (qr.modules.get(row, column))
        doc.rect(x + (column + quiet) * cell, y + (row + quiet) * cell, cell + 0.02, cell + 0.02);
    }
  }
  doc.fill().restore();
}
