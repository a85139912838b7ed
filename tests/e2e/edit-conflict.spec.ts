import type { Page } from '@playwright/test';
import type { PetDetails } from '../../src/shared/pet-profile';
import { cliJson, expect, importPets, notification, openDesk, test, type DeskServer } from './fixtures';
import { expectNothingCut } from './viewports';

/*
 * No lost updates, as two desks would meet one: two browsers on one `serve --admin`
 * edit the same pet's profile at 1000×700. The second save is refused inside the form, which shows
 * who changed it and the fields side by side; "Save mine over theirs" wins on purpose, and "Use
 * their version" puts the stored profile in the form.
 */

const SIZE = { width: 1000, height: 700 };
test.use({ viewport: SIZE });
test.setTimeout(120_000);

async function openProfile(page: Page, desk: DeskServer, petId: number): Promise<void> {
  await openDesk(page, desk);
  await page.evaluate((id) => {
    window.location.hash = `#/pets/${id}`;
  }, petId);
  const record = page.getByTestId('pet-record-page');
  await record.getByRole('tab', { name: 'Profile' }).click();
  await expect(record.getByTestId('pet-profile-form')).toBeVisible();
}

const field = (page: Page, label: string) =>
  page.getByTestId('pet-profile-form').getByRole('textbox', { name: label, exact: true });
/** The "saved" toast sits over the form's buttons at 1000×700: seen, then closed. */
async function saved(page: Page): Promise<void> {
  const toast = notification(page, 'Profile of Biscuit saved.');
  await expect(toast).toBeVisible();
  await toast.getByRole('button').click();
  await expect(toast).toBeHidden();
}

const save = (page: Page) => page.getByTestId('pet-profile-form').getByRole('button', { name: 'Save profile' }).click();

test('two desks save one profile: the second sees both versions and who, keeps theirs or mine on purpose', async ({
  page,
  browser,
  desk,
}) => {
  const [biscuit] = await importPets(desk, [{ name: 'Biscuit', categoryId: 1 }]);
  const id = biscuit!.id;
  const other = await browser.newContext({ viewport: SIZE });
  const second = await other.newPage();
  try {
    await openProfile(page, desk, id);
    await openProfile(second, desk, id);

    // Both desks are typing: an untouched form would follow the other's save (live updates), a typed one keeps its version.
    await field(second, 'Primary breed').fill('Collie');
    await field(second, 'Colour').fill('tan');
    await field(page, 'Primary breed').fill('Beagle');
    await save(page);
    await saved(page);

    await save(second);
    const conflict = second.getByTestId('edit-conflict');
    await expect(conflict).toBeVisible();
    await expect(conflict.getByTestId('edit-conflict-who')).toContainText('The desk changed it on');
    const beagleRow = conflict.getByRole('row', { name: /Primary breed/ });
    await expect(beagleRow.getByRole('cell')).toHaveText(['Primary breed', 'Beagle', 'Collie']);
    await expect(conflict.getByRole('row', { name: /Colour/ }).getByRole('cell')).toHaveText(['Colour', '—', 'tan']);
    // What was typed stays in the form until a way on is chosen.
    await expect(field(second, 'Primary breed')).toHaveValue('Collie');
    await conflict.scrollIntoViewIfNeeded();
    await expectNothingCut(second);
    expect((await cliJson<PetDetails>(desk, 'pets', 'show', String(id))).profile).toEqual({ breedPrimary: 'Beagle' });

    // The first desk goes on typing meanwhile: its form is now behind the save that follows.
    await field(page, 'Colour').fill('black');
    await conflict.getByRole('button', { name: 'Save mine over theirs' }).click();
    await saved(second);
    await expect(conflict).toBeHidden();
    expect((await cliJson<PetDetails>(desk, 'pets', 'show', String(id))).profile).toEqual({
      breedPrimary: 'Collie',
      color: 'tan',
    });

    // Its next save is refused in turn, and it takes theirs.
    await save(page);
    const behind = page.getByTestId('edit-conflict');
    await expect(behind.getByRole('row', { name: /Primary breed/ }).getByRole('cell')).toHaveText([
      'Primary breed',
      'Collie',
      'Beagle',
    ]);
    await expect(behind.getByRole('row', { name: /Colour/ }).getByRole('cell')).toHaveText(['Colour', 'tan', 'black']);
    await behind.getByRole('button', { name: 'Use their version' }).click();
    await expect(behind).toBeHidden();
    await expect(field(page, 'Primary breed')).toHaveValue('Collie');
    await expect(field(page, 'Colour')).toHaveValue('tan');
    expect((await cliJson<PetDetails>(desk, 'pets', 'show', String(id))).profile).toEqual({
      breedPrimary: 'Collie',
      color: 'tan',
    });

    // Reloaded, it saves from the current version.
    await field(page, 'Colour').fill('black');
    await save(page);
    await saved(page);
    expect((await cliJson<PetDetails>(desk, 'pets', 'show', String(id))).profile).toEqual({
      breedPrimary: 'Collie',
      color: 'black',
    });
  } finally {
    await other.close();
  }
});

