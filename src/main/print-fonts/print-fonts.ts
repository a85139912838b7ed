import fs from 'node:fs';
import { createRequire } from 'node:module';
import type * as Fontkit from 'fontkit';
import { isNeutral, textRuns } from './text-runs';

/**
 * The typefaces of every PDF the program prints (kennel cards, the adoption contract): DejaVu Sans
 * (`dejavu-fonts-ttf`, Bitstream Vera licence: free to embed) for Latin, Greek, Cyrillic, Hebrew,
 * Armenian and Georgian; then, letter by letter where DejaVu has none, Noto Sans SC (Chinese and
 * Japanese kana), Noto Sans KR (Korean), Noto Sans Arabic and Noto Emoji, from the `@fontsource`
 * packages (SIL Open Font Licence: free to embed). pdfkit embeds only the letters a document uses;
 * fontkit reads the WOFF files and joins Arabic letters as it lays them out; right-to-left lines are put in order first
 * (text-runs.ts). Not covered: Thai, the Indic scripts: `printable` shows each such letter as
 * U+FFFD, a visible mark, never a silent gap.
 */
export interface PrintFonts {
  regular: Buffer;
  bold: Buffer;
  /** `text` as the faces print it: NFC, invisible format marks dropped, every letter none of them has as U+FFFD. */
  printable(text: string): string;
}

/** The names the fonts go by once registered with a document (`useIn`). */
export const PRINT_REGULAR = 'print-regular';
export const PRINT_BOLD = 'print-bold';
type Weight = typeof PRINT_REGULAR | typeof PRINT_BOLD;

const MISSING_LETTER = '\uFFFD';
/** Variation selectors, joiners, soft hyphens: no glyph of their own, and nothing to show. */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;

