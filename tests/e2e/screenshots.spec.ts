import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import {
  addDomainsInEveryState,
  callApi,
  cliJson,
  createKey,
  createSiteProject,
  expect,
  goTo,
  importPets,
  openDesk,
  roomInMinute,
  test,
} from './fixtures';
import { VIEWPORTS, sizeName, type Viewport } from './viewports';

/** Playwright's output folder (emptied at each run): `npm run screenshots` copies them into docs/screenshots/. */
const OUT = path.resolve(__dirname, '../../test-results/screenshots');

/** The window's languages, a folder of pictures each (`docs/screenshots/fr/…`): the test drives the window in English, and each picture is taken in every language. */
const EVERY_LANGUAGE = ['en', 'fr', 'es', 'de'] as const;
type Language = (typeof EVERY_LANGUAGE)[number];

/**
 * `npm run screenshots` sets SCREENSHOTS=every-language and takes all four. Within `npm test` the
 * pictures are taken in English only. words-every-page.spec.ts already checks every page in the other
 * languages, and four times the pictures cost the suite a minute and a half of its time.
 */
const LANGUAGES: readonly Language[] = process.env.SCREENSHOTS === 'every-language' ? EVERY_LANGUAGE : ['en'];

/** Toasts and tooltips come and go on their own clock; they are left out of the pictures. */
const HIDE_TRANSIENTS = '.mantine-Notifications-root, .mantine-Tooltip-tooltip { display: none !important; }';

/** The header's language menu, as a member would use it: the words change in place, the page's state stays. */
async function showLanguage(page: Page, language: Language): Promise<void> {
  if ((await page.locator('html').getAttribute('lang')) === language) return;
  await page.getByTestId('language-menu').click();
  await page.locator(`.mantine-Menu-dropdown [lang="${language}"]`).click();
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page.locator('.mantine-Menu-dropdown')).toHaveCount(0);
}

/**
 * Every page in each language, at both window sizes it must fit (1280×800 and 1000×700), once per
 * scheme (the theme follows the OS), without reloading (state such as a burst survives):
 * `fr/pets-1280x800-light.png`. Back in English after, for the test's next steps.
 * `window`: only what the window shows (a long log, or a drawer that covers the window, not the page).
 * `open`: a drawer to open in each language (the language menu sits under it), closed again with Escape.
 */
async function shoot(
  page: Page,
  name: string,
  { window = false, open }: { window?: boolean; open?: () => Promise<void> } = {},
): Promise<void> {
  for (const language of LANGUAGES) {
    await showLanguage(page, language);
    await open?.();
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
        await page.screenshot({
          path: path.join(OUT, shotName(language, name, viewport, scheme)),
          fullPage: !window,
          animations: 'disabled',
          style: HIDE_TRANSIENTS,
        });
      }
    }
    if (open) await page.keyboard.press('Escape');
  }
  await showLanguage(page, 'en');
  await page.setViewportSize(VIEWPORTS[0]);
}

function shotName(language: Language, name: string, viewport: Viewport, scheme: 'light' | 'dark'): string {
  return path.join(language, `${name}-${sizeName(viewport)}-${scheme}.png`);
}

/** Every picture of these pages was taken, in each language, size and scheme, and is not blank. */
function expectShots(names: string[]): void {
  for (const language of LANGUAGES)
    for (const name of names)
      for (const viewport of VIEWPORTS)
        for (const scheme of ['light', 'dark'] as const)
          expect(fs.statSync(path.join(OUT, shotName(language, name, viewport, scheme))).size).toBeGreaterThan(20_000);
}

// Real port numbers on the Server page, as a user would see them (not the 0 of "pick a free one").
test.use({ explicitPorts: true });