/** Bea's dialog with notes typed in while the CLI changes her email on the server itself, then saved: the conflict it meets. */
async function beaEditedMeanwhile(page: Page, desk: DeskServer) {
  const person = (
    await cliJson<{ person: { id: number } }>(desk, 'people', 'add', '--name', 'Bea Busy', '--email', 'bea@example.org')
  ).person;
  await openDesk(page, desk);
  await page.evaluate((id) => {
    window.location.hash = `#/people/${id}`;
  }, person.id);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Bea Busy' });
  await dialog.getByRole('textbox', { name: 'Notes' }).fill('Prefers older dogs');
  await desk.cli('people', 'edit', String(person.id), '--email', 'bea.busy@example.org');
  await dialog.getByRole('button', { name: 'Save' }).click();
  return { person, dialog, conflict: dialog.getByTestId('edit-conflict') };
}

test("a person's dialog over a CLI edit: changed outside the admin pages, their version taken, then saved", async ({
  page,
  desk,
}) => {
  const { person, dialog, conflict } = await beaEditedMeanwhile(page, desk);
  await expect(conflict.getByTestId('edit-conflict-who')).toContainText('It was changed outside the admin pages');
  await expect(conflict.getByRole('row', { name: /Email/ }).getByRole('cell')).toHaveText([
    'Email',
    'bea.busy@example.org',
    'bea@example.org',
  ]);
  await expect(conflict.getByRole('row', { name: /Notes/ }).getByRole('cell')).toHaveText([
    'Notes',
    '—',
    'Prefers older dogs',
  ]);
  await expectNothingCut(page, dialog);

  await conflict.getByRole('button', { name: 'Use their version' }).click();
  await expect(conflict).toBeHidden();
  await expect(dialog.getByRole('textbox', { name: 'Email' })).toHaveValue('bea.busy@example.org');
  await expect(dialog.getByRole('textbox', { name: 'Notes' })).toHaveValue('');
  await dialog.getByRole('textbox', { name: 'Notes' }).fill('Prefers older dogs');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  expect(
    (await cliJson<{ person: { email: string; notes: string } }>(desk, 'people', 'show', String(person.id))).person,
  ).toMatchObject({ email: 'bea.busy@example.org', notes: 'Prefers older dogs' });
});

