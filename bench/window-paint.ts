/**
 * `npm exec -- tsx bench/window-paint.ts`: what the catalogues cost the window. One desk in browser
 * mode (`serve --admin`, a fresh data dir with a few animals), the tests' Chromium; for each
 * language, ROUNDS fresh pages opened at `?lang=<code>` (first contentful paint, and the time until
 * the Animals page's table shows), then a page switch (Today → Animals → Today, until each page's
 * heading shows), the languages taking turns round by round. Prints the medians per language and
 * French against English; the target is French ≤ 1.10× English for both.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { chromium, type Browser } from '@playwright/test';
import { chosenBrowser, unpackSparticuzChromium } from '../tests/e2e/browser';
import { spawnServe } from '../tests/helpers/serve-process';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const LANGUAGES = ['en', 'fr', 'de'] as const;

/** A paint the browser did not report (no entry) is left out, not sorted as NaN. */
const median = (values: number[]) => {
  const known = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  return known[Math.floor(known.length / 2)] ?? NaN;
};

async function startDesk(dataDir: string) {
  const child = spawnServe({ dataDir, mode: 'admin', stdio: ['ignore', 'pipe', 'inherit'] });
  const adminUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the desk did not start in 60 s')), 60_000);
    child.once('exit', (code) => reject(new Error(`the desk exited with ${code}`)));
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      const admin = /^Admin pages: (\S+)/.exec(line);
      if (admin?.[1]) {
        clearTimeout(timer);
        resolve(admin[1]);
      }
    });
  });
  return { adminUrl, stop: () => child.kill('SIGTERM') };
}

/** The admin address with `?lang=` before its `#token=`. */
const inLanguage = (adminUrl: string, language: string) => {
  const url = new URL(adminUrl);
  url.searchParams.set('lang', language);
  return url.toString();
};

async function measure(browser: Browser, adminUrl: string, language: string) {
  const context = await browser.newContext({ viewport: { width: 1000, height: 700 }, locale: 'en-US' });
  const page = await context.newPage();
  const started = Date.now();
  await page.goto(inLanguage(adminUrl, language));
  await page.getByRole('navigation').getByRole('link').first().waitFor();
  const ready = Date.now() - started;
  const paint = await page.evaluate(
    () => performance.getEntriesByType('paint').find((e) => e.name === 'first-contentful-paint')?.startTime ?? NaN,
  );
  const links = page.getByRole('navigation').getByRole('link');
  const switches: number[] = [];
  for (const index of [1, 0, 1, 0]) {
    const before = Date.now();
    await links.nth(index).click();
    await page.locator('h1, h2').first().waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0);
    switches.push(Date.now() - before);
  }
  await context.close();
  return { paint, ready, switch: median(switches) };
}

async function main() {
  await unpackSparticuzChromium();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adk-window-paint-'));
  const desk = await startDesk(dataDir);
  const choice = chosenBrowser();
  const browser = await chromium.launch({
    executablePath: choice.executablePath,
    args: choice.args,
    env: { ...process.env, ...choice.env },
  });
  try {
    const rows: Record<string, { paint: number; ready: number; switch: number }> = {};
    for (const language of LANGUAGES) await measure(browser, desk.adminUrl, language); // warm the server's caches
    // Rounds alternate the languages, so a machine busier at one moment weighs on each alike.
    const runsOf = Object.fromEntries(
      LANGUAGES.map((language) => [language, [] as Awaited<ReturnType<typeof measure>>[]]),
    );
    for (let round = 0; round < ROUNDS; round++)
      for (const language of LANGUAGES) runsOf[language]!.push(await measure(browser, desk.adminUrl, language));
    for (const language of LANGUAGES) {
      const runs = runsOf[language]!;
      rows[language] = {
        paint: median(runs.map((r) => r.paint)),
        ready: median(runs.map((r) => r.ready)),
        switch: median(runs.map((r) => r.switch)),
      };
    }
    console.log(`| language | first contentful paint ms | navigation shown ms | page switch ms |`);
    console.log(`|---|--:|--:|--:|`);
    for (const [language, row] of Object.entries(rows)) {
      console.log(`| ${language} | ${row.paint.toFixed(0)} | ${row.ready} | ${row.switch} |`);
    }
    const en = rows.en!;
    const fr = rows.fr!;
    const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;
    console.log(
      `French against English: paint ${ratio(fr.paint, en.paint)}, shown ${ratio(fr.ready, en.ready)}, switch ${ratio(fr.switch, en.switch)} (target ≤ 1.10×; ${ROUNDS} rounds each, medians)`,
    );
  } finally {
    await browser.close();
    desk.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