/** Each face's files (regular, bold) in the order a letter is looked for, and the letters it is first for. */
const FACES = [
  { files: ['dejavu-fonts-ttf/ttf/DejaVuSans.ttf', 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'], firstFor: null },
  {
    files: [
      '@fontsource/noto-sans-sc/files/noto-sans-sc-chinese-simplified-400-normal.woff',
      '@fontsource/noto-sans-sc/files/noto-sans-sc-chinese-simplified-700-normal.woff',
    ],
    firstFor: /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]/u,
  },
  {
    files: [
      '@fontsource/noto-sans-kr/files/noto-sans-kr-korean-400-normal.woff',
      '@fontsource/noto-sans-kr/files/noto-sans-kr-korean-700-normal.woff',
    ],
    firstFor: /\p{Script=Hangul}/u,
  },
  {
    files: [
      '@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-400-normal.woff',
      '@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-700-normal.woff',
    ],
    firstFor: /\p{Script=Arabic}/u,
  },
  {
    files: [
      '@fontsource/noto-emoji/files/noto-emoji-emoji-400-normal.woff',
      '@fontsource/noto-emoji/files/noto-emoji-emoji-700-normal.woff',
    ],
    firstFor: /\p{Extended_Pictographic}/u,
  },
] as const;

interface LoadedFaces {
  bytes: Array<[Buffer, Buffer]>;
  covers: (face: number, character: string) => boolean;
  /** DejaVu's ascent, in ems: where a line's baseline sits below its top. */
  ascent: number;
}

/** Read once per process: the files never change while it runs, and the CJK face is 1 MB a weight. */
let loaded: LoadedFaces | undefined;

/**
 * Reads every face from the installed packages, resolved from this file at run time: from the
 * sources (tests), the launcher's bundle in node_modules/.cache and the packaged app's app.asar alike.
 */
function loadFaces(): LoadedFaces {
  if (loaded) return loaded;
  const load = createRequire(__filename);
  // Required, not imported: the CommonJS copy pdfkit loads too (an import() would load its ES module build beside it), and never bundled.
  const fontkit = load('fontkit') as typeof Fontkit;
  const bytes = FACES.map((face) => face.files.map((file) => fs.readFileSync(load.resolve(file))) as [Buffer, Buffer]);
  const parsed = bytes.map((pair) => pair.map((file) => fontkit.create(file) as Fontkit.Font));
  const known = new Map<string, boolean>();
  const covers = (face: number, character: string): boolean => {
    const key = `${face}:${character}`;
    let answer = known.get(key);
    if (answer === undefined) {
      const codePoint = character.codePointAt(0)!;
      answer = parsed[face]!.every((font) => font.hasGlyphForCodePoint(codePoint));
      known.set(key, answer);
    }
    return answer;
  };
  const dejaVu = parsed[0]![0]!;
  loaded = { bytes, covers, ascent: dejaVu.ascent / dejaVu.unitsPerEm };
  return loaded;
}

/** The face a letter prints in: the one made for its script, else the first that has it; neutral marks stay in the run's face. */
function faceOf(faces: LoadedFaces, character: string, current: number | null): number {
  if (current !== null && isNeutral(character) && faces.covers(current, character)) return current;
  const own = FACES.findIndex((face) => face.firstFor?.test(character));
  if (own > 0 && faces.covers(own, character)) return own;
  const first = FACES.findIndex((_, face) => faces.covers(face, character));
  return first < 0 ? 0 : first;
}

export function loadPrintFonts(): PrintFonts {
  const faces = loadFaces();
  const covered = (character: string): boolean => FACES.some((_, face) => faces.covers(face, character));
  return {
    regular: faces.bytes[0]![0],
    bold: faces.bytes[0]![1],
    printable: (text) =>
      Array.from(text.normalize('NFC').replace(INVISIBLE, ''), (character) =>
        /\s/.test(character) || covered(character) ? character : MISSING_LETTER,
      ).join(''),
  };
}

const faceName = (weight: Weight, face: number): string => (face === 0 ? weight : `${weight}-${face}`);

/** Registers every face with a pdfkit document: PRINT_REGULAR and PRINT_BOLD, and their fallbacks (parsed only if used). */
export function useIn(doc: PDFKit.PDFDocument, fonts: PrintFonts): void {
  doc.registerFont(PRINT_REGULAR, fonts.regular);
  doc.registerFont(PRINT_BOLD, fonts.bold);
  loadFaces().bytes.forEach(([regular, bold], face) => {
    if (face === 0) return;
    doc.registerFont(faceName(PRINT_REGULAR, face), regular);
    doc.registerFont(faceName(PRINT_BOLD, face), bold);
  });
}

/**
 * `doc.text(text, x, y, options)` in `weight`, each letter in a face that has it and right-to-left
 * lines in order: one call when DejaVu has every letter (as before), else one per run, continued.
 * `text` is what `printable` gave.
 */
export function printText(
  doc: PDFKit.PDFDocument,
  weight: Weight,
  text: string,
  x?: number,
  y?: number,
  options: PDFKit.Mixins.TextOptions = {},
): PDFKit.PDFDocument {
  const faces = loadFaces();
  const lines = text.split('\n');
  const runs = lines.flatMap((line, index) => [
    ...textRuns(line, (character, current) => faceOf(faces, character, current)),
    ...(index < lines.length - 1 ? [{ face: 0, text: '\n' }] : []),
  ]);
  const plain = runs.every((run) => run.face === 0) && runs.map((run) => run.text).join('') === text;
  if (plain) return doc.font(weight).text(text, x, y, options);
  // Each face has its own ascent: set on one shared baseline (DejaVu's, where a plain line's sits), not each its own.
  const drop = faces.ascent * (doc as unknown as { _fontSize: number })._fontSize;
  doc.y = (y ?? doc.y) + drop;
  runs.forEach((run, index) => {
    const continued = { ...options, baseline: 'alphabetic' as const, continued: index < runs.length - 1 };
    doc.font(faceName(weight, run.face));
    if (index === 0) doc.text(run.text, x, doc.y, continued);
    else doc.text(run.text, continued);
  });
  doc.y -= drop;
  return doc;
}
