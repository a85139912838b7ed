import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const nodeBuiltins = [
  'node:*',
  'fs',
  'path',
  'os',
  'crypto',
  'child_process',
  'http',
  'net',
  'events',
  'url',
  'zlib',
  'stream',
  'util',
];
// The shell, and the unit tests of the shell (which only import electron's types).
const electronShellFiles = ['src/main/shell/**/*.ts', 'src/preload/**/*.ts', 'tests/unit/shell-*.test.ts'];
const noElectron = {
  name: 'electron',
  message: "Only the Electron shell (src/main/shell/, src/preload/) may import 'electron'.",
};
const noFastify = {
  group: ['fastify', '@fastify/*'],
  message: 'Only src/main/http/ speaks HTTP through Fastify; hand it what it needs instead.',
};
// Inside src/main, dependencies point inwards: the domain (every folder that is not the engine or a
// face) ← the engine that composes it ← http ← host ← the faces (admin, cli, shell, entry points).
const outerFolders = (folders) => ({
  regex: `(^|/)(${folders.join('|')})(/|$)`,
  message: `Dependencies point inwards: ${folders.join('/, ')}/ are built on this folder, not the reverse.`,
});
const entryPoints = {
  regex: '^(\\.\\./)+(main/)?(index|serve)(\\.ts)?$',
  message: 'Entry points (index.ts, serve.ts) start the app; nothing inside imports them.',
};
/** The no-restricted-imports rule for a layer of src/main: never electron, Fastify only in http/. */
const layer = (outer, { fastify = false } = {}) => [
  'error',
  { paths: [noElectron], patterns: [...(fastify ? [] : [noFastify]), outerFolders(outer), entryPoints] },
];
/** The folders of src/main with a layer of their own; every other folder (a new one too) is domain. */
const FACES = ['http', 'cli', 'admin', 'shell', 'host'];
const NOT_DOMAIN = [...FACES, 'engine']
  .map((folder) => `src/main/${folder}/**`)
  .concat('src/main/serve.ts', 'src/main/index.ts');

