/**
 * The Audit page of a real `serve --admin` lists the admin writes newest
 * first, who made them and what they changed (before → after, fields in words), links a pet's entry
 * to its page, narrows with its filters, loads older entries a page at a time, and fits 1280×800 and
 * 1000×700 with nothing cut.
 */
import type { Page } from '@playwright/test';
import { addStaff, expect, openDesk, test, type DeskServer } from './fixtures';
import { VIEWPORTS, expectNothingCut, sizeName } from './viewports';

/** One admin write as the window makes it: POST /admin/api/<channel> with the printed token. */
async function admin<T>(page: Page, desk: DeskServer, channel: string, input: object): Promise<T> {
  const url = new URL(desk.adminUrl);
  const token = new URLSearchParams(url.hash.slice(1)).get('token') ?? '';
  const response = await page.request.post(`${url.origin}/admin/api/${channel}`, {
    headers: { 'x-admin-token': token },
    data: input,
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

const rows = (page: Page) => page.getByTestId('audit-row');

for (const viewport of VIEWPORTS) {
  test.describe(`at ${sizeName(viewport)}`, () => {
    test.use({ viewport });
    test.setTimeout(120_000);

    test(`lists who changed what, narrows with the filters, loads more (${sizeName(viewport)})`, async ({
      page,
      desk,
    }) => {
      const environment = 'production';
      await admin(page, desk, 'pets.create', { environment, pet: { name: 'Pip', categoryId: 1 } });
      const pet = await admin<{ id: number }>(page, desk, 'pets.create', {
        environment,
        pet: { name: 'Luna', categoryId: 1 },
      });
      await admin(page, desk, 'pets.update', { environment, id: pet.id, changes: { name: 'Lunita' } });
      const added = await admin<{ person: { id: number } }>(page, desk, 'people.add', {
        environment,
        person: { name: 'Ana Ruiz', email: 'ana@example.org' },
      });
      await admin(page, desk, 'people.edit', {
        environment,
        id: added.person.id,
        changes: { email: 'ana.ruiz@example.org', postcode: 'AB1 2CD' },
      });

      await openDesk(page, desk);
      await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Audit', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Audit', exact: true })).toBeVisible();
      await expect(rows(page)).toHaveCount(5);

      // Newest first: the person's edit, fields named, their values not kept.
      const personEdit = rows(page).nth(0);
      await expect(personEdit).toContainText('this desk');
      await expect(personEdit).toContainText('Edited a person');
      await expect(personEdit.getByRole('link', { name: 'Ana Ruiz' })).toHaveAttribute(
        'href',
        `#/people/${added.person.id}`,
      );
      await expect(personEdit.getByTestId('audit-change')).toHaveText([
        'Email: (personal, not kept) → (personal, not kept)',
        'Postcode: (empty) → (personal, not kept)',
      ]);
      await expect(personEdit).not.toContainText('example.org');

      const petEdit = rows(page).nth(2);
      await expect(petEdit).toContainText('Edited a pet');
      await expect(petEdit.getByTestId('audit-change')).toHaveText(['Name: Luna → Lunita']);
      await expect(rows(page).nth(3)).toContainText('Added a pet');
      await expectNothingCut(page);

      // The kind of action narrows to the pet's edit; its record link opens the pet's page.
      await page.getByRole('combobox', { name: 'Kind of action' }).fill('Edited a pet');
      await page.getByRole('option', { name: 'Edited a pet', exact: true }).click();
      await expect(rows(page)).toHaveCount(1);
      await expect(rows(page).first()).toHaveAttribute('data-channel', 'pets.update');
      await page.getByRole('button', { name: 'Clear the kind of action' }).click();
      await expect(rows(page)).toHaveCount(5);

      // The record's number: Luna's two entries.
      await page.getByRole('textbox', { name: 'Record' }).fill(String(pet.id));
      await expect(rows(page)).toHaveCount(2);
      await expect(rows(page).getByRole('link')).toHaveText(['Lunita', 'Lunita']);
      await page.getByRole('textbox', { name: 'Record' }).fill('');
      await expect(rows(page)).toHaveCount(5);

      // A member who made nothing, then the desk.
      await page.getByRole('combobox', { name: 'Staff member' }).fill('Someone Else');
      await expect(page.getByText('Nothing matches')).toBeVisible();
      await page.getByRole('combobox', { name: 'Staff member' }).fill('This desk');
      await expect(rows(page)).toHaveCount(5);
      await page.getByRole('combobox', { name: 'Staff member' }).fill('');

      // Dates: from tomorrow, nothing; up to today, everything.
      const day = (offset: number) => {
        const date = new Date();
        date.setDate(date.getDate() + offset);
        return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
      };
      await page.getByLabel('From', { exact: true }).fill(day(1));
      await expect(page.getByText('Nothing matches')).toBeVisible();
      await page.getByLabel('From', { exact: true }).fill(day(0));
      await page.getByLabel('To', { exact: true }).fill(day(0));
      await expect(rows(page)).toHaveCount(5);
      await page.getByLabel('From', { exact: true }).fill('');
      await page.getByLabel('To', { exact: true }).fill('');

      // More than a page: 50 shown, then the rest before them.
      for (let index = 0; index < 48; index++)
        await admin(page, desk, 'categories.create', { environment, name: `Kind ${index}` });
      await page.reload();
      await expect(page.locator('html[data-ready="true"]')).toBeAttached();
      await expect(rows(page)).toHaveCount(50);
      await expect(page.getByTestId('audit-count')).toHaveText('50 changes shown, more before');
      await expect(rows(page).first()).toContainText('Added a category');
      await page.getByRole('button', { name: 'Load more' }).click();
      await expect(rows(page)).toHaveCount(53);
      await expect(rows(page).last()).toContainText('Added a pet');
      await expect(rows(page).last().getByTestId('audit-sent')).toHaveText(['Name: Pip', 'Category: Dogs']);
      await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
      await expectNothingCut(page);
    });
  });
}

