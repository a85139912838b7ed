/**
 * Changes typed on a page and not yet saved are never dropped without a word: going to another
 * page, another of a record's tabs or the other environment first asks "Leave without saving?".
 * Stay keeps every change where it was; Leave drops them, and the other environment's page starts
 * from its own data, never from this one's edits. A saved form leaves without a question.
 */
import type { Dialog } from '@playwright/test';
import { cliJson, expect, goTo, importPets, notification, openDesk, test } from './fixtures';

test('a pet record with a change unsaved asks before another page or tab; saved, it leaves at once', async ({
  page,
  desk,
}) => {
  const [pet] = await importPets(desk, [{ name: 'Biscuit', categoryId: 1 }]);
  await openDesk(page, desk);
  await page.evaluate((hash) => (window.location.hash = hash), `#/pets/${pet!.id}/profile`);
  const record = page.getByTestId('pet-record-page');
  const question = page.getByRole('dialog', { name: 'Leave without saving?' });
  await record.getByRole('combobox', { name: 'Sex' }).click();
  await page.getByRole('option', { name: 'Female', exact: true }).click();

  // Another page: asked; Stay keeps the page, its address and the change.
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'People', exact: true }).click();
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(question).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`#/pets/${pet!.id}/profile$`));
  await expect(record.getByRole('combobox', { name: 'Sex' })).toHaveValue('Female');

  // Another tab unmounts the profile: asked too.
  await record.getByRole('tab', { name: 'Photos' }).click();
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(record.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
  await expect(record.getByRole('combobox', { name: 'Sex' })).toHaveValue('Female');

  // Saved: nothing is asked any more, once the window has heard the save succeed.
  await record.getByRole('button', { name: 'Save profile' }).click();
  await expect(notification(page, 'Profile of Biscuit saved.')).toBeVisible();
  await expect
    .poll(
      async () =>
        (await cliJson<{ profile: { sex: string | null } }>(desk, 'pets', 'show', String(pet!.id))).profile.sex,
    )
    .toBe('female');
  await record.getByRole('tab', { name: 'Photos' }).click();
  await expect(record.getByTestId('add-photos')).toBeVisible();
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'People', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'People', exact: true })).toBeVisible();
  await expect(question).toHaveCount(0);
});

