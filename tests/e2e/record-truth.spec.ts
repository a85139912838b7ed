/**
 * What the window says about an animal's movements is what happened: an expired reservation is not
 * "Active" and is not counted as reserved on Today.
 */
import type { Stay } from '../../src/shared/movements';
import { cliJson, expect, openDesk, test } from './fixtures';

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();

test('an expired reservation says so on the record page, and Today does not count it as reserved', async ({
  page,
  desk,
}) => {
  const { petId } = await cliJson<Stay>(
    desk,
    'intake',
    '--name',
    'Lapsed',
    '--category',
    '1',
    '--type',
    'stray',
    '--at',
    ago(3),
  );
  const { person } = await cliJson<{ person: { id: number } }>(desk, 'people', 'add', '--name', 'Late Adopter');
  await cliJson(desk, 'reserve', String(petId), '--person', String(person.id), '--at', ago(2), '--expires', ago(1));

  await openDesk(page, desk);
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Today', exact: true }).click();
  await expect(page.getByLabel('Reserved: 0', { exact: true })).toBeVisible();
  await expect(page.getByTestId('today-waiting')).toContainText('Lapsed');

  await page.evaluate((id) => {
    window.location.hash = `#/pets/${id}/movements`;
  }, petId);
  const timeline = page.getByTestId('movement-entry').filter({ hasText: 'Reserved' });
  await expect(timeline).toContainText('Expired: no longer holds the animal');
  await expect(timeline).not.toContainText('Active');
});

test('the Pets list says a dog died in care, and the adopted filter leaves it out', async ({ page, desk }) => {
  const { petId: rex } = await cliJson<Stay>(
    desk,
    'intake',
    '--name',
    'Rex',
    '--category',
    '1',
    '--type',
    'stray',
    '--at',
    ago(3),
  );
  await cliJson(desk, 'outcome', String(rex), '--type', 'died_in_care');
  const { petId: ada } = await cliJson<Stay>(
    desk,
    'intake',
    '--name',
    'Ada',
    '--category',
    '1',
    '--type',
    'stray',
    '--at',
    ago(3),
  );
  const { person } = await cliJson<{ person: { id: number } }>(desk, 'people', 'add', '--name', 'Happy Home');
  await cliJson(desk, 'adopt', String(ada), '--person', String(person.id), '--fee', '50', '--paid', 'cash');

  await openDesk(page, desk);
  const rows = page.getByTestId(/^pet-row-/);
  await expect(page.getByTestId(`pet-row-${rex}`).getByTestId('pet-status')).toHaveText(/died in care/i);
  await expect(page.getByTestId(`pet-row-${ada}`).getByTestId('pet-status')).toHaveText(/^adopted$/i);
  await page.getByRole('radiogroup', { name: 'Status' }).getByText('adopted', { exact: true }).click();
  await expect(rows).toHaveCount(1);
  await expect(page.getByTestId(`pet-row-${ada}`)).toBeVisible();
  await page.getByRole('radiogroup', { name: 'Status' }).getByText('left care', { exact: true }).click();
  await expect(rows).toHaveCount(1);
  await expect(page.getByTestId(`pet-row-${rex}`)).toBeVisible();
});

test('History dates a back-dated adoption when it happened, with when it was recorded second, as Movements does', async ({
  page,
  desk,
}) => {
  const { petId } = await cliJson<Stay>(
    desk,
    'intake',
    '--name',
    'Late Paper',
    '--category',
    '1',
    '--type',
    'stray',
    '--at',
    ago(10),
  );
  const { person } = await cliJson<{ person: { id: number } }>(desk, 'people', 'add', '--name', 'Back Dated');
  await cliJson(
    desk,
    'adopt',
    String(petId),
    '--person',
    String(person.id),
    '--fee',
    '0',
    '--paid',
    'waived',
    '--at',
    ago(5),
  );

  await openDesk(page, desk);
  await page.evaluate((id) => {
    window.location.hash = `#/pets/${id}/movements`;
  }, petId);
  const adoption = page.getByTestId('movement-entry').filter({ hasText: 'Adopted' });
  await expect(adoption).toBeVisible();
  const happened =
    (await adoption.innerText()).match(
      /\d{1,2} \w{3} \d{4},? \d{1,2}:\d{2}|\w{3} \d{1,2}, \d{4},? \d{1,2}:\d{2}/,
    )?.[0] ?? '';
  expect(happened).not.toBe('');
  await page.getByRole('tab', { name: 'History' }).click();
  const history = page.getByTestId('pet-history');
  const newest = history.locator('.mantine-Timeline-item').first();
  await expect(newest).toContainText(happened);
  await expect(newest).toContainText('recorded');
});

test('a category renamed Chiens keeps its species, and one is added with its own', async ({ page, desk }) => {
  await openDesk(page, desk);
  await page.getByRole('tab', { name: 'Categories' }).click();
  const table = page.getByTestId('categories-table');
  await table.getByRole('button', { name: 'Rename Dogs', exact: true }).click();
  const rename = page.getByRole('dialog', { name: 'Rename Dogs' });
  await expect(rename.getByRole('combobox', { name: 'Species' })).toHaveValue('Dog');
  await rename.getByLabel('Category name').fill('Chiens');
  await rename.getByRole('button', { name: 'Rename', exact: true }).click();
  await expect(rename).toBeHidden();
  await expect(page.getByTestId('category-row-1')).toContainText('Chiens');
  await expect(page.getByTestId('category-row-1')).toContainText('Dog');

  await page.getByRole('button', { name: 'Add category', exact: true }).click();
  const add = page.getByRole('dialog', { name: 'Add a category' });
  await add.getByLabel('Category name').fill('Lapins nains');
  await add.getByRole('combobox', { name: 'Species' }).click();
  await page.getByRole('option', { name: 'Rabbit', exact: true }).click();
  await add.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(add).toBeHidden();
  const categories = await cliJson<Array<{ name: string; species: string }>>(desk, 'categories', 'list');
  expect(categories.map((category) => [category.name, category.species])).toEqual(
    expect.arrayContaining([
      ['Chiens', 'dog'],
      ['Lapins nains', 'rabbit'],
    ]),
  );
});