test.describe('every entry names its record', () => {
  test.use({ viewport: { width: 1000, height: 700 } });
  const PASSWORD = 'correct horse battery staple';

  test('a round of care names and links its animals, a login its member, sent fields read in words', async ({
    page,
    desk,
  }) => {
    const environment = 'production';
    const rex = await admin<{ id: number }>(page, desk, 'pets.create', {
      environment,
      pet: { name: 'Rex', categoryId: 1 },
    });
    const zoe = await admin<{ id: number }>(page, desk, 'pets.create', {
      environment,
      pet: { name: 'Zoé', categoryId: 1 },
    });
    await admin(page, desk, 'care.give', {
      environment,
      round: {
        doses: [
          { petId: rex.id, vaccine: 'Rabies', batch: 'RB-7' },
          { petId: zoe.id, vaccine: 'DHPP', batch: 'DH-2' },
        ],
      },
    });
    await addStaff(desk, PASSWORD, [{ name: 'Olga Owner', login: 'olga', role: 'owner' }]);
    const origin = new URL(desk.adminUrl).origin;
    const login = await page.request.post(`${origin}/admin/api/staff.login`, {
      data: { login: 'olga', password: PASSWORD },
    });
    expect(login.ok(), await login.text()).toBe(true);
    await page.goto(`${origin}/admin/#/audit`);
    await expect(page.locator('html[data-ready="true"]')).toBeAttached();

    const loggedIn = rows(page).filter({ hasText: 'Logged in' });
    await expect(loggedIn.getByRole('link', { name: 'Olga Owner' })).toHaveAttribute('href', '#/staff');
    await expect(loggedIn).not.toContainText('Record');

    const round = rows(page).filter({ hasText: 'Gave care' });
    await expect(round.getByRole('link')).toHaveText(['Rex', 'Zoé']);
    await expect(round.getByRole('link', { name: 'Rex' })).toHaveAttribute('href', `#/pets/${rex.id}`);
    await expect(round.getByTestId('audit-sent')).toHaveText([
      'Doses: Animal: Rex, Vaccine: Rabies, Batch: RB-7; Animal: Zoé, Vaccine: DHPP, Batch: DH-2',
    ]);
    await expect(page.getByTestId('audit-table')).not.toContainText('{');
    await expect(page.getByTestId('audit-table')).not.toContainText(PASSWORD);
    await expectNothingCut(page);
  });
});
