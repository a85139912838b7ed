import type { Page } from '@playwright/test';
import { callApi, cliJson, createKey, expect, goTo, openDesk, roomInMinute, test } from './fixtures';

interface AccountRow {
  id: number;
  name: string;
  planId: string;
  customPerMinute: number | null;
  customPerDay: number | null;
  activeKeys: number;
}

interface KeyRow {
  id: number;
  accountId: number;
  displayPrefix: string;
  revokedAt: number | null;
}

const ACCOUNT = 'Happy Tails app';

async function createAccount(
  page: Page,
  name: string,
  plan: RegExp,
  figures?: { perMinute: string; perDay: string },
): Promise<void> {
  await page.getByRole('button', { name: 'New account', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'New account' });
  await dialog.getByLabel('Account name').fill(name);
  await dialog.getByRole('combobox', { name: 'Plan' }).click();
  await page.getByRole('option', { name: plan }).click();
  if (figures) {
    await dialog.getByLabel('Requests per minute').fill(figures.perMinute);
    await dialog.getByLabel('Requests per day').fill(figures.perDay);
  }
  await dialog.getByRole('button', { name: 'Create account', exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** Issues a key in the keys panel and reads the plaintext from the one-time dialog. */
async function issueKey(page: Page, account: string, label: string): Promise<string> {
  await page.getByRole('button', { name: `Show keys of ${account}`, exact: true }).click();
  await expect(page.getByRole('heading', { name: `Keys of ${account}` })).toBeVisible();
  await page.getByRole('button', { name: 'Issue key', exact: true }).click();
  const labelDialog = page.getByRole('dialog', { name: `Issue a key for ${account}` });
  await labelDialog.getByLabel('Label (optional)').fill(label);
  await labelDialog.getByRole('button', { name: 'Issue', exact: true }).click();
  const keyDialog = page.getByRole('dialog', { name: `New key for ${account}` });
  await expect(keyDialog.getByTestId('new-key')).toHaveText(/^adk_live_\S+$/);
  const key = (await keyDialog.getByTestId('new-key').textContent())?.trim() ?? '';
  await expect(keyDialog.getByRole('button', { name: 'Copy key', exact: true })).toBeVisible();
  await keyDialog.getByRole('button', { name: 'I have stored it', exact: true }).click();
  await expect(keyDialog).toBeHidden();
  return key;
}

function quotaHeader(page: Page, name: string) {
  return page
    .getByTestId('response-headers')
    .locator('tr[data-quota-header]')
    .filter({ has: page.getByRole('cell', { name, exact: true }) });
}

test('Enterprise account with small figures: key, console, burst to a ban, lift it, revoke, change plan', async ({
  page,
  desk,
}) => {
  await openDesk(page, desk);
  await goTo(page, 'Accounts & keys');

  // An Enterprise account with its own small figures.
  await createAccount(page, ACCOUNT, /^Enterprise/, { perMinute: '3', perDay: '1000' });
  const [account] = await cliJson<AccountRow[]>(desk, 'accounts', 'list');
  expect(account).toMatchObject({ name: ACCOUNT, planId: 'enterprise', customPerMinute: 3, customPerDay: 1000 });
  const accountRow = page.getByTestId(`account-row-${account!.id}`);
  await expect(accountRow.getByTestId('plan-badge')).toHaveText('Enterprise');
  await expect(accountRow).toContainText('3/min · 1,000/day');

  // A key, shown once.
  const key = await issueKey(page, ACCOUNT, 'website');
  const [keyRecord] = await cliJson<KeyRow[]>(desk, 'keys', 'list');
  expect(key.startsWith(keyRecord!.displayPrefix.replace('…', ''))).toBe(true);
  const keyRow = page.getByTestId(`key-row-${keyRecord!.id}`);
  await expect(keyRow.getByTestId('key-state')).toHaveText('active');
  await expect(keyRow).toContainText('website');
  await expect(page.getByTestId('new-key')).toHaveCount(0);

  // The console: one listPets, then a burst, all inside one UTC minute.
  await goTo(page, 'API console');
  await page.getByRole('textbox', { name: 'API key' }).fill(key);
  await expect(page.getByRole('radio', { name: 'listPets · GET /pets' })).toBeChecked();
  await roomInMinute(15);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByTestId('response-status')).toHaveText('200 OK');
  await expect(quotaHeader(page, 'x-ratelimit-limit')).toContainText('3');
  await expect(quotaHeader(page, 'x-ratelimit-remaining')).toContainText('2');
  await expect(quotaHeader(page, 'x-ratelimit-reset')).toBeVisible();
  await expect(page.getByTestId('response-body')).toHaveText('[]');

  // The Send used one unit, so of a burst of 20: 2 accepted, then the first 429 (request #3),
  // 10 more refused requests are tolerated (#4–#13), and the 11th (#14) bans the key.
  await page.getByLabel('Requests in a burst').fill('20');
  await page.getByRole('button', { name: 'Burst', exact: true }).click();
  const burst = page.getByTestId('burst-result');
  await expect(burst).toBeVisible();
  await expect(burst.getByTestId('burst-count-200')).toHaveText('200: 2');
  await expect(burst.getByTestId('burst-count-rate_limited')).toHaveText('rate_limited: 11');
  await expect(burst.getByTestId('burst-count-api_key_banned')).toHaveText('api_key_banned: 7');
  await expect(burst.getByTestId('burst-first-limited')).toContainText('First 429 (rate_limited) at request #3');
  await expect(burst.getByTestId('burst-first-banned')).toContainText('Key banned from request #14 (api_key_banned)');
  await expect(burst.getByTestId('burst-chart')).toBeVisible();
  await expect(burst.getByTestId('burst-table').locator('tbody tr')).toHaveCount(20);

  const banned = await callApi(desk.apiUrl.production, '/pets', key);
  expect(banned.status).toBe(429);
  expect(banned.body.code).toBe('api_key_banned');
  expect(Number(banned.headers.get('retry-after'))).toBeGreaterThan(60);

  // Usage: the 429s, the ban, and lifting it.
  await goTo(page, 'Usage');
  const card = page.getByTestId(`usage-card-${account!.id}`);
  // 18 refused in the burst + 1 just above (day window: immune to the minute rolling over).
  await expect(card.getByTestId('usage-day-rejected')).toHaveText('19 × 429');
  await expect(card.getByTestId('usage-day-used')).toHaveText('3 / 1,000');
  await expect(card.getByTestId('bans-today')).toHaveText('1 ban today');
  const ban = card.getByTestId(`ban-${keyRecord!.id}`);
  await expect(ban).toBeVisible();
  await expect(page.getByTestId('usage-chart')).toBeVisible();
  await ban.getByRole('button', { name: /^Lift ban on adk_live_\S+…$/ }).click();
  await expect(ban).toHaveCount(0);
  await expect(card.getByTestId('bans-today')).toHaveText('1 ban today');

  const lifted = await callApi(desk.apiUrl.production, '/pets', key);
  // Still over 3/min until the minute ends (then 200), but no longer banned.
  expect(lifted.body.code ?? 'ok').not.toBe('api_key_banned');
  expect([200, 429]).toContain(lifted.status);
  if (lifted.status === 429) expect(lifted.body.code).toBe('rate_limited');

  // Revoke the key: the console and any client get 401 from the next request on.
  await goTo(page, 'Accounts & keys');
  await expect(keyRow.getByTestId('key-state')).toHaveText('active');
  await keyRow.getByRole('button', { name: /^Revoke key adk_live_\S+…$/ }).click();
  await page
    .getByRole('dialog', { name: /^Revoke adk_live_/ })
    .getByRole('button', { name: 'Revoke', exact: true })
    .click();
  await expect(keyRow.getByTestId('key-state')).toHaveText('revoked');
  await expect(accountRow.getByRole('cell').nth(4)).toHaveText('0'); // active keys

  await goTo(page, 'API console');
  await page.getByRole('textbox', { name: 'API key' }).fill(key);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByTestId('response-status')).toHaveText('401 Unauthorized');
  await expect(page.getByTestId('response-body')).toContainText('"code": "unauthorized"');
  const revoked = await callApi(desk.apiUrl.production, '/pets', key);
  expect(revoked.status).toBe(401);
  expect(revoked.headers.get('www-authenticate')).toMatch(/^Bearer/);

  // Move the account to Pro.
  await goTo(page, 'Accounts & keys');
  await accountRow.getByRole('button', { name: `Change plan of ${ACCOUNT}`, exact: true }).click();
  const planDialog = page.getByRole('dialog', { name: `Change the plan of ${ACCOUNT}` });
  await planDialog.getByRole('combobox', { name: 'Plan' }).click();
  await page.getByRole('option', { name: /^Pro/ }).click();
  await planDialog.getByRole('button', { name: 'Change plan', exact: true }).click();
  await expect(planDialog).toBeHidden();
  await expect(accountRow.getByTestId('plan-badge')).toHaveText('Pro');
  await expect(accountRow).toContainText('300/min · 10,000/day');
  const [moved] = await cliJson<AccountRow[]>(desk, 'accounts', 'list');
  expect(moved).toMatchObject({ id: account!.id, planId: 'pro' });

  // A fresh key on the same account sees the Pro figures.
  const second = await createKey(desk, '--account', String(account!.id));
  const answer = await callApi(desk.apiUrl.production, '/pets', second);
  expect(answer.status).toBe(200);
  expect(answer.headers.get('x-ratelimit-limit')).toBe('300');
});

test('rotating a key in the window: the new key works at once, the old one is refused, usage carries on', async ({
  page,
  desk,
}) => {
  const oldKey = await createKey(desk, '--plan', 'pro', '--label', 'Shelter website');
  await roomInMinute(10); // the two requests compared below share one minute window
  const before = await callApi(desk.apiUrl.production, '/pets', oldKey);
  expect(before.status).toBe(200);
  await openDesk(page, desk);
  await goTo(page, 'Accounts & keys');
  const [account] = await cliJson<AccountRow[]>(desk, 'accounts', 'list');
  await expect(page.getByRole('heading', { name: `Keys of ${account!.name}` })).toBeVisible();

  await page.getByRole('button', { name: /^Rotate key adk_live_\S+…$/ }).click();
  await page
    .getByRole('dialog', { name: /^Rotate adk_live_/ })
    .getByRole('button', { name: 'Rotate', exact: true })
    .click();
  const keyDialog = page.getByRole('dialog', { name: `New key for ${account!.name}` });
  await expect(keyDialog.getByTestId('new-key')).toHaveText(/^adk_live_\S+$/);
  const newKey = (await keyDialog.getByTestId('new-key').textContent())?.trim() ?? '';
  expect(newKey).not.toBe(oldKey);
  await keyDialog.getByRole('button', { name: 'I have stored it', exact: true }).click();
  await expect(keyDialog).toBeHidden();
  await expect(page.getByTestId('key-state')).toHaveCount(2);
  await expect(page.getByTestId('key-state').filter({ hasText: 'revoked' })).toHaveCount(1);
  await expect(page.getByTestId('key-state').filter({ hasText: 'active' })).toHaveCount(1);

  expect((await callApi(desk.apiUrl.production, '/pets', oldKey)).status).toBe(401);
  const after = await callApi(desk.apiUrl.production, '/pets', newKey);
  expect(after.status).toBe(200);
  // Same account, same day window: the old key's request is still counted.
  expect(Number(before.headers.get('x-ratelimit-remaining')) - Number(after.headers.get('x-ratelimit-remaining'))).toBe(
    1,
  );
});

test('the Accounts page says what an account owns: API keys and site projects', async ({ page, desk }) => {
  await openDesk(page, desk);
  await goTo(page, 'Accounts & keys');
  await expect(page.locator('main')).toContainText('An account owns API keys and site projects');
  await expect(page.getByText('No accounts yet')).toBeVisible();
  await expect(page.locator('main')).toContainText('and one to own your site projects');
});
