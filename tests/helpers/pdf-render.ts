import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

/** Debian's poppler-utils: .ci/run installs it; without it the PDF tests say so and skip. */
export const POPPLER_MISSING = spawnSync('pdftoppm', ['-v']).error
  ? 'pdftoppm is not installed (apt-get install -y poppler-utils)'
  : undefined;

/** Renders every page of a PDF to PNG with pdftoppm, at `dpi`, and returns the decoded pages. */
export function renderPdfPages(pdf: Buffer, dpi = 110): PNG[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'adk-pdf-'));
  try {
    const file = path.join(dir, 'cards.pdf');
    fs.writeFileSync(file, pdf);
    execFileSync('pdftoppm', ['-r', String(dpi), '-png', file, path.join(dir, 'page')]);
    return fs
      .readdirSync(dir)
      .filter((name) => name.endsWith('.png'))
      .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
      .map((name) => PNG.sync.read(fs.readFileSync(path.join(dir, name))));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The text of a PDF as poppler reads it (pdftotext, same package). */
export function pdfText(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');
}

/** The QR code in a region of a page, decoded (jsQR reads one code per call: the caller names the card's half). */
export function readQr(page: PNG, region: { x: number; y: number; width: number; height: number }): string | null {
  const { x, y, width, height } = region;
  const pixels = new Uint8ClampedArray(width * height * 4);
  for (let row = 0; row < height; row += 1) {
    const from = ((y + row) * page.width + x) * 4;
    pixels.set(page.data.subarray(from, from + width * 4), row * width * 4);
  }
  return jsQR(pixels, width, height)?.data ?? null;
}

/** A word poppler found on a page, with its box in points from the page's top left corner. */
export interface PdfWord {
  page: number;
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** Every word of a PDF with its box (pdftotext -bbox), page by page from 1. */
export function pdfWords(pdf: Buffer): PdfWord[] {
  const xhtml = execFileSync('pdftotext', ['-bbox', '-', '-'], { input: pdf }).toString('utf8');
  const words: PdfWord[] = [];
  const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
  xhtml
    .split('<page ')
    .slice(1)
    .forEach((page, index) => {
      for (const match of page.matchAll(
        /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
      )) {
        const text = match[5]!.replace(/&(\w+);/g, (entity, name: string) => entities[name] ?? entity);
        words.push({
          page: index + 1,
          text,
          xMin: Number(match[1]),
          yMin: Number(match[2]),
          xMax: Number(match[3]),
          yMax: Number(match[4]),
        });
      }
    });
  return words;
}