// The renderer runs in a browser and reaches the engine only through client/transport.ts. Inside it,
// dependencies point one way: app/ → areas/<page>/ → domain/<domain>/ → ui/ → client/ → src/shared.
const rendererImports = (...patterns) => [
  'error',
  {
    paths: [{ name: 'electron', message: 'The renderer reaches the main process only through window.api.' }],
    patterns: [
      { group: nodeBuiltins, message: 'The renderer runs in a browser: no Node built-ins.' },
      {
        group: ['**/main/**', '**/preload/**'],
        message: 'The renderer may import src/shared, never src/main or src/preload.',
      },
      ...patterns,
    ],
  },
];

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'resources/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // The launcher is CommonJS on purpose: it must run, and refuse an old Node, before anything else loads.
    files: ['scripts/**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Where a file may run is enforced here: 'electron' only in the shell.
    files: ['src/**/*.ts', 'src/**/*.tsx', 'tests/**/*.ts', 'bench/**/*.ts'],
    ignores: electronShellFiles,
    rules: {
      'no-restricted-imports': ['error', { paths: [noElectron] }],
    },
  },
  {
    // The domain, by default: services and their stores, publishing, sites (serving them over HTTP lives in http/sites/).
    files: ['src/main/**/*.ts'],
    ignores: NOT_DOMAIN,
    rules: { 'no-restricted-imports': layer(['engine', 'http', 'host', 'api', 'cli', 'admin', 'shell']) },
  },
  {
    // The engine composes the domain and runs its jobs; it serves nothing itself.
    files: ['src/main/engine/**/*.ts'],
    rules: { 'no-restricted-imports': layer(['http', 'host', 'cli', 'admin', 'shell']) },
  },
  {
    files: ['src/main/http/**/*.ts'],
    rules: { 'no-restricted-imports': layer(['host', 'cli', 'admin', 'shell'], { fastify: true }) },
  },
  {
    // The host runs both environments' engines and servers for the shell and `serve --admin`.
    files: ['src/main/host/**/*.ts'],
    rules: { 'no-restricted-imports': layer(['cli', 'admin', 'shell']) },
  },
  {
    files: ['src/main/admin/**/*.ts', 'src/main/cli/**/*.ts'],
    rules: { 'no-restricted-imports': layer(['shell']) },
  },
  {
    // People's details and medical records are private by construction: nothing that publishes (the adoption site, kennel cards, portal files) or hosts it can import them.
    files: ['src/main/publishing/**/*.ts', 'src/main/sites/**/*.ts'],
    rules: {
      'no-restricted-imports': layer([
        'engine',
        'http',
        'host',
        'api',
        'cli',
        'admin',
        'shell',
        'people',
        'movements',
        'schema-movements',
        'care',
        'schema-care',
      ]),
    },
  },
  {
    files: ['src/main/serve.ts', 'src/main/index.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [noElectron], patterns: [noFastify] }] },
  },
  {
    files: ['src/main/shell/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noFastify] }] },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'src/shared runs anywhere.' }],
          patterns: [
            { group: nodeBuiltins, message: 'src/shared runs anywhere: no Node built-ins.' },
            {
              group: ['**/main/**', '**/renderer/**', '**/preload/**'],
              message: 'src/shared imports nothing of main, preload or renderer.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/renderer/**/*.ts', 'src/renderer/**/*.tsx'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': rendererImports(),
      'no-restricted-syntax': [
        'error',
        {
          // Mantine turns a figure past min or max into the bound when the field loses focus.
          selector:
            "JSXOpeningElement[name.name='NumberInput']:not(:has(JSXAttribute[name.name='clampBehavior'])) > JSXAttribute[name.name=/^(min|max)$/]",
          message:
            'A NumberInput with min or max changes what was typed on blur: use ui/FigureInput and let the schema refuse it under the field.',
        },
      ],
    },
  },
  {
    // An area is one page and what only it uses: what two areas need lives in domain/, ui/ or client/, never in one of them;
    // it links to other pages through ui/navigation.ts, and app/ lists it (app/pages.ts): it never imports app/.
    files: ['src/renderer/src/areas/**/*.ts', 'src/renderer/src/areas/**/*.tsx'],
    rules: {
      'no-restricted-imports': rendererImports(
        {
          regex: '^\\.\\./[^.]',
          message:
            'An area imports no other area: move what both need to domain/<domain>/ (pieces of the shelter), ui/ (kit) or client/ (queries).',
        },
        {
          regex: '(^|/)areas(/|$)',
          message:
            'An area imports no other area: move what both need to domain/<domain>/ (pieces of the shelter), ui/ (kit) or client/ (queries).',
        },
        {
          regex: '(^|/)app(/|$)',
          message:
            "An area never imports app/: app/ lists the pages; links go through ui/navigation.ts, the record open comes as the view's props.",
        },
      ),
    },
  },
  {
    // The shelter's pieces that several areas show (care, movements, people, …): built on ui/ and client/, used by areas.
    files: ['src/renderer/src/domain/**/*.ts', 'src/renderer/src/domain/**/*.tsx'],
    rules: {
      'no-restricted-imports': rendererImports({
        regex: '(^|/)(areas|app)(/|$)',
        message:
          'domain/ holds pieces several areas use: it imports ui/, client/ and src/shared, never an area or app/.',
      }),
    },
  },
  {
    files: ['src/renderer/src/ui/**/*.ts', 'src/renderer/src/ui/**/*.tsx'],
    rules: {
      'no-restricted-imports': rendererImports({
        regex: '(^|/)(domain|areas|app)(/|$)',
        message:
          "ui/ is the kit, free of the shelter's domain: it imports client/ and src/shared, never domain/, an area or app/.",
      }),
    },
  },
  {
    files: ['src/renderer/src/client/**/*.ts', 'src/renderer/src/client/**/*.tsx'],
    rules: {
      'no-restricted-imports': rendererImports({
        regex: '(^|/)(domain|areas|ui|app)(/|$)',
        message:
          'client/ talks to the engine for every page: it imports i18n/ and src/shared only, never app/, an area, domain/ or ui/.',
      }),
    },
  },
  {
    // The window's words: the bottom of the renderer, under client/ (which words the engine's refusals).
    files: ['src/renderer/src/i18n/**/*.ts'],
    rules: {
      'no-restricted-imports': rendererImports({
        regex: '(^|/)(client|domain|areas|ui|app)(/|$)',
        message: 'i18n/ holds the catalogues and the language: it imports locales/ and src/shared only.',
      }),
    },
  },
);
