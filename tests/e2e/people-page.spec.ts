/**
 * The People page searches with case and accents folded, warns of a
 * likely duplicate before adding (add anyway, or open the existing person), edits with the rules
 * checked in the dialog, shows a person's animals and movements, and forgets them keeping the
 * movements; the list, the dialog and a person's page fit 1280×800 and 1000×700.
 */
import type { Page } from '@playwright/test';
import type { Person } from '../../src/shared/people';
import { adminCall, cliJson, expect, openDesk, test, withoutLiveUpdates, type DeskServer } from './fixtures';
import { VIEWPORTS, expectNothingCut, sizeName } from './viewports';

async function openPeople(page: Page, desk: DeskServer): Promise<void> {
  await openDesk(page, desk);
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'People', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'People', exact: true })).toBeVisible();
}

async function addPerson(desk: DeskServer, ...args: string[]): Promise<Person> {
  return (await cliJson<{ person: Person }>(desk, 'people', 'add', ...args)).person;
}

async function peopleCount(desk: DeskServer): Promise<number> {
  return (await cliJson<Person[]>(desk, 'people', 'list', '--forgotten')).length;
}

test('search folds case and accents; the list filters by role and flag', async ({ page, desk }) => {
  const zoe = await addPerson(desk, '--name', 'Zoë Müller', '--email', 'zoe@example.test', '--role', 'adopter');
  const bob = await addPerson(
    desk,
    '--name',
    'Bob Smith',
    '--role',
    'finder',
    '--phone',
    '+44 7700 900123',
    '--foster',
  );
  await openPeople(page, desk);
  const search = page.getByRole('textbox', { name: 'Search' });
  await expect(page.getByTestId('people-total')).toHaveText('2 people');

  await search.fill('zoe muller');
  await expect(page.getByTestId(`person-row-${zoe.id}`)).toBeVisible();
  await expect(page.getByTestId(`person-row-${bob.id}`)).toHaveCount(0);
  await search.fill('MÜLLER');
  await expect(page.getByTestId('people-total')).toHaveText('1 person');
  await search.fill('7700 900');
  await expect(page.getByTestId(`person-row-${bob.id}`)).toBeVisible();
  await expect(page.getByTestId('people-total')).toHaveText('1 person');
  await search.fill('nobody-here');
  await expect(page.getByText('Nobody matches')).toBeVisible();
  await search.fill('');

  await page.getByRole('combobox', { name: 'Flag' }).click();
  await page.getByRole('option', { name: 'Foster homes', exact: true }).click();
  await expect(page.getByTestId('people-total')).toHaveText('1 person');
  await expect(page.getByTestId(`person-row-${bob.id}`).getByTestId('person-flags')).toHaveText('Foster home');
  await page.getByRole('combobox', { name: 'Flag' }).click();
  await page.getByRole('option', { name: 'Any', exact: true }).click();
  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Adopter', exact: true }).click();
  await expect(page.getByTestId(`person-row-${zoe.id}`)).toBeVisible();
  await expect(page.getByTestId('people-total')).toHaveText('1 person');
});