test('Back with a change unsaved asks; Stay leaves the history as it was, Leave goes back, and Forward returns', async ({
  page,
  desk,
}) => {
  const [pet] = await importPets(desk, [{ name: 'Biscuit', categoryId: 1 }]);
  await openDesk(page, desk);
  await goTo(page, 'Pets');
  await page.evaluate((hash) => (window.location.hash = hash), `#/pets/${pet!.id}/profile`);
  const record = page.getByTestId('pet-record-page');
  const question = page.getByRole('dialog', { name: 'Leave without saving?' });
  const sex = record.getByRole('combobox', { name: 'Sex' });
  await sex.click();
  await page.getByRole('option', { name: 'Female', exact: true }).click();
  const history = () => page.evaluate(() => ({ length: window.history.length, hash: window.location.hash }));
  const before = await history();

  await page.evaluate(() => window.history.back());
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(question).toBeHidden();
  await expect(sex).toHaveValue('Female');
  await expect.poll(history).toEqual(before);

  // Asked again, and left: the list the record was opened from, one step back.
  await page.evaluate(() => window.history.back());
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pets', exact: true })).toBeVisible();
  await expect(page).toHaveURL(/#\/pets$/);
  await page.evaluate(() => window.history.forward());
  await expect(page).toHaveURL(new RegExp(`#/pets/${pet!.id}/profile$`));
  await expect(record.getByRole('combobox', { name: 'Sex' })).not.toHaveValue('Female');
  await expect(question).toHaveCount(0);
});

test('the Shelter page with a change unsaved asks before the other environment; leaving drops the change there and here', async ({
  page,
  desk,
}) => {
  await openDesk(page, desk);
  await goTo(page, 'Shelter');
  const form = page.getByTestId('shelter-form');
  const terms = form.getByRole('textbox', { name: 'Adoption contract terms' });
  const question = page.getByRole('dialog', { name: 'Leave without saving?' });
  await terms.fill('Typed in production, never saved.');

  await page.getByTestId('environment-switch').getByText('Staging').click();
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(question).toBeHidden();
  await expect(page.getByTestId('environment-switch').locator('input[value="staging"]')).toBeChecked();
  // Staging's own shelter, not production's edit.
  await expect(page.getByTestId('shelter-form').getByRole('textbox', { name: 'Adoption contract terms' })).toHaveValue(
    '',
  );

  // Nothing unsaved in staging: back to production at once, where the edit was dropped too.
  await page.getByTestId('environment-switch').getByText('Production').click();
  await expect(question).toHaveCount(0);
  await expect(page.getByTestId('environment-switch').locator('input[value="production"]')).toBeChecked();
  await expect(page.getByTestId('shelter-form').getByRole('textbox', { name: 'Adoption contract terms' })).toHaveValue(
    '',
  );
  expect(await cliJson(desk, 'shelter', 'show')).toEqual({ logo: null, version: expect.any(Number) });
});

test('closing the tab or the desktop window with a change unsaved is held and asked; Leave closes, nothing held after', async ({
  page,
  desk,
}) => {
  // The desktop preload's window bridge, as src/preload/index.ts gives it: Electron cannot run here.
  await page.addInitScript(() => {
    const listeners = new Set<() => void>();
    const stand = window as unknown as { closes: number; holdClose: () => void; adoptionDeskWindow: unknown };
    stand.closes = 0;
    stand.holdClose = () => listeners.forEach((listener) => listener());
    stand.adoptionDeskWindow = {
      onCloseHeld: (listener: () => void) => (listeners.add(listener), () => void listeners.delete(listener)),
      close: () => ((stand.closes += 1), Promise.resolve()),
    };
  });
  await openDesk(page, desk);
  await goTo(page, 'Shelter');
  const terms = page.getByTestId('shelter-form').getByRole('textbox', { name: 'Adoption contract terms' });
  const question = page.getByRole('dialog', { name: 'Leave without saving?' });
  const holds = () =>
    page.evaluate(() => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    });
  expect(await holds()).toBe(false);
  await terms.fill('Typed, and the window closed.');

  // A browser tab: the page holds the close, and the browser asks in its own words.
  const asked = new Promise<Dialog>((resolve) => page.once('dialog', resolve));
  await page.close({ runBeforeUnload: true });
  const dialog = await asked;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.dismiss();
  await expect(terms).toHaveValue('Typed, and the window closed.');

  // The desktop window: the shell says the close was held, and the window asks in its own words.
  await page.evaluate(() => (window as unknown as { holdClose: () => void }).holdClose());
  await question.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(question).toBeHidden();
  await expect(terms).toHaveValue('Typed, and the window closed.');
  expect(await page.evaluate(() => (window as unknown as { closes: number }).closes)).toBe(0);
  await page.evaluate(() => (window as unknown as { holdClose: () => void }).holdClose());
  await question.getByRole('button', { name: 'Leave without saving' }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { closes: number }).closes)).toBe(1);
  expect(await holds()).toBe(false);
});

test('the follow-up delay emptied is refused under its field, not saved as 1, and the Outbox’s tabs ask before dropping it', async ({
  page,
  desk,
}) => {
  await openDesk(page, desk);
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Outbox', exact: true }).click();
  await page.getByRole('tab', { name: 'Settings' }).click();
  const panel = page.getByTestId('automation-panel');
  const days = panel.getByRole('textbox', { name: 'Follow-up after (days)' });
  await expect(days).toHaveValue('14');
  await days.fill('');
  await expect(days).toHaveValue('');
  await panel.getByRole('button', { name: 'Save the settings', exact: true }).click();
  await expect(days).toHaveAttribute('aria-invalid', 'true');
  await expect(days).toHaveValue('');
  // Another of the Outbox's tabs would drop the field: asked first.
  await page.getByRole('tab', { name: 'Messages', exact: true }).click();
  const question = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(page.getByRole('tab', { name: 'Settings' })).toHaveAttribute('aria-selected', 'true');
  await expect(days).toHaveValue('');
  await days.fill('21');
  await panel.getByRole('button', { name: 'Save the settings', exact: true }).click();
  await expect(days).not.toHaveAttribute('aria-invalid', 'true');
});
