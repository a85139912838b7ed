import fs from 'node:fs';
import { createRequire } from 'node:module';
import type * as Fontkit from 'fontkit';

/**
 * The typeface of every PDF the program prints (kennel cards; the adoption contract can take the
 * same): DejaVu Sans, regular and bold, from the `dejavu-fonts-ttf` package (Bitstream Vera licence
 * with public-domain DejaVu changes: free to use, embed and redistribute). It covers Latin with its
 * extensions (Vietnamese too), Greek, Cyrillic, Armenian and Georgian; pdfkit embeds only the
 * letters a document uses. Not covered: CJK, Thai, the Indic scripts, emoji, and the right-to-left
 * scripts (pdfkit lays a line out left to right, so Hebrew or Arabic beside Latin would print
 * backwards): `printable` shows each such letter as U+FFFD, a visible mark, never a silent gap.
 */
export interface PrintFonts {
  regular: Buffer;
  bold: Buffer;
  /** `text` as both faces print it: NFC, invisible format marks dropped, every letter they lack as U+FFFD. */
  printable(text: string): string;
}

/** The names the fonts go by once registered with a document (`useIn`). */
export const PRINT_REGULAR = 'print-regular';
export const PRINT_BOLD = 'print-bold';

const MISSING_LETTER = '\uFFFD';

/** Written right to left: pdfkit has no bidirectional layout, so these count as not covered. */
const RIGHT_TO_LEFT = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Adlam}]/u;
/** Variation selectors, joiners, soft hyphens: no glyph of their own, and nothing to show. */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;

/**
 * Reads both faces from the installed package, resolved from this file at run time: from the sources
 * (tests), the launcher's bundle in node_modules/.cache and the packaged app's app.asar alike.
 */
export function loadPrintFonts(): PrintFonts {
  const load = createRequire(__filename);
  // Required, not imported: the CommonJS copy pdfkit loads too (an import() would load its ES module build beside it), and never bundled.
  const fontkit = load('fontkit') as typeof Fontkit;
  const [regular, bold] = ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'].map((file) => fs.readFileSync(load.resolve(`dejavu-fonts-ttf/ttf/${file}`)));
  const faces = [regular!, bold!].map((bytes) => fontkit.create(bytes));
  const covered = (character: string): boolean => {
    const codePoint = character.codePointAt(0)!;
    return !RIGHT_TO_LEFT.test(character) && faces.every((face) => 'hasGlyphForCodePoint' in face && face.hasGlyphForCodePoint(codePoint));
  };
  return {
    regular: regular!,
    bold: bold!,
    printable: (text) => Array.from(text.normalize('NFC').replace(INVISIBLE, ''), (character) => (/\s/.test(character) || covered(character) ? character : MISSING_LETTER)).join(''),
  };
}

/** Registers both faces with a pdfkit document under PRINT_REGULAR and PRINT_BOLD. */
export function useIn(doc: PDFKit.PDFDocument, fonts: PrintFonts): void {
  doc.registerFont(PRINT_REGULAR, fonts.regular);
  doc.registerFont(PRINT_BOLD, fonts.bold);
}
