import type { Locator, Page } from '@playwright/test';
import {
  cliJson,
  createKey,
  expect,
  goTo,
  importPets,
  notification,
  openDesk,
  test,
  withoutLiveUpdates,
} from './fixtures';

interface AccountRow {
  id: number;
  name: string;
  planId: string;
  customPerMinute: number | null;
  customPerDay: number | null;
}

interface PlanRow {
  id: string;
  perMinute: number | null;
  perDay: number | null;
}

/** Leaves the field (where Mantine would clamp a number by default) and checks what it still shows. */
async function blurAndExpect(field: Locator, value: string): Promise<void> {
  await field.blur();
  await expect(field).toHaveValue(value);
}

function toasts(page: Page) {
  return page.locator('.mantine-Notifications-root').getByRole('alert');
}

test('Enterprise figures: nothing is corrected behind the user’s back, and per-day must cover per-minute', async ({
  page,
  desk,
}) => {
  await openDesk(page, desk);
  await goTo(page, 'Accounts & keys');
  await page.getByRole('button', { name: 'New account', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'New account' });
  await dialog.getByLabel('Account name').fill('Big partner');
  await dialog.getByRole('combobox', { name: 'Plan' }).click();
  await page.getByRole('option', { name: /^Enterprise/ }).click();
  const perMinute = dialog.getByRole('textbox', { name: 'Requests per minute' });
  const perDay = dialog.getByRole('textbox', { name: 'Requests per day' });
  const create = dialog.getByRole('button', { name: 'Create account', exact: true });

  await perMinute.fill('100');
  await perDay.fill('-5');
  await blurAndExpect(perDay, '-5');
  await create.click();
  await expect(dialog.getByText('must be a positive integer')).toBeVisible();

  await perDay.fill('0');
  await blurAndExpect(perDay, '0');
  await create.click();
  await expect(dialog.getByText('must be a positive integer')).toBeVisible();

  await perDay.fill('2.5');
  await blurAndExpect(perDay, '2.5');
  await create.click();
  await expect(dialog.getByText('must be a positive integer')).toBeVisible();

  await perDay.fill('50');
  await create.click();
  await expect(dialog.getByText('must be at least the per-minute figure (100)')).toBeVisible();
  expect(await cliJson<AccountRow[]>(desk, 'accounts', 'list')).toEqual([]);

  await perDay.fill('100000');
  await create.click();
  await expect(dialog).toBeHidden();
  const [account] = await cliJson<AccountRow[]>(desk, 'accounts', 'list');
  expect(account).toMatchObject({
    name: 'Big partner',
    planId: 'enterprise',
    customPerMinute: 100,
    customPerDay: 100_000,
  });
});

test('plan figures: a negative or inverted figure is refused, not silently fixed', async ({ page, desk }) => {
  await openDesk(page, desk);
  await goTo(page, 'Plans');
  const row = page.getByTestId('plan-row-free');
  const perMinute = row.getByRole('textbox', { name: 'Free requests per minute', exact: true });
  const perDay = row.getByRole('textbox', { name: 'Free requests per day', exact: true });
  const save = row.getByRole('button', { name: 'Save Free', exact: true });

  await perMinute.fill('-5');
  await blurAndExpect(perMinute, '-5');
  await save.click();
  await expect(row.getByText('must be a positive integer')).toBeVisible();

  await perMinute.fill('60');
  await perDay.fill('30');
  await save.click();
  await expect(row.getByText('must be at least the per-minute figure (60)')).toBeVisible();

  const banThreshold = row.getByRole('textbox', { name: 'Free ban threshold', exact: true });
  await perDay.fill('1000');
  await banThreshold.fill('-1');
  await blurAndExpect(banThreshold, '-1');
  await save.click();
  await expect(row.getByText('must be 0 or more')).toBeVisible();

  const free = (await cliJson<PlanRow[]>(desk, 'plans', 'list')).find((plan) => plan.id === 'free');
  expect(free).toMatchObject({ perMinute: 60, perDay: 1000 });
  await expect(toasts(page)).toHaveCount(0);
});

