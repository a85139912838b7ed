import {
  callApi,
  cliJson,
  createKey,
  expect,
  importPets,
  notification,
  openDesk,
  test,
  withoutLiveUpdates,
} from './fixtures';

interface Pet {
  id: number;
  name: string;
  categoryId: number;
  status: 'available' | 'pending' | 'sold';
}

const DOGS = 1;
const CATS = 2;

test('a pet added in the window is served by the public API; edit, status change with history, delete', async ({
  page,
  desk,
}) => {
  const key = await createKey(desk, '--plan', 'free');
  await openDesk(page, desk);

  // Add a pet through the dialog.
  await page.getByRole('button', { name: 'Add pet', exact: true }).click();
  const addDialog = page.getByRole('dialog', { name: 'Add a pet' });
  await addDialog.getByLabel('Name').fill('Biscuit');
  await addDialog.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Dogs', exact: true }).click();
  const statusGroup = addDialog.getByRole('radiogroup', { name: 'Status' });
  await expect(statusGroup.getByRole('radio', { name: 'available' })).toBeChecked();
  await addDialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(addDialog).toBeHidden();
  await expect(page.getByTestId('pets-total')).toHaveText('1 pet');

  // Read it back as an API client.
  const listed = await callApi(desk.apiUrl.production, '/pets', key);
  expect(listed.status).toBe(200);
  expect(listed.body).toHaveLength(1);
  const pet = listed.body[0] as Pet;
  expect(pet).toEqual({ id: expect.any(Number), name: 'Biscuit', categoryId: DOGS, status: 'available' });
  const row = page.getByTestId(`pet-row-${pet.id}`);
  await expect(row).toContainText('Biscuit');
  await expect(row).toContainText('Dogs');
  await expect(row.getByTestId('pet-status')).toHaveText('available');

  // Edit its name and category.
  await row.getByRole('button', { name: 'Edit Biscuit', exact: true }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit Biscuit' });
  await expect(editDialog.getByLabel('Name')).toHaveValue('Biscuit');
  await editDialog.getByLabel('Name').fill('Biscuit the Brave');
  await editDialog.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Cats', exact: true }).click();
  await editDialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(editDialog).toBeHidden();
  await expect(row).toContainText('Biscuit the Brave');
  await expect(row).toContainText('Cats');
  expect((await callApi(desk.apiUrl.production, `/pets/${pet.id}`, key)).body).toEqual({
    ...pet,
    name: 'Biscuit the Brave',
    categoryId: CATS,
  });

  // Change its status: available → pending, then see the history.
  await row.getByRole('button', { name: 'Change status of Biscuit the Brave (now available)', exact: true }).click();
  await page.getByRole('menuitem', { name: 'pending', exact: true }).click();
  await expect(
    row.getByRole('button', { name: 'Change status of Biscuit the Brave (now pending)', exact: true }),
  ).toBeVisible();
  await expect(row.getByTestId('pet-status')).toHaveText('pending');
  expect((await callApi(desk.apiUrl.production, `/pets/${pet.id}`, key)).body.status).toBe('pending');

  // The status menu's "Status history" opens the pet's record at its history.
  await row.getByRole('button', { name: 'Change status of Biscuit the Brave (now pending)', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Status history', exact: true }).click();
  const history = page.getByTestId('pet-history');
  await expect(history).toBeVisible();
  // Newest first: available → pending, then "Arrived as available".
  await expect(history.getByTestId('pet-status')).toHaveText(['available', 'pending', 'available']);
  await expect(history).toContainText('Arrived as');
  await page.getByRole('link', { name: 'Back to the pets' }).click();
  await expect(history).toBeHidden();

  // Delete it, with confirmation.
  await row.getByRole('button', { name: 'Delete Biscuit the Brave', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Biscuit the Brave?' });
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(row).toHaveCount(0);
  await expect(page.getByTestId('pets-total')).toHaveText('0 pets');
  expect((await callApi(desk.apiUrl.production, `/pets/${pet.id}`, key)).status).toBe(404);
});

test('a status chosen when adding is what the API serves', async ({ page, desk }) => {
  const key = await createKey(desk, '--plan', 'free');
  await openDesk(page, desk);
  await page.getByRole('button', { name: 'Add pet', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a pet' });
  await dialog.getByLabel('Name').fill('Whiskers');
  await dialog.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Cats', exact: true }).click();
  await dialog.getByRole('radiogroup', { name: 'Status' }).getByText('adopted', { exact: true }).click();
  await expect(dialog.getByRole('radio', { name: 'adopted' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('pets-total')).toHaveText('1 pet');

  const sold = await callApi(desk.apiUrl.production, '/pets?status=sold', key);
  expect(sold.body).toEqual([{ id: expect.any(Number), name: 'Whiskers', categoryId: CATS, status: 'sold' }]);
  expect((await callApi(desk.apiUrl.production, '/pets?status=available', key)).body).toEqual([]);
});

test('search by name narrows the table', async ({ page, desk }) => {
  const names = ['Luna', 'Lucky', 'Max', 'Bella', 'Charlie'];
  const pets = await importPets(
    desk,
    names.map((name) => ({ name, categoryId: DOGS })),
  );
  await openDesk(page, desk);

  const rows = page.getByTestId(/^pet-row-/);
  await expect(page.getByTestId('pets-total')).toHaveText('5 pets');
  await expect(rows).toHaveCount(5);

  const search = page.getByRole('textbox', { name: 'Search by name' });
  await search.fill('lu');
  await expect(page.getByTestId('pets-total')).toHaveText('2 pets');
  await expect(rows).toHaveCount(2);
  const byName = (name: string) => page.getByTestId(`pet-row-${pets.find((pet) => pet.name === name)?.id}`);
  await expect(byName('Luna')).toBeVisible();
  await expect(byName('Lucky')).toBeVisible();
  await expect(byName('Max')).toHaveCount(0);

  await search.fill('Max');
  await expect(page.getByTestId('pets-total')).toHaveText('1 pet');
  await expect(rows).toHaveCount(1);
  await expect(byName('Max')).toBeVisible();

  await search.fill('Nobody');
  await expect(page.getByTestId('pets-total')).toHaveText('0 pets');
  await expect(page.getByText('No pets match')).toBeVisible();

  await search.fill('');
  await expect(rows).toHaveCount(5);
});

test('categories: add, rename, a name taken, and one in use cannot be removed', async ({ page, desk }) => {
  await desk.cli('pets', 'add', '--name', 'Rex', '--category', String(DOGS));
  // The CLI files a pet under a category behind the page's back below: the page must not hear of it.
  await withoutLiveUpdates(page);
  await openDesk(page, desk);
  await page.getByRole('tab', { name: 'Categories' }).click();
  const table = page.getByTestId('categories-table');
  await expect(table.getByRole('row', { name: /Dogs/ })).toBeVisible();

  // Add.
  await page.getByRole('button', { name: 'Add category', exact: true }).click();
  const addDialog = page.getByRole('dialog', { name: 'Add a category' });
  await addDialog.getByLabel('Category name').fill('Reptiles');
  await addDialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(addDialog).toBeHidden();
  await expect(table.getByRole('button', { name: 'Rename Reptiles', exact: true })).toBeVisible();

  // A name already taken (in any case) is refused under the field, the dialog stays open, no toast.
  await page.getByRole('button', { name: 'Add category', exact: true }).click();
  await addDialog.getByLabel('Category name').fill('dogs');
  await addDialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(
    addDialog.getByText('Category 1 is already named "Dogs"; category names must differ in more than case.'),
  ).toBeVisible();
  await expect(addDialog.getByLabel('Category name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('.mantine-Notifications-root').getByRole('alert')).toHaveCount(0);
  await addDialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(addDialog).toBeHidden();

  // Rename.
  await table.getByRole('button', { name: 'Rename Reptiles', exact: true }).click();
  const renameDialog = page.getByRole('dialog', { name: 'Rename Reptiles' });
  await expect(renameDialog.getByLabel('Category name')).toHaveValue('Reptiles');
  await renameDialog.getByLabel('Category name').fill('Reptiles & amphibians');
  await renameDialog.getByRole('button', { name: 'Rename', exact: true }).click();
  await expect(renameDialog).toBeHidden();
  await expect(table.getByRole('button', { name: 'Rename Reptiles & amphibians', exact: true })).toBeVisible();
  await expect(table.getByRole('button', { name: 'Rename Reptiles', exact: true })).toHaveCount(0);
  const categories = await cliJson<{ id: number; name: string }[]>(desk, 'categories', 'list');
  const reptiles = categories.find((category) => category.name === 'Reptiles & amphibians');
  expect(reptiles).toBeDefined();

  // Dogs holds Rex: its Remove button is disabled, and says why.
  const removeDogs = table.getByRole('button', { name: 'Remove Dogs', exact: true });
  await expect(removeDogs).toBeDisabled();
  // In a 1280×800 window the pointer, left where the dialog's Rename button was, rests on another
  // row's Remove button: move it off first so that button's tooltip is gone.
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await removeDogs.hover();
  await expect(page.getByRole('tooltip')).toHaveText('In use by 1 pet: move it to another category first');
  await removeDogs.click({ force: true });
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // A pet filed under Reptiles by the CLI after the page loaded: the engine refuses, titled as a refusal.
  await desk.cli('pets', 'add', '--name', 'Iggy', '--category', String(reptiles!.id));
  await table.getByRole('button', { name: 'Remove Reptiles & amphibians', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Remove the category Reptiles & amphibians?' })
    .getByRole('button', { name: 'Remove', exact: true })
    .click();
  const refusal = notification(page, 'Reptiles & amphibians still has 1 pet; move or remove it first.');
  await expect(refusal).toBeVisible();
  await expect(refusal).toContainText('Not possible');
  await expect(table.getByRole('button', { name: 'Remove Reptiles & amphibians', exact: true })).toBeDisabled();

  // An unused category goes.
  await table.getByRole('button', { name: 'Remove Birds', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Remove the category Birds?' })
    .getByRole('button', { name: 'Remove', exact: true })
    .click();
  await expect(table.getByRole('button', { name: 'Remove Birds', exact: true })).toHaveCount(0);
  await expect(notification(page, 'Category “Birds” removed.')).toBeVisible();
});
