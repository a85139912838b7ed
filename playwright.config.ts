import os from 'node:os';
import { defineConfig } from '@playwright/test';
import type { DeskOptions } from './tests/e2e/fixtures';
import { chosenBrowser } from './tests/e2e/browser';

const browser = chosenBrowser();

/**
 * Specs that must have the machine to themselves: they measure time (a change shown within 1 s).
 * They run in the "alone" project, one test at a time, after every "parallel" test has finished.
 */
const ALONE = [/live-updates.*\.spec\.ts$/];

export default defineConfig<object, DeskOptions>({
  testDir: 'tests/e2e',
  // Builds the renderer and unpacks the browser before any worker launches it.
  globalSetup: './tests/e2e/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Every test has its own data dir, its own server on ports the OS picks, its own browser context,
  // and writes nothing shared under the repo, so they may run side by side. Since each worker starts
  // its next desk during a test and stops the last one after it, the browser's work is what is left:
  // on 2 cores two workers took 14.9 min against 20.2 for one (docs/performance.md); three on four cores.
  workers: Math.max(2, os.availableParallelism() - 1),
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'reports/playwright.json' }]] : [['list']],
  use: {
    viewport: { width: 1280, height: 800 },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: browser.executablePath,
      args: browser.args,
      ...(browser.env ? { env: { ...process.env, ...browser.env } } : {}),
    },
  },
  projects: [
    // Each test starts its own desk (the `desk` fixture), so the tests of one file are independent too.
    // "alone" is this project's teardown rather than a dependent: a teardown runs even when a test
    // here failed, where a dependent project would be skipped (and its tests not run at all).
    { name: 'parallel', testIgnore: ALONE, fullyParallel: true, teardown: 'alone' },
    // Nothing else runs beside these tests: no desk started ahead of its test, none left stopping after it.
    { name: 'alone', testMatch: ALONE, workers: 1, fullyParallel: false, use: { deskInAdvance: false } },
  ],
});
