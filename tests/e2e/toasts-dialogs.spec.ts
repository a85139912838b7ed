/**
 * Toasts close by themselves (hovering pauses them) and never cover an open dialog's buttons; a
 * dialog's own failure is said inside it, above its buttons, not in a toast. Dialogs and drawers
 * appear where they stay, so a click made as one opens lands on what it was aimed at; a click beside
 * a dialog leaves it open with what was typed in it.
 */
import type { Locator, Page } from '@playwright/test';
import { callApi, cliJson, createKey, expect, goTo, importPets, openDesk, test, withoutLiveUpdates } from './fixtures';

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 1000, height: 700 },
];

/** Read by the notify module at load: shortened so the test polls for the close instead of sleeping through 8 s. */
async function toastDurations(page: Page, durations: { success: number; problem: number }): Promise<void> {
  await page.addInitScript(
    (value) => window.sessionStorage.setItem('adoption-desk:toast-ms', value),
    JSON.stringify(durations),
  );
}

function toasts(page: Page): Locator {
  return page.locator('.mantine-Notifications-root').getByRole('alert');
}

/** The point a click on `button` lands on belongs to it: nothing (a toast) lies over it, it is inside the window and not cut. */
async function expectReachable(button: Locator): Promise<void> {
  await expect(button).toBeVisible();
  const problems = await button.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const found: string[] = [];
    if (box.left < 0 || box.top < 0 || box.right > window.innerWidth || box.bottom > window.innerHeight)
      found.push('outside the window');
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    if (hit === null || !element.contains(hit)) found.push(`covered by ${hit?.className ?? 'nothing'}`);
    // The label, not the button: a button's loader overlay, parked outside it, widens its scroll area.
    const label = element.querySelector('.mantine-Button-label') ?? element;
    if (label.scrollWidth > label.clientWidth) found.push(`label cut (${label.scrollWidth} > ${label.clientWidth})`);
    return found;
  });
  expect(problems).toEqual([]);
}

type Desk = Parameters<typeof importPets>[0];

/** Pets listed by the page, to be removed behind its back. */
async function listedPets(page: Page, desk: Desk, names: string[]): Promise<{ id: number; name: string }[]> {
  const pets = await importPets(
    desk,
    names.map((name) => ({ name, categoryId: 1 })),
  );
  // The page must keep listing them once removed, so it hears no live updates.
  await withoutLiveUpdates(page);
  await openDesk(page, desk);
  for (const name of names)
    await expect(page.getByRole('button', { name: `Change status of ${name} (now available)` })).toBeVisible();
  return pets;
}

