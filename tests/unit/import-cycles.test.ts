/**
 * No import cycle between the files of src/main, src/renderer, src/shared and src/preload.
 * Type-only imports count too: a type that lives in a module importing its users is the
 * same tangle for the reader, whatever the compiler erases.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../helpers/processes';

const SRC = path.join(PROJECT_ROOT, 'src');
const MAIN = path.join(SRC, 'main');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The file a relative specifier names, as the bundler resolves it; undefined for packages and other folders. */
function resolve(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')];
  return candidates.find(
    (candidate) => candidate.startsWith(SRC + path.sep) && fs.existsSync(candidate) && fs.statSync(candidate).isFile(),
  );
}

/** Every file each file imports or re-exports from, `import type` and `export type … from` included. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    const info = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    const targets = info.importedFiles
      .map((imported) => resolve(file, imported.fileName))
      .filter((target): target is string => target !== undefined);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Strongly connected components with more than one file (or a file importing itself): Tarjan's algorithm. */
function cycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (file: string): void => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1 || (graph.get(file) ?? []).includes(file))
        found.push(component.map((f) => path.relative(SRC, f)).sort());
    }
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

/**
 * The same graph between the folders right under src/main. The files at the top (index.ts and
 * serve.ts, the entry points, and log.ts, the logger's shape every layer takes) stay out.
 */
function folderGraph(files: Map<string, string[]>): Map<string, string[]> {
  const folderOf = (file: string): string | undefined => {
    const [first, ...rest] = path.relative(MAIN, file).split(path.sep);
    return file.startsWith(MAIN + path.sep) && rest.length > 0 ? path.join(MAIN, first!) : undefined;
  };
  const graph = new Map<string, string[]>();
  for (const [file, targets] of files) {
    if (!file.startsWith(MAIN + path.sep)) continue;
    const from = folderOf(file);
    if (from === undefined) continue;
    const edges = new Set(graph.get(from) ?? []);
    for (const target of targets) {
      const to = folderOf(target);
      if (to !== undefined && to !== from) edges.add(to);
    }
    graph.set(from, [...edges]);
  }
  return graph;
}

describe('imports inside src', () => {
  it('the graph is read from real files of main, renderer and shared (the resolver finds relative imports)', () => {
    const graph = importGraph();
    expect(graph.get(path.join(MAIN, 'engine', 'engine.ts'))?.length ?? 0).toBeGreaterThan(3);
    expect(graph.get(path.join(SRC, 'renderer', 'src', 'client', 'errors.ts'))?.length ?? 0).toBeGreaterThan(1);
    expect(graph.get(path.join(SRC, 'shared', 'admin-contract.ts'))?.length ?? 0).toBeGreaterThan(3);
  });

  it('the cycle finder sees a loop (a → b → a) and a file importing itself', () => {
    expect(
      cycles(
        new Map([
          ['a', ['b']],
          ['b', ['a']],
          ['c', ['c']],
          ['d', ['a']],
        ]),
      ),
    ).toEqual([['a', 'b'].map((f) => path.relative(SRC, f)), [path.relative(SRC, 'c')]]);
  });

  it('form no cycle between files of main, renderer, shared or preload, type-only imports included', () => {
    expect(cycles(importGraph())).toEqual([]);
  });

  it('form no cycle between the folders of src/main (api, http, sites, …)', () => {
    expect(cycles(folderGraph(importGraph()))).toEqual([]);
  });
});
