import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { deployAdoptionSite, expect, importPets, test, type DeskServer } from './fixtures';

/*
 * The adoption site as a French shelter met it: accented names found without their accents,
 * no dead search form without JavaScript, a pet's page kept when its adoption is pending and after
 * it, and initials where a pet has no photo yet.
 */

async function publish(desk: DeskServer): Promise<{ site: string; ids: Record<string, number> }> {
  await desk.cli(
    'shelter',
    'set',
    '--name',
    'Refuge des Pattes',
    '--currency',
    'EUR',
    '--email',
    'adopter@refuge.test',
    '--how-to-adopt',
    'Venez nous voir.',
  );
  const pets = await importPets(desk, [
    { name: 'Zoë', categoryId: 2 },
    { name: 'Cléo', categoryId: 2 },
    { name: 'Señor Biscuit', categoryId: 1 },
    { name: 'Miso', categoryId: 2, status: 'pending' },
    { name: 'Clover', categoryId: 3, status: 'sold' },
  ]);
  await desk.cli('pets', 'profile', 'set', String(pets[2]!.id), '--breed', 'Épagneul breton', '--fee', '150');
  await desk.cli('pets', 'profile', 'set', String(pets[4]!.id), '--fee', '90');
  const { site } = await deployAdoptionSite(desk, 'Refuge');
  return {
    site,
    ids: Object.fromEntries(pets.map((pet) => [pet.name, pet.id])),
  };
}

async function noSeriousViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(
    serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

test('the site search ignores accents; pending and adopted pets keep their pages; initials stand in for photos', async ({
  page,
  desk,
}) => {
  test.setTimeout(120_000);
  const { site, ids } = await publish(desk);
  const cspViolations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });

  await page.goto(`${site}/`);
  const search = page.getByLabel('Search');
  await expect(search).toBeVisible();
  const names = page.getByRole('heading', { level: 3 });
  // The index: the available pets, then the pending one with its badge; the adopted one is not listed.
  await expect(names).toHaveText(['Cléo', 'Señor Biscuit', 'Zoë', 'Miso']);
  await expect(page.getByText('Adoption pending', { exact: true })).toHaveCount(1);
  for (const [typed, found] of [
    ['zoe', ['Zoë']],
    ['cle', ['Cléo']],
    ['sen', ['Señor Biscuit']],
    ['ZOË', ['Zoë']],
    ['epagneul', ['Señor Biscuit']],
    ['mis', ['Miso']],
  ] as const) {
    await search.fill(typed);
    await expect(names, typed).toHaveText([...found]);
    await expect(page.getByText('1 pet matches.')).toBeVisible();
  }
  // What was typed stays in the address, accents and all.
  await search.fill('Zoë');
  await expect.poll(() => decodeURIComponent(new URL(page.url()).search)).toBe('?q=Zoë');
  await page.reload();
  await expect(names).toHaveText(['Zoë']);
  await expect(page.getByText('Adoption pending', { exact: true })).toHaveCount(0);
  expect(cspViolations).toEqual([]);

  // No photo: the pet's initials, named on its page, in light and dark alike.
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.goto(`${site}/pets/${ids['Señor Biscuit']}-senor-biscuit.html`);
    await expect(page.getByRole('img', { name: 'No photo of Señor Biscuit yet' })).toHaveText('SB');
    await noSeriousViolations(page);
    await page.goto(`${site}/`);
    await noSeriousViolations(page);
  }

  // A pending pet's page (a printed QR code, a shared link) still opens, and says so.
  const pending = (await page.goto(`${site}/pets/${ids.Miso}-miso.html`))!;
  expect(pending.status()).toBe(200);
  await expect(page.getByText('Adoption pending.', { exact: false })).toBeVisible();
  // After adoption too: "Found a home", with no fee and no call to adopt.
  const adopted = (await page.goto(`${site}/pets/${ids.Clover}-clover.html`))!;
  expect(adopted.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Clover' })).toBeVisible();
  await expect(page.getByText('Found a home.')).toBeVisible();
  await expect(page.getByText('Adoption fee')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'adopter@refuge.test' })).toHaveCount(1);
  await expect(page.locator('main').getByRole('link', { name: 'adopter@refuge.test' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'How to adopt' })).toHaveCount(0);
  await noSeriousViolations(page);
});

test('without JavaScript the index shows no search form that would do nothing, and its filter links work', async ({
  browser,
  desk,
}) => {
  test.setTimeout(120_000);
  const { site } = await publish(desk);
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(`${site}/`);
    await expect(page.getByRole('heading', { level: 3 })).toHaveText(['Cléo', 'Señor Biscuit', 'Zoë', 'Miso']);
    await expect(page.locator('#finder')).toBeHidden();
    await expect(page.getByRole('search')).toHaveCount(0);
    await expect(page.getByLabel('Search')).toBeHidden();
    // What works without a script: the filter links, each a page of its own.
    await page.getByRole('navigation', { name: 'Browse by' }).getByRole('link', { name: 'Dogs' }).click();
    await expect(page.getByRole('heading', { level: 3 })).toHaveText(['Señor Biscuit']);
  } finally {
    await context.close();
  }
});
