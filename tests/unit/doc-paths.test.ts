/**
 * The maps of the code name what is there: every path docs/architecture.md names in
 * backticks, and every entry of the README's "Where things are", exists. A path may be given from
 * any folder down (`pets/store.ts`, `main/db/`, `renderer/src/client/action.ts`): it must end some
 * real file's or folder's path. Build outputs (.gitignore's top-level folders) are not in the tree.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../helpers/processes';

const SKIPPED_FOLDERS = new Set(['node_modules', '.git', 'out', 'dist', 'test-results', 'playwright-report']);

/** Every file and folder of the project as "a/b/c.ts" and "a/b/", and every tail of them from a folder down. */
function knownPaths(): Set<string> {
  const known = new Set<string>();
  const addTails = (relative: string) => {
    const parts = relative.split('/');
    for (let start = 0; start < parts.length; start += 1) known.add(parts.slice(start).join('/'));
  };
  const walk = (dir: string, relative: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (SKIPPED_FOLDERS.has(entry.name)) continue;
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        addTails(`${child}/`);
        walk(path.join(dir, entry.name), child);
      } else addTails(child);
    }
  };
  walk(PROJECT_ROOT, '');
  return known;
}

/** The top-level folders .gitignore keeps out of the tree (out/, dist/…): named by the docs, made by the build. */
function buildOutputs(): string[] {
  return fs
    .readFileSync(path.join(PROJECT_ROOT, '.gitignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim().replace(/^\//, ''))
    .filter((line) => /^[\w.-]+\/$/.test(line));
}

const CODE_FILE = /\.(ts|tsx|mjs|cjs|md|html|json)$/;

/** Backticked words that are paths: a folder (`x/`), a file with a slash, or a code file's name. */
export function pathsInBackticks(markdown: string): string[] {
  const words = [...markdown.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!.trim());
  return words.filter(
    (word) =>
      !/[\s<>*:?={}()[\]'",]/.test(word) &&
      !word.startsWith('/') &&
      !word.startsWith('.') &&
      (word.includes('/') || CODE_FILE.test(word)),
  );
}

/** The README's map: the left column of the block under "Where things are", indented entries under the last top-level folder. */
export function pathsInReadmeMap(readme: string): string[] {
  const block = /## Where things are\s*\n```\n([\s\S]*?)\n```/.exec(readme)?.[1];
  if (!block) return [];
  const found: string[] = [];
  let parent = '';
  for (const line of block.split('\n')) {
    const indent = line.length - line.trimStart().length;
    // Wrapped descriptions are indented past the entries.
    if (indent > 4 || line.trim() === '') continue;
    const left = line.trim().split(/\s{2,}/)[0]!;
    const names = left.split(/[\s,]+/).filter(Boolean);
    if (indent === 0) {
      parent = names.length === 1 && names[0]!.endsWith('/') ? names[0]! : parent;
      found.push(...names);
    } else found.push(...names.map((name) => `${parent}${name}`));
  }
  return found;
}

const read = (file: string) => fs.readFileSync(path.join(PROJECT_ROOT, file), 'utf8');

describe('the maps of the code', () => {
  const known = knownPaths();
  const outputs = buildOutputs();
  const missing = (names: string[]) =>
    names.filter((name) => !known.has(name) && !outputs.some((output) => name.startsWith(output)));

  it('the readers see paths (and only paths) in both documents', () => {
    expect(pathsInBackticks('`main/pets/` runs `npm run serve`; see `pets/store.ts` and `GET /v1/pets`')).toEqual([
      'main/pets/',
      'pets/store.ts',
    ]);
    const map = pathsInReadmeMap(
      '## Where things are\n\n```\nsrc/main/\n  serve.ts    entry\n  pets/ keys/    areas\n                     wrapped/ words\nbench/    benchmarks\n```\n',
    );
    expect(map).toEqual(['src/main/', 'src/main/serve.ts', 'src/main/pets/', 'src/main/keys/', 'bench/']);
    expect(missing(['src/main/engine/engine.ts', 'pets/store.ts', 'out/renderer/'])).toEqual([]);
    expect(missing(['src/main/no-such-folder/'])).toEqual(['src/main/no-such-folder/']);
  });

  it('every path docs/architecture.md names exists', () => {
    const names = pathsInBackticks(read('docs/architecture.md'));
    expect(names.length).toBeGreaterThan(50);
    expect(missing(names)).toEqual([]);
  });

  it("every entry of the README's map exists", () => {
    const names = pathsInReadmeMap(read('README.md'));
    expect(names.length).toBeGreaterThan(15);
    expect(missing(names)).toEqual([]);
  });
});
