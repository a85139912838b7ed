/** Small files read in one sitting: no source, test or script file over 400 lines. */
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { PROJECT_ROOT } from '../helpers/processes';

const MAX_LINES = 400;
const FOLDERS = ['src', 'tests', 'bench', 'scripts'];

function codeFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : codeFiles(full);
    return /\.(ts|tsx|mjs|cjs|js)$/.test(entry.name) ? [full] : [];
  });
}

it(`no code file is longer than ${MAX_LINES} lines`, () => {
  const files = FOLDERS.flatMap((folder) => codeFiles(path.join(PROJECT_ROOT, folder)));
  expect(files.length).toBeGreaterThan(100);
  const long = files
    .map((file) => ({
      file: path.relative(PROJECT_ROOT, file),
      lines: fs.readFileSync(file, 'utf8').split('\n').length,
    }))
    .filter(({ lines }) => lines > MAX_LINES);
  expect(long).toEqual([]);
});