/** Refusals outside any dialog, one toast each: the CLI removes the pet after the page listed it, then the page marks it. */
async function failStatusChanges(page: Page, desk: Desk, pets: { id: number; name: string }[]): Promise<void> {
  for (const pet of pets) {
    await desk.cli('pets', 'remove', String(pet.id));
    await page.getByRole('button', { name: `Change status of ${pet.name} (now available)` }).click();
    await page.getByRole('menuitem', { name: 'pending', exact: true }).click();
    await expect(toasts(page).filter({ hasText: `Pet ${pet.id} does not exist.` })).toContainText('Not found');
    // The refusal makes the page read its list again, which drops the pet: only then is the next one
    // removed, or that read would drop it too before its turn.
    await expect(page.getByRole('button', { name: `Change status of ${pet.name} (now available)` })).toHaveCount(0);
  }
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.beforeEach(async ({ page }) => page.setViewportSize(viewport));

    test('a failure of a dialog’s call is shown inside it, under its field or above its buttons, and no toast', async ({
      page,
      desk,
    }) => {
      const ferrets = await cliJson<{ id: number }>(desk, 'categories', 'add', 'Ferrets');
      const otters = await cliJson<{ id: number }>(desk, 'categories', 'add', 'Otters');
      await openDesk(page, desk);
      await page.getByRole('button', { name: 'Add pet', exact: true }).click();
      const addDialog = page.getByRole('dialog', { name: 'Add a pet' });
      await addDialog.getByLabel('Name').fill('Slinky');
      await addDialog.getByRole('combobox', { name: 'Category' }).click();
      await page.getByRole('option', { name: 'Ferrets', exact: true }).click();
      // The category goes while the dialog is open: the engine refuses the field, and it is said under it.
      await desk.cli('categories', 'remove', String(ferrets.id));
      await addDialog.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(addDialog.getByText(`${ferrets.id} is not an existing category`)).toBeVisible();
      await expect(addDialog.getByRole('combobox', { name: 'Category' })).toHaveAttribute('aria-invalid', 'true');
      await expect(toasts(page)).toHaveCount(0);
      await expectReachable(addDialog.getByRole('button', { name: 'Save', exact: true }));
      await addDialog.getByRole('button', { name: 'Cancel', exact: true }).click();
      await expect(addDialog).toBeHidden();

      // A failure about no field (the category itself is gone): in an alert above the dialog's buttons.
      await page.getByRole('tab', { name: 'Categories' }).click();
      await page.getByTestId('categories-table').getByRole('button', { name: 'Rename Otters', exact: true }).click();
      const renameDialog = page.getByRole('dialog', { name: 'Rename Otters' });
      await renameDialog.getByLabel('Category name').fill('Sea otters');
      await desk.cli('categories', 'remove', String(otters.id));
      await renameDialog.getByRole('button', { name: 'Rename', exact: true }).click();
      const failure = renameDialog.getByTestId('dialog-failure');
      await expect(failure).toContainText('Not found');
      await expect(renameDialog.getByLabel('Category name')).toHaveValue('Sea otters');
      await expect(toasts(page)).toHaveCount(0);
      const rename = renameDialog.getByRole('button', { name: 'Rename', exact: true });
      await expectReachable(rename);
      await expectReachable(renameDialog.getByRole('button', { name: 'Cancel', exact: true }));
      expect((await failure.boundingBox())!.y + (await failure.boundingBox())!.height).toBeLessThanOrEqual(
        (await rename.boundingBox())!.y,
      );
    });

    test('toasts close by themselves, sooner for a success; hovering one pauses it', async ({ page, desk }) => {
      await toastDurations(page, { success: 1_000, problem: 2_500 });
      await failStatusChanges(page, desk, await listedPets(page, desk, ['Ghost']));
      const refusal = toasts(page).filter({ hasText: 'Not found' });
      await expect(refusal).toHaveCount(1);

      // Hovered, its countdown stops (Mantine pauses every toast while one is hovered) …
      await refusal.hover();
      await expect(refusal.locator('[data-paused]')).toBeAttached();
      // … and runs again once the pointer leaves: it closes on its own.
      await page.mouse.move(0, 0);
      await expect(refusal.locator('[data-paused]')).toHaveCount(0);
      await expect(refusal).toBeHidden({ timeout: 2_500 + 3_000 });

      // A success goes sooner.
      await page.getByRole('button', { name: 'Add pet', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a pet' });
      await dialog.getByLabel('Name').fill('Biscuit');
      await dialog.getByRole('combobox', { name: 'Category' }).click();
      await page.getByRole('option', { name: 'Dogs', exact: true }).click();
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      const joined = toasts(page).filter({ hasText: 'Biscuit joined the shelter' });
      await expect(joined).toBeVisible();
      await expect(joined).toBeHidden({ timeout: 1_000 + 3_000 });
    });

    test('toasts never cover the buttons of a dialog opened while they show', async ({ page, desk }) => {
      // Long enough that the toasts are still there when the dialog opens.
      await toastDurations(page, { success: 60_000, problem: 60_000 });
      await failStatusChanges(page, desk, await listedPets(page, desk, ['Ghost', 'Phantom', 'Spectre', 'Wisp']));

      await page.getByRole('button', { name: 'Add pet', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a pet' });
      await expectReachable(dialog.getByRole('button', { name: 'Save', exact: true }));
      await expectReachable(dialog.getByRole('button', { name: 'Cancel', exact: true }));
      await expectReachable(dialog.getByRole('button', { name: 'Close', exact: true }));
    });
  });
}

/**
 * What `open` makes appear keeps one box on every frame, from its first until it is wholly opaque. A
 * dialog that slid in would be hit by a click at one place on mousedown and another on mouseup, and
 * the click would be lost (a tick not ticked, the box focused).
 */
async function expectStillWhileOpening(
  page: Page,
  what: string,
  selector: string,
  open: () => Promise<void>,
): Promise<void> {
  const recording = page.evaluate(
    (watched) =>
      new Promise<string[]>((resolve) => {
        const boxes: string[] = [];
        const frame = () => {
          const element = document.querySelector(watched);
          if (element) {
            const box = element.getBoundingClientRect();
            boxes.push(`${box.x},${box.y},${box.width},${box.height}`);
            if (getComputedStyle(element).opacity === '1') return resolve(boxes);
          }
          requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
    selector,
  );
  await open();
  const boxes = await recording;
  expect(boxes.length, `the ${what} was seen opening`).toBeGreaterThan(0);
  expect(new Set(boxes), `the ${what} did not move while it opened`).toEqual(new Set([boxes[0]]));
}

test('a dialog and a drawer appear where they stay: a click made as one opens is not lost', async ({ page, desk }) => {
  const key = await createKey(desk, '--plan', 'free', '--label', 'Blog');
  expect((await callApi(desk.apiUrl.production, '/pets', key)).status).toBe(200);
  await openDesk(page, desk);
  await expectStillWhileOpening(page, 'dialog', '.mantine-Modal-content', () =>
    page.getByRole('button', { name: 'Add pet', exact: true }).click(),
  );
  await page.getByRole('dialog', { name: 'Add a pet' }).getByRole('button', { name: 'Cancel', exact: true }).click();

  await goTo(page, 'Requests');
  await expectStillWhileOpening(page, 'drawer', '.mantine-Drawer-content', () =>
    page.getByTestId('request-row').first().click(),
  );
});

test('a click beside a dialog keeps it open with what was typed; Cancel, its × and Escape close it', async ({
  page,
  desk,
}) => {
  await openDesk(page, desk);
  const dialog = page.getByRole('dialog', { name: 'Add a pet' });
  await page.getByRole('button', { name: 'Add pet', exact: true }).click();
  await dialog.getByLabel('Name').fill('Biscuit');
  // A stray click on the overlay, beside the dialog: the dialog stays, the name in it, and the pet
  // can still be finished and saved. A dialog that closed would be gone by the time of the save.
  await page.mouse.click(5, 5);
  await dialog.getByLabel('Name').press('End');
  await dialog.getByLabel('Name').pressSequentially(' the Brave');
  await dialog.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Dogs', exact: true }).click();
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toBeHidden();
  expect((await cliJson<{ name: string }[]>(desk, 'pets', 'list')).map((pet) => pet.name)).toEqual([
    'Biscuit the Brave',
  ]);

  await page.getByRole('button', { name: 'Add pet', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Add pet', exact: true }).click();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Add pet', exact: true }).click();
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(dialog).toBeHidden();
});