test('screenshots of every page at both window sizes, light and dark', async ({ page, desk }) => {
  // Six pages, each in up to four languages at two sizes in two schemes, full-page, on a shared two-core machine.
  test.setTimeout(600_000);
  for (const language of LANGUAGES) fs.mkdirSync(path.join(OUT, language), { recursive: true });

  // Realistic data: pets in every category and status, one account per plan, keys, traffic, a 429 and a ban.
  await importPets(desk, [
    { name: 'Biscuit', categoryId: 1 },
    { name: 'Luna', categoryId: 2, status: 'pending' },
    { name: 'Thumper', categoryId: 3 },
    { name: 'Kiwi', categoryId: 4, status: 'sold' },
    { name: 'Max', categoryId: 1, status: 'pending' },
    { name: 'Cleo', categoryId: 2 },
    { name: 'Hazel', categoryId: 3, status: 'sold' },
    { name: 'Rocky', categoryId: 1 },
    { name: 'Mango', categoryId: 4 },
    { name: 'Pepper', categoryId: 2, status: 'sold' },
    { name: 'Juniper', categoryId: 1 },
    { name: 'Nutmeg', categoryId: 3, status: 'pending' },
  ]);
  const freeKey = await createKey(desk, '--plan', 'free', '--label', 'Paws & Claws blog');
  const proKey = await createKey(desk, '--plan', 'pro', '--label', 'Happy Tails app');
  const businessKey = await createKey(desk, '--plan', 'business', '--label', 'City Shelter Network');
  const enterpriseKey = await createKey(
    desk,
    '--plan',
    'enterprise',
    '--per-minute',
    '3',
    '--per-day',
    '1000',
    '--label',
    'PetFinder Partners',
  );
  const accounts = await cliJson<{ id: number; name: string }[]>(desk, 'accounts', 'list');
  const enterprise = accounts.find((account) => account.name === 'PetFinder Partners')!;
  // A second key on the Enterprise account, then revoked, so the keys panel shows both states.
  await createKey(desk, '--account', String(enterprise.id), '--label', 'Old integration');
  const keys = await cliJson<{ id: number; label: string }[]>(desk, 'keys', 'list');
  await desk.cli('keys', 'revoke', String(keys.find((key) => key.label === 'Old integration')!.id));

  for (const [key, count] of [
    [freeKey, 12],
    [proKey, 25],
    [businessKey, 8],
  ] as const) {
    for (let i = 0; i < count; i++)
      expect((await callApi(desk.apiUrl.production, '/pets?limit=5', key)).status).toBe(200);
  }

  await openDesk(page, desk);

  // Pets.
  await expect(page.getByTestId('pets-total')).toHaveText('12 pets');
  await shoot(page, 'pets');

  // Accounts & keys, with the Enterprise account's keys open.
  await goTo(page, 'Accounts & keys');
  await page.getByRole('button', { name: 'Show keys of PetFinder Partners', exact: true }).click();
  await expect(page.getByTestId('keys-panel').getByTestId('key-state')).toHaveText(['active', 'revoked']);
  await shoot(page, 'accounts');

  // Plans.
  await goTo(page, 'Plans');
  await expect(page.getByTestId('plan-row-enterprise')).toBeVisible();
  await shoot(page, 'plans');

  // API console after a burst with the Enterprise key (3/min): 200s, 429s, then the ban.
  await goTo(page, 'API console');
  await page.getByRole('textbox', { name: 'API key' }).fill(enterpriseKey);
  await roomInMinute(15);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByTestId('response-status')).toHaveText('200 OK');
  await page.getByLabel('Requests in a burst').fill('20');
  await page.getByRole('button', { name: 'Burst', exact: true }).click();
  await expect(page.getByTestId('burst-count-api_key_banned')).toBeVisible();
  await expect(page.getByTestId('burst-chart').locator('.recharts-line-curve')).toBeVisible();
  await shoot(page, 'console');

  // Usage: four accounts, the Enterprise one over its limit and banned.
  await goTo(page, 'Usage');
  const card = page.getByTestId(`usage-card-${enterprise.id}`);
  await expect(card.getByTestId('bans-today')).toHaveText('1 ban today');
  await expect(card.getByTestId('usage-day-rejected')).not.toHaveText('0 × 429');
  await expect(page.getByTestId(/^usage-card-/)).toHaveCount(4);
  // Chart the Enterprise account: its accepted and refused requests this minute.
  await page.getByRole('combobox', { name: 'Account shown in the chart' }).click();
  await page.getByRole('option', { name: 'PetFinder Partners', exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Account shown in the chart' })).toHaveValue('PetFinder Partners');
  await expect(page.getByTestId('usage-chart').locator('.recharts-bar-rectangle path').first()).toBeVisible();
  await shoot(page, 'usage');

  // Server.
  await goTo(page, 'Server');
  await expect(page.getByTestId('server-production').getByTestId('server-base-url')).toHaveText(desk.apiUrl.production);
  await expect(page.getByRole('textbox', { name: 'Production port', exact: true })).toHaveValue(
    new URL(desk.apiUrl.production).port,
  );
  await shoot(page, 'server');

  expectShots(['pets', 'accounts', 'plans', 'console', 'usage', 'server']);
});

test.describe('the Sites page', () => {
  test.use({ siteDns: true });

  test('screenshots of the Sites page, light and dark', async ({ page, desk }) => {
    test.setTimeout(300_000);
    for (const language of LANGUAGES) fs.mkdirSync(path.join(OUT, language), { recursive: true });
    await importPets(desk, [
      { name: 'Biscuit', categoryId: 1 },
      { name: 'Luna', categoryId: 2 },
      { name: 'Thumper', categoryId: 3 },
    ]);
    const project = await createSiteProject(desk, { name: 'Happy Tails Rescue', plan: 'pro', project: 'Happy Tails' });

    // Three deploys: a folder, one that failed (no index.html), then the adoption page, live.
    const folder = path.join(desk.dataDir, 'happy-tails-site');
    fs.mkdirSync(path.join(folder, 'css'), { recursive: true });
    fs.writeFileSync(path.join(folder, 'index.html'), '<h1>Happy Tails</h1>');
    fs.writeFileSync(path.join(folder, 'css', 'site.css'), 'h1 { color: teal }');
    await desk.cli('deploy', project.slug, folder);
    const broken = path.join(desk.dataDir, 'drafts');
    fs.mkdirSync(broken);
    fs.writeFileSync(path.join(broken, 'about.html'), '<p>About us</p>');
    await expect(desk.cli('deploy', project.slug, broken)).rejects.toThrow(/no index\.html/);
    await desk.cli('deploy', project.slug, '--adoption-page');

    // Domains in each state: verified primary, verified redirect (308), a conflict, one pending.
    await addDomainsInEveryState(desk, project.slug);

    await openDesk(page, desk);
    await goTo(page, 'Sites');
    // The adoption page follows the records: a republish a few seconds after the pets came in may be the live one.
    await expect(page.getByTestId('deploy-live')).toBeVisible();
    await expect(page.getByTestId('domain-row-www.happytails.test').getByTestId('domain-status')).toHaveText(
      'verified',
    );
    await expect(page.getByTestId('domain-row-shop.happytails.test').getByTestId('domain-status')).toHaveText(
      'conflict',
    );
    await expect(page.getByTestId('domain-row-adopt.happytails.test').getByTestId('domain-status')).toHaveText(
      'pending',
    );
    // The verified ones get their certificates from the local CA within seconds.
    for (const name of ['www.happytails.test', 'happytails.test']) {
      await expect(page.getByTestId(`domain-row-${name}`).getByTestId('certificate-state')).toHaveText(
        'certificate issued',
        { timeout: 15_000 },
      );
    }
    await shoot(page, 'sites');
    expectShots(['sites']);
  });
});

test('screenshots of the Quota lab and Requests pages, light and dark', async ({ page, desk }) => {
  // 75 scenario requests plus ordinary traffic, on a shared two-core machine.
  test.setTimeout(420_000);
  for (const language of LANGUAGES) fs.mkdirSync(path.join(OUT, language), { recursive: true });
  await importPets(desk, [
    { name: 'Biscuit', categoryId: 1 },
    { name: 'Luna', categoryId: 2 },
    { name: 'Thumper', categoryId: 3, status: 'pending' },
    { name: 'Kiwi', categoryId: 4, status: 'sold' },
  ]);
  const appKey = await createKey(desk, '--plan', 'pro', '--label', 'Happy Tails app');
  const blogKey = await createKey(desk, '--plan', 'free', '--label', 'Paws & Claws blog');
  const carelessKey = await createKey(desk, '--plan', 'free', '--label', 'Careless crawler');

  // The lab: clock on, a client that ignores Retry-After, its report failing.
  await openDesk(page, desk);
  await goTo(page, 'Quota lab');
  await page.getByRole('switch', { name: 'Lab clock on' }).click();
  await expect(page.getByTestId('lab-clock-state')).toHaveText(/^On · /);
  // The run starts at the first instant of a minute window, so all 75 requests fall in one minute.
  await page.getByTestId('lab-clock-card').getByRole('button', { name: 'Next minute window', exact: true }).click();
  await expect(page.getByTestId('lab-clock-state')).toHaveText(/^On · \+/);
  const scenarios = page.getByTestId('scenario-card');
  await scenarios.getByText('Ignore Retry-After', { exact: true }).click();
  await scenarios.getByLabel('API key').fill(carelessKey);
  await scenarios.getByLabel('Requests').fill('75');
  await scenarios.getByRole('button', { name: 'Run', exact: true }).click();
  const run = scenarios.getByTestId('scenario-run-row').first();
  await expect(run).toHaveAttribute('data-state', 'finished', { timeout: 60_000 });
  const report = page.getByTestId('compliance-card');
  await expect(report.getByTestId('compliance-totals')).toContainText('75 requests');
  await expect(report.getByTestId('verdict-retry-after')).toHaveAttribute('data-verdict', 'fail');
  await expect(report.getByTestId('verdict-ban')).toHaveAttribute('data-verdict', 'fail');
  await expect(report.getByTestId('compliance-timeline')).toBeVisible();
  await page.mouse.move(0, 0);
  await shoot(page, 'lab');

  // Ordinary traffic from other clients meanwhile: reads, a missing pet, a request without a key.
  for (let i = 0; i < 4; i++) expect((await callApi(desk.apiUrl.production, '/pets?limit=5', appKey)).status).toBe(200);
  expect((await callApi(desk.apiUrl.production, '/pets/1', appKey)).status).toBe(200);
  expect((await callApi(desk.apiUrl.production, '/pets/999', blogKey)).status).toBe(404);
  expect((await callApi(desk.apiUrl.production, '/pets?status=available', blogKey)).status).toBe(200);
  expect((await callApi(desk.apiUrl.production, '/pets')).status).toBe(401);

  // Requests: the log, newest first; then the detail of a request refused for the ban.
  await goTo(page, 'Requests');
  await expect(page.getByTestId('request-row').first()).toContainText('401');
  await expect(page.getByTestId('request-row')).toHaveCount(83);
  await shoot(page, 'requests', { window: true });
  await shoot(page, 'requests-detail', {
    window: true,
    open: async () => {
      await page
        .getByTestId('request-row')
        .filter({ hasText: /api_key_banned/i })
        .first()
        .click();
      await expect(page.getByTestId('request-headers')).toContainText('retry-after');
    },
  });

  expectShots(['lab', 'requests', 'requests-detail']);
});
