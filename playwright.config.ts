import { defineConfig } from '@playwright/test';
import { chosenBrowser } from './tests/e2e/browser';

const browser = chosenBrowser();

export default defineConfig({
  testDir: 'tests/e2e',
  // Builds the renderer and unpacks the browser before any worker launches it.
  globalSetup: './tests/e2e/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Two cores: one browser and one server at a time keeps timings honest.
  workers: 1,
  fullyParallel: false,
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'reports/playwright.json' }]] : [['list']],
  use: {
    viewport: { width: 1280, height: 800 },
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: browser.executablePath, args: browser.args, ...(browser.env ? { env: { ...process.env, ...browser.env } } : {}) },
  },
});
