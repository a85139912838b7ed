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
  let newest = Math.max(
    fs.statSync(__filename).mtimeMs,
    fs.statSync(path.join(ROOT, 'node_modules', '.package-lock.json'), { throwIfNoEntry: false })?.mtimeMs ?? 0,
  );
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

/**
 * Modules loaded at start but used only for what the default server rarely or never does: HTTPS,
 * TLS and HTTP/2 (Fastify's; loading them sets up TLS: about 3 MiB resident), the swagger plugin's
 * YAML output, the Public Suffix List (only when a domain is added), the static file senders (site
 * requests; the admin pages), Fastify's own schema compilers (never: every schema is zod's) and its
 * inject(). Wherever they are imported or required, the bundle holds a stand-in that requires the
 * real module from node_modules on first use; its keys are read when bundling, so nothing loads by
 * listing them. Their code stays out of the bundle, whose source is held in memory (1 MB of the 2.3).
 */
const LOAD_ON_FIRST_USE = [
  'node:https',
  'node:http2',
  'node:tls',
  'yaml',
  'tldts',
  '@fastify/send',
  '@fastify/static',
  '@fastify/ajv-compiler',
  '@fastify/fast-json-stringify-compiler',
  'light-my-request',
];

/** The module its importer (in `resolveDir`) gets: a package may hold its own version in a nested node_modules. */
function resolveFrom(specifier, resolveDir) {
  return nodeModule.isBuiltin(specifier) ? specifier : require.resolve(specifier, { paths: [resolveDir] });
}

/** How the bundle requires `specifier` at run time: that module, by a path relative to the bundle, which sits in the same node_modules. */
function requirePath(specifier, resolveDir) {
  const resolved = resolveFrom(specifier, resolveDir);
  return nodeModule.isBuiltin(resolved) ? resolved : `./${path.relative(OUT, resolved).split(path.sep).join('/')}`;
}

/** What the stand-in must know without loading the module: its property names, and whether it is called. */
function shapeOf(specifier, resolveDir) {
  const real = require(resolveFrom(specifier, resolveDir));
  const callable = typeof real === 'function';
  const names = Object.getOwnPropertyNames(real).filter(
    (name) => !(callable && ['length', 'name', 'prototype', 'arguments', 'caller'].includes(name)),
  );
  return {
    callable,
    esModule: real.__esModule === true,
    names,
    enumerable: names.map((name) => Object.getOwnPropertyDescriptor(real, name).enumerable),
  };
}

const loadOnFirstUse = {
  name: 'load-on-first-use',
  setup(bundler) {
    const filter = new RegExp(`^(${LOAD_ON_FIRST_USE.join('|')})$`);
    // The stand-in's own require: Node's, at run time.
    bundler.onResolve({ filter: /.*/, namespace: 'load-on-first-use' }, (args) => ({
      path: args.path,
      external: true,
    }));
    bundler.onResolve({ filter }, (args) => {
      if (args.namespace !== 'file') return undefined;
      return { path: args.path, namespace: 'load-on-first-use', pluginData: { resolveDir: args.resolveDir } };
    });
    bundler.onLoad({ filter: /.*/, namespace: 'load-on-first-use' }, (args) => ({
      resolveDir: args.pluginData.resolveDir,
      loader: 'js',
      contents: `const shape = ${JSON.stringify(shapeOf(args.path, args.pluginData.resolveDir))};
let real;
const load = () => (real ??= require(${JSON.stringify(requirePath(args.path, args.pluginData.resolveDir))}));
module.exports = new Proxy(shape.callable ? (() => {}) : {}, {
  apply: (_, self, args) => Reflect.apply(load(), self, args),
  get: (_, key) => (key === '__esModule' ? shape.esModule || undefined : load()[key]),
  set: (_, key, value) => Reflect.set(load(), key, value),
  has: (_, key) => shape.names.includes(key) || key in load(),
  ownKeys: () => [...shape.names],
  getOwnPropertyDescriptor: (_, key) => {
    const at = shape.names.indexOf(key);
    return at === -1 ? undefined : { configurable: true, enumerable: shape.enumerable[at], get: () => load()[key] };
  },
});
`,
    }));
  },
};

