import { callApi, cliJson, createKey, expect, goTo, openDesk, roomInMinute, test } from './fixtures';

test('editing the Free plan per-minute figure changes X-RateLimit-Limit for a Free key', async ({ page, desk }) => {
  const key = await createKey(desk, '--plan', 'free');
  const before = await callApi(desk.apiUrl.production, '/pets', key);
  expect(before.status).toBe(200);
  expect(before.headers.get('x-ratelimit-limit')).toBe('60');

  await openDesk(page, desk);
  await goTo(page, 'Plans');
  const row = page.getByTestId('plan-row-free');
  const perMinute = row.getByRole('textbox', { name: 'Free requests per minute', exact: true });
  await expect(perMinute).toHaveValue('60');
  await expect(row.getByRole('textbox', { name: 'Free requests per day', exact: true })).toHaveValue('1,000');
  await expect(row.getByRole('textbox', { name: 'Free ban threshold', exact: true })).toHaveValue('10');
  await expect(row.getByRole('textbox', { name: 'Free ban minutes', exact: true })).toHaveValue('15');
  const save = row.getByRole('button', { name: 'Save Free', exact: true });
  await expect(save).toBeDisabled();

  await perMinute.fill('45');
  await expect(save).toBeEnabled();
  await save.click();
  // Saved: the form is clean again and the engine has the new figure.
  await expect(save).toBeDisabled();
  await expect(perMinute).toHaveValue('45');
  const plans = await cliJson<{ id: string; perMinute: number | null }[]>(desk, 'plans', 'list');
  expect(plans.find((plan) => plan.id === 'free')?.perMinute).toBe(45);

  const after = await callApi(desk.apiUrl.production, '/pets', key);
  expect(after.status).toBe(200);
  expect(after.headers.get('x-ratelimit-limit')).toBe('45');
  // Other plans are untouched.
  await expect(
    page.getByTestId('plan-row-pro').getByRole('textbox', { name: 'Pro requests per minute', exact: true }),
  ).toHaveValue('300');
});

test('the Usage page follows traffic live, and usage can be reset', async ({ page, desk }) => {
  const key = await createKey(desk, '--plan', 'free', '--label', 'Live traffic');
  const [account] = await cliJson<{ id: number; name: string }[]>(desk, 'accounts', 'list');
  expect(account!.name).toBe('Live traffic');

  await openDesk(page, desk);
  await goTo(page, 'Usage');
  const card = page.getByTestId(`usage-card-${account!.id}`);
  await expect(card.getByTestId('usage-minute-used')).toHaveText('0 / 60');
  await expect(page.getByTestId('usage-live')).toContainText('Live');

  // Traffic arrives while the page is open; the page refreshes every second.
  await roomInMinute(10);
  const sent = 7;
  for (let i = 0; i < sent; i++) expect((await callApi(desk.apiUrl.production, '/pets?limit=5', key)).status).toBe(200);
  await expect
    .poll(() => card.getByTestId('usage-minute-used').textContent(), { timeout: 10_000 })
    .toBe(`${sent} / 60`);
  await expect(card.getByTestId('usage-day-used')).toHaveText(`${sent} / 1,000`);
  await expect(card.getByTestId('usage-minute-rejected')).toHaveText('0 × 429');

  // More traffic, seen without touching the page.
  for (let i = 0; i < 3; i++) await callApi(desk.apiUrl.production, '/pets', key);
  await expect
    .poll(() => card.getByTestId('usage-day-used').textContent(), { timeout: 10_000 })
    .toBe(`${sent + 3} / 1,000`);

  // Reset.
  await card.getByRole('button', { name: `Reset usage of ${account!.name}`, exact: true }).click();
  await page
    .getByRole('dialog', { name: `Reset the usage of ${account!.name}?` })
    .getByRole('button', { name: 'Reset usage', exact: true })
    .click();
  await expect(card.getByTestId('usage-day-used')).toHaveText('0 / 1,000');
  await expect(card.getByTestId('usage-minute-used')).toHaveText('0 / 60');
  const fresh = await callApi(desk.apiUrl.production, '/pets', key);
  expect(fresh.headers.get('x-ratelimit-remaining')).toBe('59');
});
