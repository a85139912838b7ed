import { defineConfig } from 'vitest/config';

/**
 * Unit files that keep a fresh module graph of their own: they start processes, threads or servers,
 * mock modules, or spy on or replace what every file shares (process.stdout, globalThis, fs). The
 * other unit files run one after another in a worker that keeps its modules (isolate: false), so the
 * engine, zod schemas and catalogues are evaluated once per worker instead of once per file.
 */
const ISOLATED_UNIT_FILES = [
  'adoption-contract',
  'app-host',
  'app-host-settings-file',
  'background-job-log',
  'certificates-admin',
  'cli-help',
  'cli-output',
  'engine-open',
  'instance-lock',
  'lab-clock-real-time',
  'lab-scenario-clock-note',
  'lab-scenario-runs',
  'launcher',
  'listeners',
  'pet-profile-rules',
  'photos',
  'print-scripts',
  'quota-flush-full-disk',
  'quota-lab-reset',
  'shell-desk-link',
  'shell-main',
  'shell-security',
  'sites-certificates',
  'sites-deploy-housekeeping',
  'sites-domain-checks',
  'sites-zip-upload',
  'transfer-refusal-words',
  'warm-ticks',
].map((name) => `tests/unit/${name}.test.ts`);

const shared = {
  testTimeout: 30_000,
  hookTimeout: 30_000,
};

export default defineConfig({
  test: {
    reporters: process.env.CI ? ['default', ['json', { outputFile: 'reports/vitest.json' }]] : ['default'],
    projects: [
      {
        test: {
          ...shared,
          name: 'unit-shared',
          include: ['tests/unit/**/*.test.ts'],
          exclude: ISOLATED_UNIT_FILES,
          isolate: false,
        },
      },
      {
        test: {
          ...shared,
          name: 'isolated',
          include: [...ISOLATED_UNIT_FILES, 'tests/api/**/*.test.ts', 'tests/docs/**/*.test.ts'],
        },
      },
    ],
  },
});
