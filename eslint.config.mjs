import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const nodeBuiltins = ['node:*', 'fs', 'path', 'os', 'crypto', 'child_process', 'http', 'net', 'events', 'url', 'zlib', 'stream', 'util'];
// The shell, and the unit tests of the shell (which only import electron's types).
const electronShellFiles = ['src/main/index.ts', 'src/main/shell/**/*.ts', 'src/preload/**/*.ts', 'tests/unit/shell-*.test.ts'];
const noElectron = { name: 'electron', message: "Only the Electron shell (src/main/index.ts, src/main/shell/, src/preload/) may import 'electron'." };
// Inside src/main, dependencies point inwards: faces (api, cli, admin, shell, entry points) use the services, never the reverse.
const faceFolders = (folders) => ({ regex: `(^|/)(${folders.join('|')})(/|$)`, message: `Import the services instead: ${folders.join('/, ')}/ are faces built on them.` });
const entryPoints = { regex: '^(\\.\\./)+(main/)?(index|serve|app-host)(\\.ts)?$', message: 'Entry points (index.ts, serve.ts, app-host.ts) start the app; nothing inside imports them.' };

// The renderer runs in a browser and reaches the engine only through client/transport.ts. Inside it,
// dependencies point one way: app/ → areas/<page>/ → ui/ → client/ → src/shared.
const rendererImports = (...patterns) => [
  'error',
  {
    paths: [{ name: 'electron', message: 'The renderer reaches the main process only through window.api.' }],
    patterns: [
      { group: nodeBuiltins, message: 'The renderer runs in a browser: no Node built-ins.' },
      { group: ['**/main/**', '**/preload/**'], message: 'The renderer may import src/shared, never src/main or src/preload.' },
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
    // sites/ is domain logic: serving sites over HTTP lives in http/sites/ (issue 19: no api ↔ sites cycle).
    files: ['src/main/services/**/*.ts', 'src/main/db/**/*.ts', 'src/main/lab/**/*.ts', 'src/main/sites/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [noElectron], patterns: [faceFolders(['api', 'http', 'cli', 'admin', 'shell']), entryPoints] }],
    },
  },
  {
    files: ['src/main/api/**/*.ts', 'src/main/http/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [noElectron], patterns: [faceFolders(['cli', 'admin', 'shell']), entryPoints] }],
    },
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
            { group: ['**/main/**', '**/renderer/**', '**/preload/**'], message: 'src/shared imports nothing of main, preload or renderer.' },
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
    },
  },
  {
    // An area is one page and what only it uses: what two areas need lives in ui/ or client/, never in one of them.
    files: ['src/renderer/src/areas/**/*.ts', 'src/renderer/src/areas/**/*.tsx'],
    rules: {
      'no-restricted-imports': rendererImports(
        { regex: '^\\.\\./[^.]', message: 'An area imports no other area: move what both need to ui/ (pieces) or client/ (queries).' },
        { regex: '(^|/)areas(/|$)', message: 'An area imports no other area: move what both need to ui/ (pieces) or client/ (queries).' },
      ),
    },
  },
  {
    files: ['src/renderer/src/ui/**/*.ts', 'src/renderer/src/ui/**/*.tsx'],
    rules: {
      'no-restricted-imports': rendererImports({ regex: '(^|/)(areas|app)(/|$)', message: 'ui/ holds pieces any area uses: it imports client/ and src/shared, never an area or app/.' }),
    },
  },
  {
    files: ['src/renderer/src/client/**/*.ts', 'src/renderer/src/client/**/*.tsx'],
    rules: {
      'no-restricted-imports': rendererImports({ regex: '(^|/)(areas|ui|app)(/|$)', message: 'client/ talks to the engine for every page: it imports src/shared only, never app/, ui/ or an area.' }),
    },
  },
);
