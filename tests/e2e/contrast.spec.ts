/**
 * Every page of the window's navigation, a pet's and a person's record pages, and the add-pet
 * dialog pass axe's colour-contrast rule (WCAG 2 AA: 4.5:1, 3:1 for large text) in the light
 * scheme and in the dark one, with some data in them.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { cliJson, closeToasts, createKey, expect, importPets, openDesk, test, type DeskServer } from './fixtures';

/** Pets in three statuses, a person, an account with a key in use and a revoked one; the ids of a pet and of the person. */
async function seed(desk: DeskServer): Promise<{ petId: number; personId: number }> {
  const [pet] = await importPets(desk, [
    { name: 'Biscuit', categoryId: 1 },
    { name: 'Luna', categoryId: 2, status: 'pending' },
    { name: 'Kiwi', categoryId: 4, status: 'sold' },
  ]);
  const { person } = await cliJson<{ person: { id: number } }>(
    desk,
    'people',
    'add',
    '--name',
    'Zoë Müller',
    '--email',
    'zoe@example.test',
    '--role',
    'adopter',
  );
  await createKey(desk, '--plan', 'pro', '--label', 'Happy Tails app');
  const [account] = await cliJson<{ id: number }[]>(desk, 'accounts', 'list');
  await createKey(desk, '--account', String(account!.id), '--label', 'Old integration');
  const keys = await cliJson<{ id: number; label: string }[]>(desk, 'keys', 'list');
  await desk.cli('keys', 'revoke', String(keys.find((key) => key.label === 'Old integration')!.id));
  return { petId: pet!.id, personId: person.id };
}

/** Colours are read once the window is still: no fade or slide half-way (a loader's endless spin does not count). */
async function settled(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document
            .getAnimations()
            .filter(
              (animation) =>
                animation.playState === 'running' && animation.effect?.getComputedTiming().iterations !== Infinity,
            ).length,
      ),
    )
    .toBe(0);
}

/** Each element axe finds too faint, with the ratio it measured and the one it needs. */
async function contrastFailures(page: Page): Promise<string[]> {
  await settled(page);
  const axe = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
  return axe.violations.flatMap((violation) =>
    violation.nodes.map((node) => {
      const data = node.any[0]?.data as
        { contrastRatio?: number; expectedContrastRatio?: string; fgColor?: string; bgColor?: string } | undefined;
      return `${data?.contrastRatio ?? '?'} < ${data?.expectedContrastRatio ?? '?'} (${data?.fgColor ?? '?'} on ${data?.bgColor ?? '?'}): ${node.html}`;
    }),
  );
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`every page, the record pages, the add-pet dialog and the lab clock's banner are legible in the ${colorScheme} scheme`, async ({
    page,
    desk,
  }) => {
    test.setTimeout(120_000);
    const { petId, personId } = await seed(desk);
    await page.emulateMedia({ colorScheme });
    await openDesk(page, desk);
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', colorScheme);

    const failures: Record<string, string[]> = {};
    // The pages are the navigation's (app/pages.ts lists them with their views, which only a browser loads): the desk opens every one.
    const links = page.getByRole('navigation', { name: 'Pages' }).getByRole('link');
    const pages = await links.evaluateAll((anchors) =>
      anchors.map((anchor) => ({
        id: anchor.getAttribute('href')?.replace('#/', ''),
        label: anchor.textContent ?? '',
      })),
    );
    expect(pages.map(({ id }) => id)).toContain('accounts');
    for (const { id, label } of pages) {
      await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: label, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: label, exact: true })).toBeVisible();
      await expect(page.locator('main .mantine-Loader')).toHaveCount(0);
      if (id === 'accounts') {
        await page.getByRole('button', { name: 'Show keys of Happy Tails app', exact: true }).click();
        await expect(page.getByTestId('keys-panel').getByTestId('key-state')).toHaveText(['active', 'revoked']);
      }
      const found = await contrastFailures(page);
      if (found.length > 0) failures[label] = found;
    }

    // The record pages the Pets and People lists open.
    for (const { name, address } of [
      { name: 'Biscuit', address: `#/pets/${petId}` },
      { name: 'Zoë Müller', address: `#/people/${personId}` },
    ]) {
      await page.evaluate((hash) => (window.location.hash = hash), address);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(page.locator('main .mantine-Loader')).toHaveCount(0);
      const found = await contrastFailures(page);
      if (found.length > 0) failures[name] = found;
    }

    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Pets', exact: true }).click();
    await page.getByRole('button', { name: 'Add pet', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a pet' });
    await expect(dialog).toBeVisible();
    const found = await contrastFailures(page);
    if (found.length > 0) failures['Add a pet'] = found;
    // Saved empty: the rules' words under the fields, in the error colour.
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(dialog.locator('.mantine-InputWrapper-error').first()).toBeVisible();
    const refused = await contrastFailures(page);
    if (refused.length > 0) failures['Add a pet, saved empty'] = refused;
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(dialog).toBeHidden();

    // The lab clock's orange banner, on top of every page while it is on.
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Quota lab', exact: true }).click();
    await page.getByRole('switch', { name: 'Lab clock on' }).click();
    await expect(page.getByTestId('lab-clock-banner')).toBeVisible();
    // Its toast closed as staff would, rather than read after waiting out its countdown.
    await closeToasts(page);
    const banner = await contrastFailures(page);
    if (banner.length > 0) failures['Quota lab, clock on'] = banner;

    expect(failures).toEqual({});
  });
}