test('"Save mine over theirs" saves only the fields this desk changed: the colour set meanwhile stays, and the panel shows above the form', async ({
  page,
  desk,
}) => {
  const [biscuit] = await importPets(desk, [{ name: 'Biscuit', categoryId: 1 }]);
  const id = biscuit!.id;
  await openProfile(page, desk, id);
  await field(page, 'Primary breed').fill('Beagle');
  // Meanwhile the colour is set elsewhere: a field this desk never touched.
  await desk.cli('pets', 'profile', 'set', String(id), '--color', 'tan');
  await save(page);
  const conflict = page.getByTestId('edit-conflict');
  await expect(conflict.getByRole('row', { name: /Colour/ }).getByRole('cell')).toHaveText(['Colour', 'tan', '—']);
  const [panelBox, firstFieldBox] = await Promise.all([
    conflict.boundingBox(),
    field(page, 'Primary breed').boundingBox(),
  ]);
  expect(panelBox!.y + panelBox!.height).toBeLessThanOrEqual(firstFieldBox!.y);
  await expect(conflict).toBeInViewport();

  await conflict.getByRole('button', { name: 'Save mine over theirs' }).click();
  await saved(page);
  await expect(conflict).toBeHidden();
  expect((await cliJson<PetDetails>(desk, 'pets', 'show', String(id))).profile).toEqual({
    breedPrimary: 'Beagle',
    color: 'tan',
  });
  await expect(field(page, 'Colour')).toHaveValue('tan');
});

test('a person\'s dialog: "Save mine over theirs" keeps the email the CLI changed and saves the notes typed here', async ({
  page,
  desk,
}) => {
  const { person, dialog, conflict } = await beaEditedMeanwhile(page, desk);
  // Measured once the panel is in: the Name field's box read before the save's answer lies above it.
  await expect(conflict).toBeVisible();
  const [panelBox, nameBox] = await Promise.all([
    conflict.boundingBox(),
    dialog.getByRole('textbox', { name: 'Name' }).boundingBox(),
  ]);
  expect(panelBox!.y + panelBox!.height).toBeLessThanOrEqual(nameBox!.y);
  await conflict.getByRole('button', { name: 'Save mine over theirs' }).click();
  await expect(dialog).toBeHidden();
  expect(
    (await cliJson<{ person: { email: string; notes: string } }>(desk, 'people', 'show', String(person.id))).person,
  ).toMatchObject({ email: 'bea.busy@example.org', notes: 'Prefers older dogs' });
});

test('in French, the conflict panel speaks French: who changed it, the fields, and the ways on', async ({
  page,
  browser,
  desk,
}) => {
  const [biscuit] = await importPets(desk, [{ name: 'Biscuit', categoryId: 1 }]);
  const id = biscuit!.id;
  const other = await browser.newContext({ viewport: SIZE });
  const french = await other.newPage();
  try {
    await openProfile(page, desk, id);
    const url = new URL(desk.adminUrl);
    url.searchParams.set('lang', 'fr');
    await french.goto(url.toString());
    await expect(french.locator('html[lang="fr"][data-ready="true"]')).toBeAttached();
    await french.evaluate((pet) => (window.location.hash = `#/pets/${pet}`), id);
    await french.getByTestId('pet-record-page').getByRole('tab', { name: 'Profil' }).click();

    await french
      .getByTestId('pet-profile-form')
      .getByRole('textbox', { name: 'Race principale', exact: true })
      .fill('Colley');
    await field(page, 'Primary breed').fill('Beagle');
    await save(page);
    await saved(page);

    await french.getByTestId('pet-profile-form').getByRole('button', { name: 'Enregistrer le profil' }).click();
    const conflict = french.getByTestId('edit-conflict');
    await expect(conflict).toBeVisible();
    await expect(conflict).toContainText('Modifié depuis que vous l’avez ouvert');
    await expect(conflict.getByTestId('edit-conflict-who')).toContainText('Le poste principal l’a modifiée le');
    await expect(conflict.getByRole('row', { name: /Race principale/ }).getByRole('cell')).toHaveText([
      'Race principale',
      'Beagle',
      'Colley',
    ]);
    await expect(conflict.getByRole('button', { name: 'Garder leur version' })).toBeVisible();
    await expect(conflict.getByRole('button', { name: 'Enregistrer la mienne par-dessus' })).toBeVisible();
    await conflict.scrollIntoViewIfNeeded();
    await expectNothingCut(french);
  } finally {
    await other.close();
  }
});
