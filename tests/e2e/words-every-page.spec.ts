/**
 * Every page of the window at 1000×700: under the pseudo-language (accented, ~40 % longer) no visible
 * text may be plain English — a word in plain ASCII letters was never put through the catalogues —
 * and nothing may be cut; in German (the longest words), nothing may be cut either. Each page is
 * checked on its own and the findings are printed per page.
 */
import type { Page } from '@playwright/test';
import type { PageId } from '../../src/renderer/src/ui/navigation';
import { expect, importPets, test, type DeskServer } from './fixtures';
import { expectNothingCut } from './viewports';

/** Every page of app/pages.ts, in its order (the window's modules are not loaded into the test runner). */
const PAGES: readonly { id: PageId }[] = (
  [
    'pets',
    'people',
    'today',
    'reports',
    'audit',
    'shelter',
    'accounts',
    'plans',
    'usage',
    'sites',
    'console',
    'lab',
    'requests',
    'server',
    'staff',
    'incoming',
    'outbox',
    'lost-found',
  ] as const
).map((id) => ({ id }));

/** Words that stay as they are in every language: the product, protocols and codes, and what the test seeded. */
const ALLOWED = new Set(
  [
    // The API console's operations and parameters, as the OpenAPI document names them; the default category.
    'listPets',
    'createPet',
    'getPet',
    'GET',
    'POST',
    'pets',
    'petId',
    'limit',
    'status',
    'cursor',
    'Dogs',
    'Adoption',
    'Desk',
    'API',
    'HTTP',
    'HTTPS',
    'URL',
    'CSV',
    'JSON',
    'PDF',
    'QR',
    'UTC',
    'English',
    'Deutsch',
    'Pepper',
    'Biscuit',
  ].map((word) => word.toLowerCase()),
);

const SIZE = { width: 1000, height: 700 };

/** The visible text of the main area and the header, as words of three letters or more in plain ASCII. */
async function plainEnglishWords(page: Page): Promise<string[]> {
  const words = await page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      // Official English beside a translation (the SAC report's row names) says it is English: lang="en".
      if (!element || element.closest('script, style, code, [data-value], [aria-hidden="true"], [lang="en"]')) continue;
      if (!element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      for (const token of (node.textContent ?? '').split(/[\s.,:;!?()[\]{}"“”‘’'/«»…–—-]+/))
        if (/^[A-Za-z]{3,}$/.test(token)) found.push(token);
    }
    return found;
  });
  return [...new Set(words)].filter((word) => !ALLOWED.has(word.toLowerCase()));
}

/** Opens a page by its address (the desk's token stays in the tab) and waits for its title and its data. */
async function openPage(page: Page, id: PageId): Promise<void> {
  await page.evaluate((hash) => (window.location.hash = hash), `#/${id}`);
  await expect(page.locator('main h1').first()).toBeVisible();
  await expect(page.locator('main [aria-busy="true"], main .mantine-Skeleton-root')).toHaveCount(0);
}

async function openDeskIn(page: Page, desk: DeskServer, query: string): Promise<void> {
  const url = new URL(desk.adminUrl);
  url.search = query;
  await page.setViewportSize(SIZE);
  await page.goto(url.toString());
  await expect(page.locator('html[data-ready="true"]')).toBeAttached();
}

test.describe('every page at 1000×700', () => {
  test.beforeEach(async ({ desk }) => {
    await importPets(desk, [
      { name: 'Pepper', categoryId: 1 },
      { name: 'Biscuit', categoryId: 1 },
    ]);
  });

  test('under the pseudo-language: no plain English word, nothing cut', async ({ page, desk }) => {
    test.setTimeout(240_000);
    await openDeskIn(page, desk, '?pseudo');
    const report: string[] = [];
    for (const { id } of PAGES) {
      await openPage(page, id);
      const english = await plainEnglishWords(page);
      report.push(`${id}: ${english.join(', ') || 'none'}`);
      expect.soft(english, `plain English words on ${id}`).toEqual([]);
      await expectNothingCut(page);
    }
    console.log(`Plain English words per page under ?pseudo:\n${report.join('\n')}`);
  });

  test('in German: nothing cut', async ({ page, desk }) => {
    test.setTimeout(240_000);
    await openDeskIn(page, desk, '?lang=de');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    for (const { id } of PAGES) {
      await openPage(page, id);
      await expectNothingCut(page);
      await expectNothingCut(page, page.locator('header'));
    }
  });
});
