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
  type DeskServer,
} from './fixtures';
import { VIEWPORTS, expectNothingCut, sizeName } from './viewports';

/*
 * Every page fits a 1280×800 and a 1000×700 window with realistic data — no table cell,
 * badge or button cut or pushed off to the side, no sideways scrolling — and so do the actions of
 * the main dialogs and drawers. Each test prepares its desk once and checks each state at both sizes.
 */

/** Both window sizes in the title, as `1280x800, 1000x700`. */
const SIZES = VIEWPORTS.map(sizeName).join(', ');

/** A name long enough to need an ellipsis in a table column (its tooltip holds it whole). */
const LONG_NAME = 'Sir Reginald Fluffington-Whiskers the Third of Meadowbrook Farm Rescue Centre';

/** Several pets in every status and category, one account on each plan with keys, and traffic with a 429 and a ban. */
async function seedShelter(desk: DeskServer): Promise<{ enterpriseKey: string; enterpriseId: number }> {
  await importPets(desk, [
    { name: 'Biscuit', categoryId: 1 },
    { name: 'Luna', categoryId: 2, status: 'pending' },
    { name: 'Thumper', categoryId: 3 },
    { name: 'Kiwi', categoryId: 4, status: 'sold' },
    { name: LONG_NAME, categoryId: 1, status: 'pending' },
    { name: 'Cleo', categoryId: 2 },
    { name: 'Hazel', categoryId: 3, status: 'sold' },
    { name: 'Rocky', categoryId: 1 },
  ]);
  await desk.cli('pets', 'status', '1', 'pending');
  await desk.cli('pets', 'status', '1', 'available');
  const freeKey = await createKey(desk, '--plan', 'free', '--label', 'Paws & Claws blog');
  const proKey = await createKey(
    desk,
    '--plan',
    'pro',
    '--label',
    'Happy Tails adoption app for iOS and Android, production build',
  );
  await createKey(desk, '--plan', 'business', '--label', 'City Shelter Network');
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
  const enterpriseId = accounts.find((account) => account.name === 'PetFinder Partners')!.id;
  await createKey(desk, '--account', String(enterpriseId), '--label', 'Old integration');
  for (const key of [freeKey, proKey]) {
    for (let i = 0; i < 5; i++) expect((await callApi(desk.apiUrl.production, '/pets?limit=5', key)).status).toBe(200);
  }
  expect((await callApi(desk.apiUrl.production, '/pets/999', freeKey)).status).toBe(404);
  expect((await callApi(desk.apiUrl.production, '/pets')).status).toBe(401);
  // The Enterprise key's 3/min: three answers, then 429s until the ban.
  await roomInMinute(10);
  const statuses: number[] = [];
  for (let i = 0; i < 15; i++)
    statuses.push((await callApi(desk.apiUrl.production, '/pets?limit=5', enterpriseKey)).status);
  expect(statuses).toContain(429);
  return { enterpriseKey, enterpriseId };
}

/** The check at each window size in turn; the window is left at the last (the smaller). */
async function atEverySize(page: Page, check: () => Promise<void>): Promise<void> {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await check();
  }
}

/** The dialog's actions (buttons) all lie inside the window, and nothing in it is cut. */
async function expectDialogFits(page: Page, name: string | RegExp): Promise<void> {
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button').first()).toBeVisible();
  for (const button of await dialog.getByRole('button').all()) await expect(button).toBeInViewport({ ratio: 1 });
  await expectNothingCut(page, dialog);
}

