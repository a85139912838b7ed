import { createRequire } from 'node:module';
import type BidiFactory from 'bidi-js';

/** A stretch of a line printed in one face, in the order it sits on the paper, left to right. */
export interface TextRun {
  face: number;
  text: string;
}

/** Letters of the scripts written right to left. */
const RIGHT_TO_LEFT =
  /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Adlam}]/u;
/** Spaces, punctuation and digits: printed in whichever face the letters around them are. */
const NEUTRAL = /[\s\p{P}\p{S}\p{N}]/u;

let bidi: ReturnType<typeof BidiFactory> | undefined;

/**
 * A line in the order it is read, as pdfkit must be given it: the Unicode bidirectional algorithm
 * (bidi-js) puts right-to-left stretches in the order they sit on the paper, mirrored brackets and
 * all; each stretch of right-to-left letters is then handed back word by word in reading order,
 * because fontkit reverses (and joins, for Arabic) a right-to-left word itself as it lays it out.
 * `faceOf` picks each letter's face; neutral characters stay with the face of the run they are in.
 */
export function textRuns(line: string, faceOf: (character: string, current: number | null) => number): TextRun[] {
  const visual = RIGHT_TO_LEFT.test(line) ? visualOrder(line) : Array.from(line);
  const runs: TextRun[] = [];
  for (const character of visual) {
    const last = runs.at(-1);
    const face = faceOf(character, last?.face ?? null);
    if (last && last.face === face) last.text += character;
    else runs.push({ face, text: character });
  }
  return runs.flatMap((run) => (RIGHT_TO_LEFT.test(run.text) ? inReadingOrder(run) : [run]));
}

/** Whether `character` takes the face of the letters around it rather than one of its own. */
export const isNeutral = (character: string): boolean => NEUTRAL.test(character);

function visualOrder(line: string): string[] {
  bidi ??= (createRequire(__filename)('bidi-js') as typeof BidiFactory)();
  const levels = bidi.getEmbeddingLevels(line);
  const mirrored = bidi.getMirroredCharactersMap(line, levels.levels);
  const codeUnits = line.split('').map((unit, index) => mirrored.get(index) ?? unit);
  for (const [start, end] of bidi.getReorderSegments(line, levels) as Array<[number, number]>) {
    codeUnits.splice(start, end - start + 1, ...codeUnits.slice(start, end + 1).reverse());
  }
  // A reversed stretch reversed each surrogate pair too: put every pair back in its order.
  const characters: string[] = [];
  for (let index = 0; index < codeUnits.length; index += 1) {
    const unit = codeUnits[index]!;
    const next = codeUnits[index + 1];
    if (/[\uDC00-\uDFFF]/.test(unit) && next !== undefined && /[\uD800-\uDBFF]/.test(next)) {
      characters.push(next + unit);
      index += 1;
    } else if (/[\uD800-\uDBFF]/.test(unit) && next !== undefined && /[\uDC00-\uDFFF]/.test(next)) {
      characters.push(unit + next);
      index += 1;
    } else {
      characters.push(unit);
    }
  }
  return characters;
}

/** A run in paper order, as words in paper order each spelt in reading order (fontkit turns each round again). */
function inReadingOrder(run: TextRun): TextRun[] {
  return run.text
    .split(/(\s+)/)
    .filter((piece) => piece !== '')
    .map((piece) => ({
      face: run.face,
      text: RIGHT_TO_LEFT.test(piece) ? Array.from(piece).reverse().join('') : piece,
    }));
}
