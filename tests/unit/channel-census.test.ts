/**
 * How many files a new admin channel touches, counted from the files as they are: for every
 * declared channel, every file of src/ that names it in a string literal of its code. A channel is declared
 * once, in its area's file (src/shared/channels/<area>.ts); the engine runs it in its area's handler
 * file (src/main/admin/*handlers.ts); the window calls it. The window's callers count as one place
 * (a new channel needs one; an old one may be called from several pages), but the window may hold
 * no table keyed by channel names (those are derived from the declarations), and no other file may
 * name a channel at all. Also: the preload reaches the names without zod.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ADMIN_CHANNEL_NAMES } from '../../src/shared/admin-channels';
import { ADMIN_CHANNEL_DECLARATIONS } from '../../src/shared/channels';
import { ADMIN_CONTRACT } from '../../src/shared/admin-contract';
import { PROJECT_ROOT } from '../helpers/processes';

const SRC = path.join(PROJECT_ROOT, 'src');
const MOST_PLACES = 3;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every string literal of a file's code (comments are not read): where a channel can be named. */
function literalsOf(file: string, text: string): Set<string> {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    false,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const literals = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) literals.add(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return literals;
}

const FILES = sourceFiles(SRC).map((file) => {
  const text = fs.readFileSync(file, 'utf8');
  return { file: path.relative(PROJECT_ROOT, file).split(path.sep).join('/'), text, literals: literalsOf(file, text) };
});
const escaped = (channel: string) => channel.replace('.', '\\.');

type Place = 'declaration' | 'handler' | 'window' | 'elsewhere';
function placeOf(file: string): Place {
  if (file.startsWith('src/shared/channels/')) return 'declaration';
  if (/^src\/main\/admin\/([a-z-]+-)?handlers\.ts$/.test(file)) return 'handler';
  if (file.startsWith('src/renderer/')) return 'window';
  return 'elsewhere';
}

interface Census {
  channel: string;
  files: string[];
  /** The declaration's and the handler's files, each; the window's callers as one. */
  places: number;
}

function census(channel: string): Census {
  const files = FILES.filter(({ literals }) => literals.has(channel)).map(({ file }) => file);
  const kinds = files.map(placeOf);
  const places = kinds.filter((kind) => kind !== 'window').length + (kinds.includes('window') ? 1 : 0);
  return { channel, files, places };
}

describe('the channel census', () => {
  const counts = ADMIN_CHANNEL_NAMES.map(census);

  it(`finds every channel touching at most ${MOST_PLACES} places: its declaration, its handler, the window`, () => {
    const most = Math.max(...counts.map((count) => count.places));
    const widest = [...counts].sort((a, b) => b.files.length - a.files.length)[0]!;
    const median = counts.map((count) => count.places).sort((a, b) => a - b)[Math.floor(counts.length / 2)];
    console.log(
      `admin channels: ${counts.length}; the most places a channel touches: ${most} (declaration, handler, window); the median: ${median}`,
    );
    console.log(
      `the most files naming one channel: ${widest.files.length} (${widest.channel}: ${widest.files.join(', ')})`,
    );
    for (const count of counts.filter((one) => one.places === most).slice(0, 5))
      console.log(`  ${count.channel}: ${count.files.join(', ')}`);
    expect(
      counts
        .filter((count) => count.places > MOST_PLACES)
        .map((count) => `${count.channel}: ${count.files.join(', ')}`),
    ).toEqual([]);
    expect(most).toBeLessThanOrEqual(MOST_PLACES);
  });

  it('names each channel in exactly one declaration file and one handler file, and nowhere else outside the window', () => {
    const wrong = counts.flatMap(({ channel, files }) => {
      const of = (place: Place) => files.filter((file) => placeOf(file) === place);
      const problems = [];
      if (of('declaration').length !== 1)
        problems.push(`${channel} declared in ${of('declaration').join(', ') || 'no file'}`);
      if (of('handler').length !== 1) problems.push(`${channel} handled in ${of('handler').join(', ') || 'no file'}`);
      if (of('elsewhere').length > 0) problems.push(`${channel} also named in ${of('elsewhere').join(', ')}`);
      return problems;
    });
    expect(wrong).toEqual([]);
  });

  it('finds no table keyed by channel names in the window: its words and rules come from the declarations', () => {
    const keyed = FILES.filter(({ file }) => placeOf(file) === 'window').flatMap(({ file, text }) =>
      ADMIN_CHANNEL_NAMES.filter((channel) => new RegExp(`['"]${escaped(channel)}['"]\\s*:`).test(text)).map(
        (channel) => `${file}: ${channel}`,
      ),
    );
    expect(keyed).toEqual([]);
  });

  it('derives the names and the contract from the same declarations', () => {
    expect([...ADMIN_CHANNEL_NAMES]).toEqual(Object.keys(ADMIN_CHANNEL_DECLARATIONS));
    expect(Object.keys(ADMIN_CONTRACT)).toEqual(Object.keys(ADMIN_CHANNEL_DECLARATIONS));
    expect(new Set(ADMIN_CHANNEL_NAMES).size).toBe(ADMIN_CHANNEL_NAMES.length);
  });
});

/** The files a file imports at run time: `import type`, `export type` and all-`type` specifier lists are erased. */
function runtimeImports(file: string): string[] {
  const source = ts.createSourceFile(
    file,
    fs.readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    false,
    ts.ScriptKind.TS,
  );
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      const bindings = clause?.namedBindings;
      const allTypes =
        clause !== undefined &&
        !clause.name &&
        bindings !== undefined &&
        ts.isNamedImports(bindings) &&
        bindings.elements.every((element) => element.isTypeOnly);
      if (!clause?.isTypeOnly && !allTypes) specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
      const clause = statement.exportClause;
      const allTypes =
        clause !== undefined && ts.isNamedExports(clause) && clause.elements.every((element) => element.isTypeOnly);
      if (!statement.isTypeOnly && !allTypes) specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return specifiers;
}

function resolve(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  return [`${base}.ts`, path.join(base, 'index.ts')].find((candidate) => fs.existsSync(candidate));
}

/** Every package the file reaches at run time through the files of src/, with the path that led there. */
function packagesReached(entry: string): Map<string, string[]> {
  const reached = new Map<string, string[]>();
  const seen = new Set<string>();
  const walk = (file: string, trail: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of runtimeImports(file)) {
      const target = specifier.startsWith('.') ? resolve(file, specifier) : undefined;
      if (target) walk(target, [...trail, path.relative(SRC, target)]);
      else if (!reached.has(specifier)) reached.set(specifier, trail);
    }
  };
  walk(entry, [path.relative(SRC, entry)]);
  return reached;
}

describe('the preload', () => {
  it('reaches the channel names without zod: the area files import the schema kit as a type alone', () => {
    const reached = packagesReached(path.join(SRC, 'preload', 'index.ts'));
    expect(reached.get('zod'), `zod is reached through ${reached.get('zod')?.join(' → ')}`).toBeUndefined();
    expect([...reached.keys()].sort()).toEqual(['electron']);
  });

  it('would be caught reaching zod: the contract does', () => {
    expect(packagesReached(path.join(SRC, 'shared', 'admin-contract.ts')).has('zod')).toBe(true);
  });
});
