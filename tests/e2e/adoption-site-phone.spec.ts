import type { Page } from '@playwright/test';
import { deployAdoptionSite, expect, importPets, test, type DeskServer } from './fixtures';

/*
 * The adoption site on a phone (390 × 844): the first pet shows on the first screen, the search and
 * the filters folded behind one button that opens with JavaScript off too; on a wide screen they
 * stay in view, with no button.
 */

const PHONE = { width: 390, height: 844 };

async function publish(desk: DeskServer): Promise<string> {
  await desk.cli(
    'shelter',
    'set',
    '--name',
    'Refuge des Pattes Amies de Lyon',
    '--language',
    'fr',
    '--how-to-adopt',
    'Venez nous voir.',
  );
  const pets = await importPets(desk, [
    { name: 'Zoé', categoryId: 1 },
    { name: 'Nala', categoryId: 2 },
    { name: 'Pompon', categoryId: 3 },
    { name: 'Rex', categoryId: 1 },
  ]);
  const profiles: Array<[number, string[]]> = [
    [pets[0]!.id, ['--sex', 'female', '--born', '2025-06', '--size', 'small', '--good-with-kids', 'yes']],
    [pets[1]!.id, ['--sex', 'female', '--born', '2019', '--size', 'medium', '--good-with-cats', 'yes']],
    [pets[2]!.id, ['--sex', 'male', '--born', '2023', '--size', 'large', '--good-with-dogs', 'yes']],
    [pets[3]!.id, ['--sex', 'male', '--born', '2012', '--size', 'xlarge']],
  ];
  for (const [id, flags] of profiles) await desk.cli('pets', 'profile', 'set', String(id), ...flags);
  return (await deployAdoptionSite(desk, 'Refuge')).site;
}

/** The first pet's card lies wholly on the first screen. */
async function expectFirstPetOnFirstScreen(page: Page): Promise<void> {
  const card = page.locator('.cards .card').first();
  await expect(card).toBeVisible();
  const box = (await card.boundingBox())!;
  expect(box.y + box.height, 'the first card’s bottom').toBeLessThanOrEqual(PHONE.height);
}

test('on a phone the first pet shows on the first screen, the filters behind one button, with JavaScript and without', async ({
  browser,
  desk,
}) => {
  test.setTimeout(120_000);
  const site = await publish(desk);
  for (const javaScriptEnabled of [true, false]) {
    const context = await browser.newContext({ javaScriptEnabled, viewport: PHONE });
    try {
      const page = await context.newPage();
      await page.goto(`${site}/`);
      await expect(page.getByRole('heading', { level: 3 }).first()).toBeVisible();
      await expectFirstPetOnFirstScreen(page);
      const button = page.getByText('Recherche et filtres', { exact: true });
      await expect(button).toBeVisible();
      if (javaScriptEnabled) {
        await expect(page.getByLabel('Rechercher')).toBeHidden();
        await button.click();
        await page.getByLabel('Rechercher').fill('nala');
        await expect(page.getByRole('heading', { level: 3 })).toHaveText(['Nala']);
      } else {
        await expect(page.getByRole('link', { name: 'Femelle', exact: true })).toBeHidden();
        await button.click();
        await page.getByRole('link', { name: 'Femelle', exact: true }).click();
        await expect(page.getByRole('heading', { level: 3 })).toHaveText(['Nala', 'Zoé']);
      }
    } finally {
      await context.close();
    }
  }
});

test('on a wide screen the filters stay in view, with no button to open them', async ({ browser, desk }) => {
  test.setTimeout(120_000);
  const site = await publish(desk);
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.goto(`${site}/`);
    await expect(page.getByRole('link', { name: 'Femelle', exact: true })).toBeVisible();
    await expect(page.getByText('Recherche et filtres', { exact: true })).toBeHidden();
  } finally {
    await context.close();
  }
});
