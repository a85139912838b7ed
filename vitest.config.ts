import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * What makes a test file keep a fresh module graph of its own: it starts processes or threads, mocks
 * modules, spies on or replaces what every file shares (process.stdout, process.env, globalThis, fs,
 * timers), or uses a helper that does.
 */
const NEEDS_OWN_MODULES = new RegExp(
  [
    /child_process|worker_threads/,
    /\bvi\.(spyOn|mock|doMock|hoisted|stubEnv|stubGlobal|useFakeTimers)\b/,
    /process\.env\.\w+ *=[^=]|process\.env\[|globalThis|process\.(chdir|exitCode|umask)\b/,
    /\b(runCli|runCliThroughNpm|spawnServer|spawnServerProcess|runServerToExit)\(/,
    /helpers\/(cli-in-process|pebble|small-disk|tls-probe|trusted-ca-home|pdf-render)'/,
  ]
    .map((pattern) => pattern.source)
    .join('|'),
);

/** Unit files that start a server or a DNS server: kept isolated as well, their listeners being the subject. */
const UNIT_SERVER = /\b(createServer|listen|freePort|startTestDns|startSilentResolver|startLimitsServer)\(/;

function testFiles(folder: string): string[] {
  return fs
    .readdirSync(folder)
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => `${folder}/${name}`);
}

const sharedFiles = [
  ...testFiles('tests/unit').filter((file) => {
    const text = fs.readFileSync(path.resolve(__dirname, file), 'utf8');
    return !NEEDS_OWN_MODULES.test(text) && !UNIT_SERVER.test(text);
  }),
  ...testFiles('tests/api').filter(
    (file) => !NEEDS_OWN_MODULES.test(fs.readFileSync(path.resolve(__dirname, file), 'utf8')),
  ),
];

const timeouts = { testTimeout: 30_000, hookTimeout: 30_000 };

export default defineConfig({
  test: {
    // Vitest's own default is one worker fewer than the cores: a single worker on these 2-core machines.
    // Most files wait on servers, processes, sockets or the disk for part of their time, so one worker
    // per core keeps both busy: 402 s with one worker, 239 s with two (docs/performance.md).
    maxWorkers: Math.max(2, os.availableParallelism()),
    reporters: process.env.CI ? ['default', ['json', { outputFile: 'reports/vitest.json' }]] : ['default'],
    projects: [
      {
        // One module graph per worker: the engine, zod schemas and catalogues are evaluated once, not once per file.
        test: {
          ...timeouts,
          name: 'shared-modules',
          include: sharedFiles,
          isolate: false,
          setupFiles: ['tests/helpers/shared-modules-setup.ts'],
        },
      },
      {
        test: {
          ...timeouts,
          name: 'isolated',
          include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/docs/**/*.test.ts'],
          exclude: sharedFiles,
        },
      },
    ],
  },
});
