/**
 * What toasts and subtitles say: a plan by its name, a DNS check that found a conflict as a warning
 * (not a green success), and the adoption page as what it lists.
 */
import type { Locator, Page } from '@playwright/test';
import { deployAdoptionSite, expect, goTo, openDesk, test } from './fixtures';

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 1000, height: 700 },
];

function toasts(page: Page): Locator {
  return page.locator('.mantine-Notifications-root').getByRole('alert');
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.beforeEach(async ({ page }) => page.setViewportSize(viewport));

    test('a plan change names the plan, not its id', async ({ page, desk }) => {
      await desk.cli('accounts', 'create', '--name', 'Happy Tails', '--plan', 'free');
      await openDesk(page, desk);
      await goTo(page, 'Accounts & keys');
      await page.getByRole('button', { name: 'Change plan of Happy Tails', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Change the plan of Happy Tails' });
      await dialog.getByRole('combobox', { name: 'Plan' }).click();
      await page.getByRole('option', { name: /^Pro/ }).click();
      await dialog.getByRole('button', { name: 'Change plan', exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(toasts(page).filter({ hasText: '“Happy Tails” is now on the Pro plan.' })).toBeVisible();
      await expect(toasts(page).filter({ hasText: 'is now on pro' })).toHaveCount(0);
    });

    test.describe('with a loopback DNS server', () => {
      test.use({ siteDns: true });

      test('a DNS check that finds a conflict is a warning, not a success; the Sites page says what the adoption page lists', async ({
        page,
        desk,
      }) => {
        const project = await deployAdoptionSite(desk, 'City Shelter');
        await desk.cli('domains', 'add', project.slug, 'www.cityshelter.test');
        desk.dns!.zone = { 'www.cityshelter.test': { A: '203.0.113.7' } };
        await openDesk(page, desk);
        await goTo(page, 'Sites');
        await expect(
          page.getByText(
            "the adoption site (every pet available for adoption in this environment, with its profile and photos, under the shelter's name)",
          ),
        ).toBeVisible();
        await expect(page.getByText("an account's available pets")).toHaveCount(0);

        await page.getByRole('button', { name: /^Verify www\.cityshelter\.test/ }).click();
        const checked = toasts(page).filter({ hasText: 'www.cityshelter.test is not verified (conflict)' });
        await expect(checked).toBeVisible();
        expect(await checked.getAttribute('style')).toContain('--mantine-color-orange');
        await expect(toasts(page).filter({ hasText: /^Checked / })).toHaveCount(0);
      });
    });
  });
}