test('a 200-character name is cut with an ellipsis in every table, whole in its tooltip', async ({ page, desk }) => {
  const longName = `Sir Reginald Fluffington ${'the Magnificent '.repeat(12)}`.slice(0, 199) + 'Z';
  expect(longName).toHaveLength(200);
  const [long, short] = await importPets(desk, [
    { name: longName, categoryId: 1 },
    { name: 'Rex', categoryId: 1 },
  ]);
  await desk.cli('accounts', 'create', '--name', longName, '--plan', 'free');
  await desk.cli('accounts', 'create', '--name', 'Short name', '--plan', 'free');
  await createKey(desk, '--account', '1', '--label', longName);
  await createKey(desk, '--account', '1', '--label', 'short label');

  await openDesk(page, desk);
  const height = async (locator: Locator) => (await locator.boundingBox())?.height ?? 0;
  const expectCut = async (cell: Locator, shortRow: Locator, tableRow: Locator) => {
    const text = cell.getByText(longName, { exact: true });
    expect(await text.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    expect(await height(tableRow)).toBeLessThanOrEqual((await height(shortRow)) + 1);
    await text.hover();
    await expect(page.getByRole('tooltip')).toHaveText(longName);
    await page.mouse.move(0, 0);
    await expect(page.getByRole('tooltip')).toHaveCount(0);
  };

  const longPetRow = page.getByTestId(`pet-row-${long!.id}`);
  await expectCut(longPetRow.getByRole('cell').nth(2), page.getByTestId(`pet-row-${short!.id}`), longPetRow);
  // A short name gets no tooltip.
  await page.getByTestId(`pet-row-${short!.id}`).getByText('Rex', { exact: true }).hover();
  await expect(page.getByRole('tooltip')).toHaveCount(0);

  await goTo(page, 'Accounts & keys');
  const longAccount = page.getByTestId('account-row-1');
  await expectCut(longAccount.getByRole('cell').nth(1), page.getByTestId('account-row-2'), longAccount);
  const keyRows = page.getByTestId('keys-table').locator('tbody tr');
  await expect(keyRows).toHaveCount(2);
  const longKeyRow = keyRows.filter({ hasText: longName.slice(0, 20) });
  await expectCut(longKeyRow.getByRole('cell').nth(1), keyRows.filter({ hasText: 'short label' }), longKeyRow);
});

test('account ids are shown, with a copy button, for the CLI', async ({ page, context, desk }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await desk.cli('accounts', 'create', '--name', 'Happy Tails app', '--plan', 'pro');
  await desk.cli('accounts', 'create', '--name', 'City Shelter', '--plan', 'free');
  await openDesk(page, desk);
  await goTo(page, 'Accounts & keys');
  await expect(page.getByTestId('account-row-1').getByTestId('account-id')).toHaveText('#1');
  await expect(page.getByTestId('account-row-2').getByTestId('account-id')).toHaveText('#2');

  await page.getByRole('button', { name: 'Show keys of City Shelter', exact: true }).click();
  await expect(page.getByTestId('keys-account-id')).toHaveText('account #2');
  await page.getByRole('button', { name: 'Copy the account id', exact: true }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('2');
});

test('a refusal is titled by what it is; a revoked key cannot be revoked or rotated again', async ({ page, desk }) => {
  await createKey(desk, '--plan', 'free', '--label', 'Website');
  const [key] = await cliJson<{ id: number; displayPrefix: string }[]>(desk, 'keys', 'list');
  // The page must still show the key active when the CLI revokes it: it hears no live updates.
  await withoutLiveUpdates(page);
  await openDesk(page, desk);
  await goTo(page, 'Accounts & keys');
  const row = page.getByTestId(`key-row-${key!.id}`);
  await expect(row.getByTestId('key-state')).toHaveText('active');

  // Revoked elsewhere (the CLI) while this page still shows it active: rotating is refused.
  await desk.cli('keys', 'revoke', String(key!.id));
  await row.getByRole('button', { name: /^Rotate key adk_live_\S+…$/ }).click();
  await page
    .getByRole('dialog', { name: /^Rotate adk_live_/ })
    .getByRole('button', { name: 'Rotate', exact: true })
    .click();
  const refusal = notification(page, `API key ${key!.id} is revoked; issue a new key instead.`);
  await expect(refusal).toBeVisible();
  await expect(refusal).toContainText('Not possible');
  await expect(page.getByText('That cannot be done right now')).toHaveCount(0);

  // The row catches up: both actions are disabled, and say why.
  await expect(row.getByTestId('key-state')).toHaveText('revoked');
  const revoke = row.getByRole('button', { name: /^Revoke key adk_live_\S+…$/ });
  await expect(revoke).toBeDisabled();
  await revoke.hover();
  await expect(page.getByRole('tooltip')).toHaveText('Already revoked');
  await expect(row.getByRole('button', { name: /^Rotate key adk_live_\S+…$/ })).toBeDisabled();
});

test('the console: a limit out of range is sent as typed, and answers do not linger after switching environment', async ({
  page,
  desk,
}) => {
  const key = await createKey(desk, '--plan', 'free');
  await openDesk(page, desk);
  await goTo(page, 'API console');
  await page.getByRole('textbox', { name: 'API key' }).fill(key);
  const limit = page.getByRole('textbox', { name: 'limit', exact: true });
  await limit.fill('500');
  await blurAndExpect(limit, '500');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByTestId('response-status')).toHaveText('400 Bad Request');
  await expect(page.getByTestId('response-body')).toContainText('"code": "validation_failed"');

  await page.getByTestId('environment-switch').getByText('Staging', { exact: true }).click();
  await expect(page.getByRole('main')).toContainText('Call the staging pet API');
  await expect(page.getByTestId('response-status')).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'API key' })).toHaveValue('');
});
