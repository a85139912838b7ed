import { callApi, createKey, expect, openDesk, test } from './fixtures';

test('the quota lab: clock on, a client ignoring Retry-After fails, a day later the quota is back', async ({
  page,
  desk,
}) => {
  // 75 requests, a CLI run and a renderer on a shared two-core machine: more than the default minute.
  test.setTimeout(150_000);
  const key = await createKey(desk, '--plan', 'free', '--label', 'careless client');
  await openDesk(page, desk);
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Quota lab', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Quota lab' })).toBeVisible();
  await expect(page.getByTestId('lab-clock-state')).toHaveText('Off · real time');
  await expect(page.getByTestId('lab-clock-banner')).toBeHidden();

  await page.getByRole('switch', { name: 'Lab clock on' }).click();
  await expect(page.getByTestId('lab-clock-state')).toHaveText(/^On · /);
  await expect(page.getByTestId('lab-clock-banner')).toContainText('Lab clock on (production)');
  // The lab clock ticks with real time: start the run at the first instant of a minute window, so the
  // 75 requests cannot straddle two windows (60 + 15 would all be answered 200).
  await page.getByTestId('lab-clock-card').getByRole('button', { name: 'Next minute window', exact: true }).click();
  await expect(page.getByTestId('lab-clock-state')).toHaveText(/^On · \+/);

  const scenarios = page.getByTestId('scenario-card');
  await scenarios.getByText('Ignore Retry-After', { exact: true }).click();
  await scenarios.getByLabel('API key').fill(key);
  await scenarios.getByLabel('Requests').fill('75');
  await scenarios.getByRole('button', { name: 'Run', exact: true }).click();
  const run = scenarios.getByTestId('scenario-run-row').first();
  await expect(run).toHaveAttribute('data-state', 'finished');
  await expect(run).toContainText('75 / 75');
  await expect(run).toContainText('60 × 200');

  const report = page.getByTestId('compliance-card');
  await expect(report.getByTestId('compliance-totals')).toContainText('75 requests');
  await expect(report.getByTestId('verdict-retry-after')).toHaveAttribute('data-verdict', 'fail');
  await expect(report.getByTestId('verdict-retry-after')).toContainText('Fail');
  await expect(report.getByTestId('verdict-retry-after')).toContainText(/Retry-After: \d+ s/);
  await expect(report.getByTestId('verdict-ban')).toHaveAttribute('data-verdict', 'fail');
  await expect(report.getByTestId('compliance-timeline')).toBeVisible();

  const banned = await callApi(desk.apiUrl.production, '/pets', key);
  expect(banned.status).toBe(429);
  expect(banned.body.code).toBe('api_key_banned');

  // A day later by the lab clock: past the ban, and a fresh day and minute.
  await page.getByTestId('lab-clock-duration').fill('1d');
  await page.getByTestId('lab-clock-card').getByRole('button', { name: 'Advance', exact: true }).click();
  await expect(page.getByTestId('lab-clock-state')).toHaveText(/^On · \+1d/);
  const restored = await callApi(desk.apiUrl.production, '/pets', key);
  expect(restored.status).toBe(200);
  expect(restored.headers.get('x-ratelimit-remaining')).toBe('59');
  expect(Date.parse(restored.headers.get('date') ?? '') - Date.now()).toBeGreaterThan(86_000_000);

  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Requests', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Requests' })).toBeVisible();
  await page.getByTestId('filter-status').fill('200');
  await expect(page.getByTestId('request-row')).toHaveCount(61);
  await page.getByTestId('request-row').first().click();
  await expect(page.getByTestId('request-headers')).toContainText('x-ratelimit-remaining');
  await expect(page.getByTestId('request-headers')).toContainText('59');
});