test(`pets, accounts & keys, plans, usage, console and requests fit, with their dialogs (${SIZES})`, async ({
  page,
  desk,
}) => {
  test.setTimeout(180_000);
  const { enterpriseKey, enterpriseId } = await seedShelter(desk);
  await openDesk(page, desk);

  // Pets: the table, the pet form, the pet's record at its history.
  await expect(page.getByTestId('pets-total')).toHaveText('8 pets');
  await atEverySize(page, () => expectNothingCut(page));
  await page.getByRole('button', { name: 'Add pet', exact: true }).click();
  await atEverySize(page, () => expectDialogFits(page, 'Add a pet'));
  await page.getByRole('dialog', { name: 'Add a pet' }).getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('button', { name: 'Record of Biscuit', exact: true }).click();
  await page.getByTestId('pet-record-page').getByRole('tab', { name: 'History' }).click();
  await expect(page.getByTestId('pet-history')).toBeVisible();
  await atEverySize(page, () => expectNothingCut(page));
  await page.getByRole('link', { name: 'Back to the pets' }).click();
  await expect(page.getByTestId('pets-total')).toHaveText('8 pets');

  // Accounts & keys, with a keys panel open; then a new key's one-time dialog.
  await goTo(page, 'Accounts & keys');
  await page.getByRole('button', { name: 'Show keys of PetFinder Partners', exact: true }).click();
  await expect(page.getByTestId('keys-panel').getByTestId('key-state')).toHaveCount(2);
  await atEverySize(page, () => expectNothingCut(page));
  await page.getByRole('button', { name: 'Issue key', exact: true }).click();
  await atEverySize(page, () => expectDialogFits(page, 'Issue a key for PetFinder Partners'));
  await page
    .getByRole('dialog', { name: 'Issue a key for PetFinder Partners' })
    .getByLabel('Label (optional)')
    .fill('Shelter kiosk in the lobby');
  await page
    .getByRole('dialog', { name: 'Issue a key for PetFinder Partners' })
    .getByRole('button', { name: 'Issue', exact: true })
    .click();
  await expect(page.getByRole('dialog', { name: 'New key for PetFinder Partners' }).getByTestId('new-key')).toHaveText(
    /^adk_live_\S+$/,
  );
  await atEverySize(page, () => expectDialogFits(page, 'New key for PetFinder Partners'));
  await page.getByRole('button', { name: 'I have stored it', exact: true }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('keys-panel').getByTestId('key-state')).toHaveCount(3);
  await atEverySize(page, () => expectNothingCut(page));
  await page.getByRole('button', { name: 'New account', exact: true }).click();
  await atEverySize(page, () => expectDialogFits(page, 'New account'));
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Plans.
  await goTo(page, 'Plans');
  await expect(page.getByTestId('plan-row-enterprise')).toBeVisible();
  await atEverySize(page, () => expectNothingCut(page));
  // A changed row shows Undo beside Save: still in view.
  await page.getByRole('textbox', { name: 'Business requests per day', exact: true }).fill('1000000');
  await expect(page.getByRole('button', { name: 'Undo changes to Business', exact: true })).toBeVisible();
  await atEverySize(page, () => expectNothingCut(page));
  await page.getByRole('button', { name: 'Undo changes to Business', exact: true }).click();

  // Usage: four accounts, one banned.
  await goTo(page, 'Usage');
  await expect(page.getByTestId(`usage-card-${enterpriseId}`).getByTestId('bans-today')).toHaveText('1 ban today');
  await expect(page.getByTestId(/^usage-card-/)).toHaveCount(4);
  await atEverySize(page, () => expectNothingCut(page));

  // API console: a request refused for the ban, and its headers.
  await goTo(page, 'API console');
  await page.getByRole('textbox', { name: 'API key' }).fill(enterpriseKey);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByTestId('response-status')).toHaveText(/^429/);
  await atEverySize(page, () => expectNothingCut(page));

  // Requests: the log, then one request's drawer.
  await goTo(page, 'Requests');
  await expect(page.getByTestId('request-row').first()).toBeVisible();
  await atEverySize(page, () => expectNothingCut(page));
  await page.getByTestId('request-row').filter({ hasText: /429/ }).first().click();
  await expect(page.getByTestId('request-headers')).toContainText('retry-after');
  const drawer = page.getByRole('dialog', { name: /^Request #\d+$/ });
  await atEverySize(page, async () => {
    await expectNothingCut(page, drawer);
    await expect(drawer.getByRole('button').first()).toBeInViewport({ ratio: 1 });
  });
});

test(`the API console after a burst fits (${SIZES})`, async ({ page, desk }) => {
  const key = await createKey(
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
  await openDesk(page, desk);
  await goTo(page, 'API console');
  await page.getByRole('textbox', { name: 'API key' }).fill(key);
  await roomInMinute(15);
  await page.getByLabel('Requests in a burst').fill('20');
  await page.getByRole('button', { name: 'Burst', exact: true }).click();
  await expect(page.getByTestId('burst-count-api_key_banned')).toBeVisible();
  await expect(page.getByTestId('burst-chart').locator('.recharts-line-curve')).toBeVisible();
  await atEverySize(page, () => expectNothingCut(page));
});

test(`the Server page fits (${SIZES})`, async ({ page, desk }) => {
  await openDesk(page, desk);
  await goTo(page, 'Server');
  await expect(page.getByTestId('server-production').getByTestId('server-base-url')).toHaveText(desk.apiUrl.production);
  await atEverySize(page, () => expectNothingCut(page));
});

test(`the Quota lab fits after a scenario run (${SIZES})`, async ({ page, desk }) => {
  test.setTimeout(120_000);
  const key = await createKey(
    desk,
    '--plan',
    'enterprise',
    '--per-minute',
    '3',
    '--per-day',
    '1000',
    '--label',
    'Careless crawler',
  );
  await openDesk(page, desk);
  await goTo(page, 'Quota lab');
  await atEverySize(page, () => expectNothingCut(page));
  await page.getByRole('switch', { name: 'Lab clock on' }).click();
  await expect(page.getByTestId('lab-clock-state')).toHaveText(/^On · /);
  await page.getByTestId('lab-clock-card').getByRole('button', { name: 'Next minute window', exact: true }).click();
  await expect(page.getByTestId('lab-clock-state')).toHaveText(/^On · \+/);
  const scenarios = page.getByTestId('scenario-card');
  await scenarios.getByText('Ignore Retry-After', { exact: true }).click();
  await scenarios.getByLabel('API key').fill(key);
  await scenarios.getByLabel('Requests').fill('20');
  await scenarios.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(scenarios.getByTestId('scenario-run-row').first()).toHaveAttribute('data-state', 'finished', {
    timeout: 60_000,
  });
  const report = page.getByTestId('compliance-card');
  await expect(report.getByTestId('compliance-totals')).toContainText('20 requests');
  await expect(report.getByTestId('compliance-timeline')).toBeVisible();
  await page.mouse.move(0, 0);
  await atEverySize(page, () => expectNothingCut(page));
});

test.describe('the Sites page', () => {
  test.use({ siteDns: true });

  test(`the Sites page fits with deploys and custom domains (${SIZES})`, async ({ page, desk }) => {
    test.setTimeout(90_000);
    const project = await createSiteProject(desk, {
      name: 'Happy Tails Rescue',
      plan: 'pro',
      project: 'Happy Tails Rescue & Adoption Centre for Older Dogs',
    });
    const folder = path.join(desk.dataDir, 'happy-tails-site');
    fs.mkdirSync(folder);
    fs.writeFileSync(path.join(folder, 'index.html'), '<h1>Happy Tails</h1>');
    await desk.cli('deploy', project.slug, folder);
    await desk.cli('deploy', project.slug, '--adoption-page');
    await addDomainsInEveryState(desk, project.slug);

    await openDesk(page, desk);
    await goTo(page, 'Sites');
    await expect(page.getByText('www.happytails.test').first()).toBeVisible();
    await expect(page.getByText('adopt.happytails.test').first()).toBeVisible();
    await atEverySize(page, () => expectNothingCut(page));
  });
});
