'use strict';
// Runs serve or cli on the current sources in one process: the main-process code and its packages
// are bundled with esbuild (about a second) whenever a file under src/main or src/shared, or the
// installed packages, changed since the last bundle, else the bundle loads at once; no TypeScript
// loader, no wrapper process.
const fs = require('node:fs');
const nodeModule = require('node:module');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
/** Inside node_modules: per checkout, never packaged, and `npm ci` starts it afresh. */
const OUT = path.join(ROOT, 'node_modules', '.cache', 'adoption-desk');
const STAMP = path.join(OUT, 'built-from.json');
const ENTRIES = { serve: 'src/main/serve.ts', cli: 'src/main/cli/index.ts' };
const SOURCES = ['src/main', 'src/shared'];

/**
 * The newest change under the sources, files and folders (a folder's time moves when a file is
 * added, renamed or removed), and of the installed packages (npm rewrites this file on each install).
 */
function newestSourceChange() {
  // This file holds the bundle's options: changing it rebuilds too.
  let newest = Math.max(fs.statSync(__filename).mtimeMs, fs.statSync(path.join(ROOT, 'node_modules', '.package-lock.json'), { throwIfNoEntry: false })?.mtimeMs ?? 0);
  for (const dir of SOURCES) {
    const root = path.join(ROOT, dir);
    newest = Math.max(newest, fs.statSync(root).mtimeMs);
    for (const entry of fs.readdirSync(root, { withFileTypes: true, recursive: true })) {
      newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
    }
  }
  return newest;
}

function builtFrom() {
  try {
    return JSON.parse(fs.readFileSync(STAMP, 'utf8')).newestSourceChange;
  } catch {
    return undefined;
  }
}

function build(newest) {
  process.stderr.write('Bundling the server and CLI from src/ (after each change, about a second)…\n');
  const esbuild = require('esbuild');
  const entryPoints = Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [name, path.join(ROOT, file)]));
  const result = esbuild.buildSync({
    entryPoints,
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'cjs',
    // Everything but the native better-sqlite3, minified but for its identifiers (stack traces keep
    // their function names): one file to load, and about 4 MiB less resident in the server than
    // loading node_modules. Not keepNames: redefining every function's name slowed requests by 10%.
    // The certificate libraries load from node_modules only when a certificate is issued, never at start.
    external: ['better-sqlite3', 'acme-client', '@peculiar/x509', 'reflect-metadata'],
    minifyWhitespace: true,
    minifySyntax: true,
    outdir: OUT,
    write: false,
    logLevel: 'warning',
  });
  fs.mkdirSync(OUT, { recursive: true });
  // Each file is renamed into place whole: a CLI started meanwhile never loads half a bundle.
  for (const file of result.outputFiles) {
    const partial = `${file.path}.${process.pid}`;
    fs.writeFileSync(partial, file.contents);
    fs.renameSync(partial, file.path);
  }
  fs.writeFileSync(STAMP, JSON.stringify({ newestSourceChange: newest }));
}

/** The bundle of `name` built from the sources as they are now. */
function currentBundle(name) {
  const newest = newestSourceChange();
  const bundle = path.join(OUT, `${name}.js`);
  if (builtFrom() !== newest || !fs.existsSync(bundle)) build(newest);
  return bundle;
}

exports.run = function run(name, args) {
  // The compile cache starts the CLI about 50 ms sooner; the long-running server goes without it, as it
  // would hold about 3 MiB more for as long as it runs.
  if (name !== 'serve') nodeModule.enableCompileCache(path.join(OUT, 'compile-cache'));
  if (name === 'bench') {
    require('tsx/cjs/api').register();
    const bench = path.join(ROOT, 'bench', 'run.ts');
    process.argv = [process.argv[0], bench, ...args];
    require(bench);
    return;
  }
  if (!Object.hasOwn(ENTRIES, name)) {
    process.stderr.write(`Usage: node scripts/launch.cjs serve|cli|bench [options]\n`);
    process.exit(2);
  }
  let bundle;
  try {
    bundle = currentBundle(name);
  } catch (error) {
    process.stderr.write(`Error: could not bundle src/ for ${name} (${error.message.split('\n')[0]}). Fix the error above and run it again.\n`);
    process.exit(1);
  }
  process.argv = [process.argv[0], bundle, ...args];
  require(bundle);
};
