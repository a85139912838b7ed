import { callApi, createKey, expect, goTo, importPets, lastLine, openDesk, test } from './fixtures';

const PAGES = [
  { label: 'Pets', hash: '#/pets' },
  { label: 'Accounts & keys', hash: '#/accounts' },
  { label: 'Plans', hash: '#/plans' },
  { label: 'Usage', hash: '#/usage' },
  { label: 'Sites', hash: '#/sites' },
  { label: 'API console', hash: '#/console' },
  { label: 'Server', hash: '#/server' },
] as const;

test('the window gets ready and every navigation link opens its page', async ({ page, desk }) => {
  await openDesk(page, desk);
  await expect(page.locator('html')).toHaveAttribute('data-ready', 'true');
  // The token left the address bar once read.
  expect(page.url()).not.toContain('token=');
  await expect(page.getByRole('heading', { level: 1, name: 'Pets', exact: true })).toBeVisible();

  const nav = page.getByRole('navigation', { name: 'Pages' });
  for (const { label, hash } of PAGES) {
    await goTo(page, label);
    expect(new URL(page.url()).hash).toBe(hash);
    await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
  }
  // Back goes to the previous page (the hash is the page).
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'API console', exact: true })).toBeVisible();
});

test('the admin pages render and work under their Content-Security-Policy, with no violation', async ({
  page,
  desk,
}) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(
        `Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      ),
    );
  });
  const response = await page.goto(desk.adminUrl);
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await expect(page.locator('html[data-ready="true"]')).toBeAttached();
  for (const { label } of PAGES) await goTo(page, label);
  // Mantine's styles, written at run time, took effect: the navigation is laid out, not bare text.
  const nav = page.getByRole('navigation', { name: 'Pages' });
  await expect(nav).toBeVisible();
  expect(await nav.evaluate((element) => getComputedStyle(element).display)).not.toBe('inline');
  expect(violations).toEqual([]);
});

test('the environment switch shows staging data only under Staging', async ({ page, desk }) => {
  await importPets(desk, [{ name: 'Prod Pip', categoryId: 1 }]);
  const [stagingPet] = await importPets(desk, [{ name: 'Staging Sam', categoryId: 2, status: 'pending' }], 'staging');
  const productionKey = await createKey(desk, '--plan', 'free');
  const testKey = lastLine(await desk.cli('--env', 'staging', 'keys', 'create', '--plan', 'free'));
  expect(testKey).toMatch(/^adk_test_/);

  await openDesk(page, desk);
  const envSwitch = page.getByTestId('environment-switch');
  await expect(envSwitch.getByRole('radio', { name: 'Production' })).toBeChecked();
  const table = page.getByTestId('pets-table');
  await expect(table).toContainText('Prod Pip');
  await expect(table).not.toContainText('Staging Sam');

  await envSwitch.getByText('Staging', { exact: true }).click();
  await expect(envSwitch.getByRole('radio', { name: 'Staging' })).toBeChecked();
  await expect(table).toContainText('Staging Sam');
  await expect(table).not.toContainText('Prod Pip');
  await expect(page.getByTestId(`pet-row-${stagingPet!.id}`).getByTestId('pet-status')).toHaveText('pending');
  await goTo(page, 'API console');
  await expect(page.getByRole('main')).toContainText('Call the staging pet API');

  await envSwitch.getByText('Production', { exact: true }).click();
  await goTo(page, 'Pets');
  await expect(table).toContainText('Prod Pip');
  await expect(table).not.toContainText('Staging Sam');

  // The two APIs agree: each serves its own pets, and keys do not cross over.
  expect((await callApi(desk.apiUrl.staging, '/pets', testKey)).body).toEqual([{ ...stagingPet }]);
  expect(
    (await callApi(desk.apiUrl.production, '/pets', productionKey)).body.map((pet: { name: string }) => pet.name),
  ).toEqual(['Prod Pip']);
  expect((await callApi(desk.apiUrl.production, '/pets', testKey)).status).toBe(401);
});

test('the Server page shows both environments running at the addresses the server printed', async ({ page, desk }) => {
  await openDesk(page, desk);
  await goTo(page, 'Server');
  for (const environment of ['production', 'staging'] as const) {
    const card = page.getByTestId(`server-${environment}`);
    await expect(card.getByTestId('server-state')).toHaveText('running');
    await expect(card.getByTestId('server-base-url')).toHaveText(desk.apiUrl[environment]);
  }
  await expect(page.getByRole('textbox', { name: 'Host', exact: true })).toHaveValue('127.0.0.1');
  // The fixture starts with --port 0 --other-port 0 ("pick a free one"), which is what the form shows.
  await expect(page.getByRole('textbox', { name: 'Production port', exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Staging port', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save and restart', exact: true })).toBeDisabled();
  await expect(page.getByTestId('server-indicator')).toHaveText('API running');
});

test('the colour scheme toggle switches between light and dark', async ({ page, desk }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await openDesk(page, desk);
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  await page.getByTestId('color-scheme-toggle').click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(page.getByTestId('color-scheme-toggle')).toHaveAccessibleName('Switch to light theme');
  await page.getByTestId('color-scheme-toggle').click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
});

test('without the token the window says how to get in', async ({ page, desk }) => {
  const bare = desk.adminUrl.replace(/#.*$/, '');
  await page.goto(bare);
  const denied = page.getByTestId('access-denied');
  await expect(denied).toBeVisible();
  await expect(denied).toContainText('This address has no access token');
  await expect(page.getByRole('navigation', { name: 'Pages' })).toHaveCount(0);

  // A wrong token is no better.
  await page.goto(`${bare}#token=not-the-token`);
  await page.reload();
  await expect(page.getByTestId('access-denied')).toBeVisible();
});