test('adding warns of a likely duplicate first: open the existing person, or add anyway', async ({ page, desk }) => {
  const zoe = await addPerson(
    desk,
    '--name',
    'Zoë Müller',
    '--email',
    'zoe@example.test',
    '--phone',
    '+33 6 12 34 56 78',
  );
  await openPeople(page, desk);

  await page.getByRole('button', { name: 'Add person', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a person' });
  await dialog.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
  await dialog.getByRole('button', { name: 'Add person', exact: true }).click();
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
    /must not be empty|visible character/i,
  );
  await expect(dialog.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(/email address/);

  await dialog.getByRole('textbox', { name: 'Name' }).fill('Z. Muller');
  await dialog.getByRole('textbox', { name: 'Email' }).fill('ZOE@example.test');
  await dialog.getByRole('button', { name: 'Add person', exact: true }).click();
  const warning = dialog.getByTestId('duplicate-warning');
  await expect(warning).toContainText(`Zoë Müller (#${zoe.id}) has the same email.`);
  expect(await peopleCount(desk), 'nothing is saved while the dialog asks').toBe(1);
  await expectNothingCut(page, dialog);

  // Open the existing person instead: the dialog goes, nobody is added.
  await warning.getByRole('link', { name: 'Zoë Müller' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Zoë Müller' })).toBeVisible();
  expect(await peopleCount(desk)).toBe(1);

  // Someone else after all: add anyway.
  await page.getByRole('link', { name: 'All people' }).click();
  await page.getByRole('button', { name: 'Add person', exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Zoe Martin');
  await dialog.getByRole('combobox', { name: 'Phones' }).fill('+33 (6) 12-34-56-78');
  await dialog.getByRole('combobox', { name: 'Phones' }).press('Enter');
  await dialog.getByRole('button', { name: 'Add person', exact: true }).click();
  await expect(dialog.getByTestId('duplicate-warning')).toContainText('has the same phone number');
  await dialog.getByRole('button', { name: 'Add anyway' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Zoe Martin' })).toBeVisible();
  expect(await peopleCount(desk)).toBe(2);
});

test("a person's page: details, edit with the rules in the dialog, their animals and movements, forget", async ({
  page,
  desk,
}) => {
  const ann = await addPerson(
    desk,
    '--name',
    'Ann Adopter',
    '--email',
    'ann@example.test',
    '--phone',
    '0123 456 789',
    '--role',
    'adopter',
    '--notes',
    'Has a garden',
  );
  const finder = await addPerson(desk, '--name', 'Fred Finder', '--role', 'finder');
  const biscuit = await cliJson<{ petId: number }>(
    desk,
    'intake',
    '--name',
    'Biscuit',
    '--category',
    '1',
    '--type',
    'stray',
    '--person',
    String(finder.id),
  );
  await desk.cli('reserve', String(biscuit.petId), '--person', String(ann.id));
  await openPeople(page, desk);

  await page.getByTestId(`person-row-${ann.id}`).getByRole('link', { name: 'Ann Adopter' }).click();
  await expect(page).toHaveURL(new RegExp(`#/people/${ann.id}$`));
  const details = page.getByTestId('person-details');
  await expect(details).toContainText('ann@example.test');
  await expect(details).toContainText('0123 456 789');
  await expect(page.getByText('Has a garden')).toBeVisible();
  const animal = page.getByTestId('person-animals').getByRole('link', { name: 'Biscuit' });
  await expect(animal).toHaveAttribute('href', `#/pets/${biscuit.petId}`);
  await expect(page.getByTestId('person-animals').getByTestId('pet-status')).toHaveText('pending');
  await expect(page.getByTestId('person-movements')).toContainText('Reserved');

  // Edit: "do not adopt to" needs its reason, said under the field; nothing is saved until it is given.
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Ann Adopter' });
  await dialog.getByRole('checkbox', { name: 'Do not adopt to' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Why' })).toHaveAccessibleDescription(/Say why/);
  expect((await cliJson<{ person: Person }>(desk, 'people', 'show', String(ann.id))).person.doNotAdopt).toBe(false);
  await dialog.getByRole('textbox', { name: 'Why' }).fill('Returned two dogs unfed');
  await dialog.getByRole('textbox', { name: 'Email' }).fill('');
  await dialog.getByRole('checkbox', { name: 'ID checked' }).check();
  await dialog.getByRole('textbox', { name: 'Which ID' }).fill('passport');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(details).toContainText('Returned two dogs unfed');
  await expect(details).toContainText('passport');
  await expect(page.getByRole('main').getByTestId('person-flags').first()).toContainText('Do not adopt');
  const saved = (await cliJson<{ person: Person }>(desk, 'people', 'show', String(ann.id))).person;
  expect(saved).toMatchObject({
    email: null,
    doNotAdopt: true,
    doNotAdoptReason: 'Returned two dogs unfed',
    idChecked: true,
    idCheckedWhat: 'passport',
  });

  // Forget: the dialog says what stays; afterwards nothing personal shows, the movements do.
  await page.getByRole('button', { name: 'Forget this person' }).click();
  const confirm = page.getByRole('dialog', { name: 'Forget Ann Adopter?' });
  await expect(confirm).toContainText('What stays');
  await expect(confirm).toContainText('every movement they took part in');
  await confirm.getByRole('button', { name: 'Forget this person' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forgotten person' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
  await expect(page.getByRole('main')).not.toContainText('Ann');
  await expect(page.getByRole('main')).not.toContainText('0123 456 789');
  await expect(page.getByTestId('person-movements')).toContainText('Reserved');
  const forgotten = await cliJson<{ person: Person; events: unknown[] }>(desk, 'people', 'show', String(ann.id));
  expect(forgotten.person).toMatchObject({ name: 'Forgotten person', email: null, phones: [], notes: null });
  expect(forgotten.events).toHaveLength(1);
});

test("a refusal while saving stays in the dialog, in the window's words; an unknown person says so", async ({
  page,
  desk,
}) => {
  const bea = await addPerson(desk, '--name', 'Bea Busy', '--role', 'adopter');
  // She is forgotten behind the page's back while the dialog is open: the page hears no live updates.
  await withoutLiveUpdates(page);
  await openPeople(page, desk);
  await page.getByTestId(`person-row-${bea.id}`).getByRole('link', { name: 'Bea Busy' }).click();
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Bea Busy' });
  await dialog.getByRole('textbox', { name: 'Notes' }).fill('Called back on Monday');
  // Meanwhile, at another desk, she asked to be forgotten.
  await desk.cli('people', 'forget', String(bea.id));
  await dialog.getByRole('button', { name: 'Save' }).click();
  const failure = dialog.getByTestId('dialog-failure');
  await expect(failure).toContainText('This person was forgotten');
  await expect(failure).toContainText('add them as a new person');
  await expect(page.getByRole('alert').filter({ hasText: 'Not possible' })).toHaveCount(0);
  expect((await cliJson<{ person: Person }>(desk, 'people', 'show', String(bea.id))).person.notes).toBeNull();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.evaluate(() => (window.location.hash = '#/people/999'));
  await expect(page.getByRole('alert').filter({ hasText: 'No longer in the register' })).toContainText('Person #999');
});

for (const viewport of VIEWPORTS) {
  test(`the list, the add dialog and a person's page fit ${sizeName(viewport)}`, async ({ page, desk }) => {
    await page.setViewportSize(viewport);
    const long = 'Maximiliane Wilhelmina Theodora von Hohenzollern-Sigmaringen';
    const person = await addPerson(
      desk,
      '--name',
      long,
      '--email',
      'maximiliane.wilhelmina.theodora@hohenzollern-sigmaringen.example',
      '--phone',
      '+49 (0) 7571 123 456 789',
      '--role',
      'adopter',
      '--role',
      'foster',
      '--role',
      'vet',
      '--foster',
      '--foster-capacity',
      '3',
      '--do-not-adopt',
      'A long reason that staff wrote about why this person should never adopt from us again',
    );
    const pets = await Promise.all(
      ['Biscuit', 'Pepper'].map((name) =>
        cliJson<{ petId: number }>(
          desk,
          'intake',
          '--name',
          name,
          '--category',
          '1',
          '--type',
          'stray',
          '--person',
          String(person.id),
        ),
      ),
    );
    expect(pets).toHaveLength(2);
    // The other fourteen through the admin channel: fourteen CLI processes took most of the test's minute on a busy machine.
    for (let index = 0; index < 14; index += 1)
      await adminCall(desk, 'people.add', {
        environment: 'production',
        person: { name: `Person ${index}`, phones: [`0700 000 ${String(index).padStart(3, '0')}`] },
      });
    await openPeople(page, desk);
    await expect(page.getByTestId('people-total')).toHaveText('15 people');
    await expectNothingCut(page);
    // The table scrolls inside: the count and the pages under it stay in the window.
    const total = await page.getByTestId('people-total').boundingBox();
    expect((total?.y ?? Infinity) + (total?.height ?? 0)).toBeLessThanOrEqual(viewport.height);
    const table = page.getByTestId('people-table');
    expect(
      await table.evaluate(
        (element) =>
          element.closest('.mantine-ScrollArea-viewport')!.scrollHeight >
          element.closest('.mantine-ScrollArea-viewport')!.clientHeight,
      ),
    ).toBe(true);

    await page.getByRole('button', { name: 'Add person', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a person' });
    await dialog.getByRole('checkbox', { name: 'Approved foster home' }).check();
    await dialog.getByRole('checkbox', { name: 'Do not adopt to' }).check();
    await dialog.getByRole('checkbox', { name: 'ID checked' }).check();
    await expectNothingCut(page, dialog);
    await dialog.getByRole('textbox', { name: 'Name' }).fill(long);
    await dialog.getByRole('textbox', { name: 'Why' }).fill('Same person again');
    await dialog
      .getByRole('textbox', { name: 'Email' })
      .fill('maximiliane.wilhelmina.theodora@hohenzollern-sigmaringen.example');
    await dialog.getByRole('button', { name: 'Add person', exact: true }).click();
    await expect(dialog.getByTestId('duplicate-warning')).toBeVisible();
    await expectNothingCut(page, dialog);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.getByTestId(`person-row-${person.id}`).getByRole('link').click();
    await expect(page.getByTestId('person-page')).toBeVisible();
    await expectNothingCut(page);
  });
}

test('the Add person dialog with its duplicate warning fits a 1000×700 window whole, buttons included', async ({
  page,
  desk,
}) => {
  await page.setViewportSize({ width: 1000, height: 700 });
  await addPerson(desk, '--name', 'Zoë Müller', '--email', 'zoe@example.test', '--phone', '+33 6 12 34 56 78');
  await addPerson(desk, '--name', 'Zoé Muller', '--email', 'zoe.m@example.test', '--phone', '+33 6 12 34 56 78');
  await openPeople(page, desk);
  await page.getByRole('button', { name: 'Add person', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a person' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Zoe Muller');
  await dialog.getByRole('textbox', { name: 'Email' }).fill('ZOE@example.test');
  await dialog.getByRole('combobox', { name: 'Phones' }).fill('+33 6 12 34 56 78');
  await dialog.getByRole('combobox', { name: 'Phones' }).press('Enter');
  await dialog.getByRole('button', { name: 'Add person', exact: true }).click();
  await expect(dialog.getByTestId('duplicate-warning')).toContainText('Zoé Muller');
  const box = await dialog.boundingBox();
  expect(box!.height, 'the dialog is no taller than the window').toBeLessThanOrEqual(700);
  for (const inside of [
    dialog.getByRole('textbox', { name: 'Name' }),
    dialog.getByTestId('duplicate-warning'),
    dialog.getByRole('button', { name: 'Add anyway' }),
  ])
    await expect(inside).toBeInViewport({ ratio: 1 });
  await expectNothingCut(page, dialog);
});