/**
 * zod's translations of its messages, but English, which the server and CLI use (their messages
 * are their own): 300 KB of source the server would otherwise hold for as long as it runs.
 */
const englishZodOnly = {
  name: 'english-zod-only',
  setup(bundler) {
    bundler.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) => {
      if (!/[\\/]node_modules[\\/]zod[\\/]/.test(args.importer)) return undefined;
      return { path: path.join(args.resolveDir, '..', 'locales', 'english-only.js'), namespace: 'english-zod-only' };
    });
    bundler.onLoad({ filter: /.*/, namespace: 'english-zod-only' }, (args) => ({
      resolveDir: path.dirname(args.path),
      loader: 'js',
      contents: 'export { default as en } from "./en.js";\n',
    }));
  },
};

async function build(newest) {
  process.stderr.write('Bundling the server and CLI from src/ (after each change, about a second)…\n');
  const esbuild = require('esbuild');
  const entryPoints = Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [name, path.join(ROOT, file)]));
  const result = await esbuild.build({
    entryPoints,
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'cjs',
    // Everything but the native better-sqlite3, minified but for its identifiers (stack traces keep
    // their function names): one file to load, and about 4 MiB less resident in the server than
    // loading node_modules. Not keepNames: redefining every function's name slowed requests by 10%.
    // The certificate libraries load from node_modules only when a certificate is issued, never at start;
    // sharp (native libvips) when the first photo is processed; pdfkit (with its font files) and qrcode
    // when the first kennel cards are printed.
    external: ['better-sqlite3', 'acme-client', '@peculiar/x509', 'reflect-metadata', 'sharp', 'pdfkit', 'qrcode'],
    minifyWhitespace: true,
    minifySyntax: true,
    plugins: [loadOnFirstUse, englishZodOnly],
    outdir: OUT,
    write: false,
    logLevel: 'warning',
  });
  fs.mkdirSync(OUT, { recursive: true });
  // Each file is renamed into place whole: a CLI started meanwhile never loads half a bundle.
  for (const file of result.outputFiles) {
    const partial = `${file.path}.${process.pid}`;
    fs.writeFileSync(partial, asciiOnly(file.text));
    fs.renameSync(partial, file.path);
  }
  fs.writeFileSync(STAMP, JSON.stringify({ newestSourceChange: newest }));
}

/**
 * esbuild escapes non-ASCII characters in strings but not in regular expressions or comments. One
 * such character anywhere makes V8 hold the whole bundle's source as a two-byte string, for as long
 * as the process runs (2.5 MiB more for the server). `\uXXXX` means the same in all three places.
 */
function asciiOnly(text) {
  return text.replace(/[\u0080-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The bundle of `name` built from the sources as they are now. */
async function currentBundle(name) {
  const newest = newestSourceChange();
  const bundle = path.join(OUT, `${name}.js`);
  if (builtFrom() !== newest || !fs.existsSync(bundle)) await build(newest);
  return bundle;
}

exports.run = async function run(name, args) {
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
    bundle = await currentBundle(name);
  } catch (error) {
    process.stderr.write(
      `Error: could not bundle src/ for ${name} (${error.message.split('\n')[0]}). Fix the error above and run it again.\n`,
    );
    process.exit(1);
  }
  process.argv = [process.argv[0], bundle, ...args];
  // npm runs scripts from the package's folder; relative paths given on the command line
  // (`--data-dir ./data`, a folder to deploy) mean the folder the user typed them in.
  if (process.env.INIT_CWD && fs.statSync(process.env.INIT_CWD, { throwIfNoEntry: false })?.isDirectory())
    process.chdir(process.env.INIT_CWD);
  require(bundle);
};
