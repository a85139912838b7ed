/** For the privacy tests: every file a face wrote, as text, and the check that none of the seeded secrets is in it. */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { pdfText } from './pdf-render';

/** Every file below `dir`, as text (PDFs read back by pdftotext). */
export function filesOf(dir: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const bytes = fs.readFileSync(file);
    found.set(file, file.endsWith('.pdf') ? pdfText(bytes) : bytes.toString('utf8'));
  }
  return found;
}

/** A check that names each secret found and where. */
export function secretChecker(secrets: readonly string[]): (where: string, text: string) => void {
  return (where, text) => {
    for (const secret of secrets) expect(text.includes(secret), `${secret} in ${where}`).toBe(false);
  };
}
