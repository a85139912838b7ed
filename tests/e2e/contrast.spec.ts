/**
 * Every page of the window's navigation, and the add-pet dialog, pass axe's colour-contrast rule
 * (WCAG 2 AA: 4.5:1, 3:1 for large text) in the light scheme and in the dark one, with some data in them.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { PAGES } from '../../src/renderer/src/app/navigation';
import { cliJson, createKey, expect, importPets, openDesk, test, type DeskServer } from './fixtures';

async function seed(desk: DeskServer): Promise<void> {
  await importPets(desk, [
    { name: 'Biscuit', categoryId: 1 },
    { name: 'Luna', categoryId: 2, status: 'pending' },
    { name: 'Kiwi', categoryId: 4, status: 'sold' },
  ]);
  await cliJson(desk, 'people', 'add', '--name', 'Zoë Müller', '--email', 'zoe@example.test', '--role', 'adopter');
  await createKey(desk, '--plan', 'pro', '--label', 'Happy Tails app');
}

/** Colours are read once the window is still: no fade or slide half-way (a loader's endless spin does not count). */
async function settled(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.getAnimations().filter((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().iterations !== Infinity).length))
    .toBe(0);
}

/** Each element axe finds too faint, with the ratio it measured and the one it needs. */
async function contrastFailures(page: Page): Promise<string[]> {
  await settled(page);
  const axe = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
  return axe.violations.flatMap((violation) =>
    violation.nodes.map((node) => {
      const data = node.any[0]?.data as { contrastRatio?: number; expectedContrastRatio?: string; fgColor?: string; bgColor?: string } | undefined;
      return `${data?.contrastRatio ?? '?'} < ${data?.expectedContrastRatio ?? '?'} (${data?.fgColor ?? '?'} on ${data?.bgColor ?? '?'}): ${node.html}`;
    }),
  );
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`every page and the add-pet dialog are legible in the ${colorScheme} scheme`, async ({ page, desk }) => {
    test.setTimeout(120_000);
    await seed(desk);
    await page.emulateMedia({ colorScheme });
    await openDesk(page, desk);
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', colorScheme);

    const failures: Record<string, string[]> = {};
    for (const { id, label } of PAGES) {
      await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`#/${id}$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('main .mantine-Loader')).toHaveCount(0);
      const found = await contrastFailures(page);
      if (found.length > 0) failures[label] = found;
    }

    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Pets', exact: true }).click();
    await page.getByRole('button', { name: 'Add pet', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Add a pet' })).toBeVisible();
    const found = await contrastFailures(page);
    if (found.length > 0) failures['Add a pet'] = found;

    expect(failures).toEqual({});
  });
}
