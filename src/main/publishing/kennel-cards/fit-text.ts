/** A word of a description and what stood before it: nothing, a space, a line break or a paragraph break. */
interface Word {
  text: string;
  before: '' | ' ' | '\n' | '\n\n';
}

export const ELLIPSIS = '…';

/** The site's reading of a description: paragraphs between blank lines, lines within them kept. */
function wordsOf(text: string): Word[] {
  const words: Word[] = [];
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  paragraphs.forEach((paragraph, p) => {
    const lines = paragraph
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    lines.forEach((line, l) => {
      line
        .split(/\s+/)
        .forEach((word, w) => words.push({ text: word, before: w > 0 ? ' ' : l > 0 ? '\n' : p > 0 ? '\n\n' : '' }));
    });
  });
  return words;
}

const joined = (words: readonly Word[]): string => words.map((word) => word.before + word.text).join('');

/** The first `count` words, then "…" after the last one's own letters (no comma or full stop before it). */
function cutAfter(words: readonly Word[], count: number): string {
  return `${joined(words.slice(0, count)).replace(/[\s,;:.\-–—]+$/u, '')}${ELLIPSIS}`;
}

/** The largest n in [low, high] with fits(n), fits being true up to some n and false after; low - 1 when none. */
function largestFitting(low: number, high: number, fits: (n: number) => boolean): number {
  let found = low - 1;
  while (low <= high) {
    const middle = Math.floor((low + high) / 2);
    if (fits(middle)) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}

/**
 * A description as it fits a box of the current font and size: its paragraphs with a blank line
 * between them, cut after the last word that fits and ended with "…" when the whole does not; a
 * first word too long for the box is cut between letters. Null when not even "…" fits.
 */
export function fitParagraphs(
  doc: PDFKit.PDFDocument,
  text: string,
  box: { width: number; height: number },
): string | null {
  const fits = (candidate: string): boolean => doc.heightOfString(candidate, { width: box.width }) <= box.height;
  const words = wordsOf(text);
  if (words.length === 0) return null;
  const whole = joined(words);
  if (fits(whole)) return whole;
  const count = largestFitting(1, words.length - 1, (n) => fits(cutAfter(words, n)));
  if (count >= 1) return cutAfter(words, count);
  const first = Array.from(words[0]!.text);
  const letters = largestFitting(0, first.length - 1, (n) => fits(`${first.slice(0, n).join('')}${ELLIPSIS}`));
  return letters < 0 ? null : `${first.slice(0, letters).join('')}${ELLIPSIS}`;
}
