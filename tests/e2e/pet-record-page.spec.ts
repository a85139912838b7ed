import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { siteRequest } from '../helpers/site-http';
import { POPPLER_MISSING, pdfText } from '../helpers/pdf-render';
import {
  apiPort,
  callApi,
  cliJson,
  createKey,
  deployAdoptionSite,
  expect,
  openDesk,
  test,
  type DeskServer,
} from './fixtures';
import { VIEWPORTS, expectNothingCut, sizeName } from './viewports';

/*
 * The shelter's day end to end, as shelter staff would do it in the window at 1000×700: a stray taken in
 * with its finder, fostered and back, reserved, adopted with its contract printed, returned two
 * weeks later and adopted again; at each step the record page's timeline, the public API's status
 * and the adoption site's page follow. Then the "do not adopt to" override, and a refused dialog.
 */

/** The local time `days` ago, as a datetime-local field takes it. */
function daysAgo(days: number): string {
  const date = new Date(Date.now() - days * 86_400_000);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}:${two(date.getMinutes())}`;
}

/** The shelter, an account publishing its adoption site (which follows the records by itself), and a key for the public API. */
async function shelter(desk: DeskServer): Promise<string> {
  await desk.cli(
    'shelter',
    'set',
    '--name',
    'Happy Paws Rescue',
    '--currency',
    'EUR',
    '--email',
    'adopt@happypaws.test',
    '--how-to-adopt',
    'Meet the pet at the shelter.',
  );
  const { accountId } = await deployAdoptionSite(desk, 'Happy Paws');
  return createKey(desk, '--account', String(accountId), '--label', 'status checks');
}

/** What the adoption site's page of the pet says about it: its notice, or "listed" when it has none. */
async function siteSays(desk: DeskServer, petId: number, slug: string): Promise<string> {
  const page = await siteRequest(apiPort(desk), `happy-paws.localhost:${apiPort(desk)}`, `/pets/${petId}-${slug}.html`);
  if (page.status !== 200) return `status ${page.status}`;
  if (page.body.includes('Found a home.')) return 'Found a home';
  if (page.body.includes('Adoption pending.')) return 'Adoption pending';
  return 'listed';
}

async function expectFollowed(
  desk: DeskServer,
  key: string,
  petId: number,
  status: string,
  site: string,
): Promise<void> {
  expect((await callApi(desk.apiUrl.production, `/pets/${petId}`, key)).body.status).toBe(status);
  await expect
    .poll(() => siteSays(desk, petId, 'pepper'), { timeout: 30_000, message: `the site says ${site}` })
    .toBe(site);
}

/** The Today page, then back to the animal's page: what the day's summary says follows the movements too. */
async function expectToday(page: Page, petId: number, counts: string[], section: string, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Today', exact: true }).click();
  for (const count of counts) await expect(page.getByLabel(count, { exact: true })).toBeVisible();
  await expect(page.getByTestId(section)).toContainText(name);
  await expectNothingCut(page);
  await page.evaluate((id) => {
    window.location.hash = `#/pets/${id}`;
  }, petId);
  await expect(page.getByTestId('record-header').getByRole('heading', { level: 1 })).toHaveText(name);
}

/** Picks someone from a dialog's person field by typing part of their name (accents folded by the engine). */
async function choosePerson(page: Page, dialog: Locator, label: string, typed: string, name: string): Promise<void> {
  await dialog.getByRole('combobox', { name: label, exact: true }).fill(typed);
  await page.getByRole('option').filter({ hasText: name }).click();
  await expect(dialog.getByRole('combobox', { name: label, exact: true })).toHaveValue(name);
}

/** Adds a new person from a dialog's person field. */
async function addPerson(
  dialog: Locator,
  name: string,
  fields: { phone?: string; email?: string } = {},
): Promise<void> {
  await dialog.getByRole('button', { name: 'Add a new person' }).click();
  const form = dialog.getByTestId('new-person');
  await form.getByLabel('Name').fill(name);
  if (fields.phone) await form.getByLabel('Phone').fill(fields.phone);
  if (fields.email) await form.getByLabel('Email').fill(fields.email);
  await form.getByRole('button', { name: 'Add person' }).click();
  await expect(form).toBeHidden();
}

async function openAction(page: Page, label: string, title: string): Promise<Locator> {
  await page.getByTestId('movement-actions').getByRole('button', { name: label, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The offered movements, in order. */
async function expectActions(page: Page, labels: string[]): Promise<void> {
  await expect(page.getByTestId('movement-actions').getByRole('button')).toHaveText(labels);
}

const stays = (page: Page) => page.locator('[data-testid^="stay-"]');

test('a stray taken in, fostered, reserved, adopted with its contract, returned and adopted again: timeline, API and site follow (1000×700)', async ({
  page,
  desk,
}) => {
  test.skip(POPPLER_MISSING !== undefined && process.env.CI !== 'true', POPPLER_MISSING ?? '');
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1000, height: 700 });
  const key = await shelter(desk);
  await openDesk(page, desk);

  // Take in a stray, with its finder added on the spot.
  await page.getByRole('button', { name: 'Take in', exact: true }).click();
  let dialog = page.getByRole('dialog', { name: 'Take an animal in' });
  await dialog.getByLabel('Name').fill('Pepper');
  await dialog.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Dogs', exact: true }).click();
  await dialog.getByRole('combobox', { name: 'How it came in' }).click();
  await page.getByRole('option', { name: 'Stray', exact: true }).click();
  await dialog.getByLabel('When', { exact: true }).fill(daysAgo(30));
  await addPerson(dialog, 'Finn Finder', { phone: '+44 7700 900123' });
  await dialog.getByLabel('Condition').fill('Muddy, thin');
  await expectNothingCut(page, dialog);
  await dialog.getByRole('button', { name: 'Take in', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/#\/pets\/\d+$/);
  const petId = Number(/#\/pets\/(\d+)/.exec(page.url())![1]);
  const header = page.getByTestId('record-header');
  await expect(header.getByRole('heading', { level: 1 })).toHaveText('Pepper');
  await expect(header.getByTestId('pet-status')).toHaveText('available');
  await expect(header.getByTestId('days-in-care')).toHaveText('30 days in care');
  await expect(header.getByTestId('record-location')).toHaveText('At the shelter (kennel not recorded)');
  await expect(stays(page)).toHaveCount(1);
  await expect(page.getByTestId('movement-entry')).toHaveCount(1);
  await expect(page.getByTestId('movement-entry').first()).toContainText('Stray');
  await expect(page.getByTestId('movement-entry').first()).toContainText('From Finn Finder');
  await expect(page.getByTestId('movement-entry').first()).toContainText('Condition: Muddy, thin');
  await expectActions(page, ['Reserve', 'Adopt', 'Foster', 'Outcome']);
  await expectNothingCut(page);
  await expectFollowed(desk, key, petId, 'available', 'listed');

  // Into foster, then back.
  dialog = await openAction(page, 'Foster', 'Place Pepper in foster');
  await addPerson(dialog, 'Flo Foster', { email: 'flo@example.test' });
  await dialog.getByLabel('From', { exact: true }).fill(daysAgo(28));
  await dialog.getByRole('button', { name: 'Place in foster' }).click();
  await expect(dialog).toBeHidden();
  await expect(header.getByTestId('record-location')).toHaveText('In foster with Flo Foster');
  await expectActions(page, ['Reserve', 'Adopt', 'End foster', 'Outcome']);
  dialog = await openAction(page, 'End foster', 'Pepper back from foster');
  await dialog.getByLabel('Back on', { exact: true }).fill(daysAgo(21));
  await dialog.getByRole('button', { name: 'End the placement' }).click();
  await expect(dialog).toBeHidden();
  await expect(header.getByTestId('record-location')).toHaveText('At the shelter (kennel not recorded)');
  await expect(page.getByTestId('movement-entry').nth(1)).toContainText('In foster');
  await expect(page.getByTestId('movement-entry').nth(1)).toContainText('With Flo Foster');
  await expect(page.getByTestId('movement-entry').nth(1)).toContainText('Back ');

  // Reserved for an adopter: pending everywhere, and in the list at once.
  dialog = await openAction(page, 'Reserve', 'Reserve Pepper');
  await addPerson(dialog, 'Ada Adopter', { email: 'ada@example.test' });
  await dialog.getByLabel('When', { exact: true }).fill(daysAgo(18));
  await expectNothingCut(page, dialog);
  await dialog.getByRole('button', { name: 'Reserve', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(header.getByTestId('pet-status')).toHaveText('pending');
  await expectActions(page, ['Cancel reservation', 'Adopt', 'Foster', 'Outcome']);
  await expect(page.getByTestId('movement-entry').nth(2)).toContainText('Reserved');
  await expect(page.getByTestId('movement-entry').nth(2)).toContainText('With Ada Adopter');
  await expectFollowed(desk, key, petId, 'pending', 'Adoption pending');
  await expectToday(page, petId, ['In care: 1', 'Reserved: 1'], 'today-waiting', 'Pepper');
  await page.getByRole('link', { name: 'Back to the pets' }).click();
  await expect(page.getByTestId(`pet-row-${petId}`).getByTestId('pet-status')).toHaveText('pending');
  await page.getByTestId(`pet-row-${petId}`).getByRole('link', { name: 'Pepper' }).click();

  // Adopted by the one who reserved, with the fee and how it was paid.
  dialog = await openAction(page, 'Adopt', 'Adopt Pepper');
  await expect(dialog.getByLabel('Adopter')).toHaveValue('Ada Adopter');
  await dialog.getByLabel('Fee (EUR)').fill('150');
  await dialog.getByRole('combobox', { name: 'How it was paid' }).click();
  await page.getByRole('option', { name: 'Card', exact: true }).click();
  await dialog.getByLabel('When', { exact: true }).fill(daysAgo(16));
  await expectNothingCut(page, dialog);
  await dialog.getByRole('button', { name: 'Record the adoption' }).click();
  await expect(dialog).toBeHidden();
  await expect(header.getByTestId('pet-status')).toHaveText('adopted');
  await expect(header.getByTestId('record-location')).toContainText('Left care: adopted');
  await expect(header.getByTestId('days-in-care')).toHaveCount(0);
  await expectActions(page, ['Return', 'Intake']);
  const adoption = page.getByTestId('movement-entry').nth(3);
  await expect(adoption).toContainText('Adopted');
  await expect(adoption).toContainText('To Ada Adopter');
  await expect(adoption).toContainText('Fee 150.00 · Card');
  await expect(page.getByTestId('movement-entry').nth(2)).toContainText('Completed by the adoption');
  await expectFollowed(desk, key, petId, 'sold', 'Found a home');

  // The contract of that adoption, downloaded and read.
  const downloading = page.waitForEvent('download');
  await stays(page)
    .first()
    .getByRole('button', { name: /^Print the adoption contract of Pepper/ })
    .click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^adoption-contract-pepper-\d+\.pdf$/);
  const text = pdfText(fs.readFileSync((await download.path())!));
  for (const expected of [
    'Adoption contract',
    'Happy Paws Rescue',
    'Pepper',
    'Ada Adopter',
    'ada@example.test',
    '€150.00',
  ])
    expect(text).toContain(expected);
  expect(text).not.toContain('Flo Foster');

  // Brought back two weeks later: a new stay, from the adopter.
  dialog = await openAction(page, 'Return', 'Pepper returned after adoption');
  await expect(dialog.getByLabel('Returned by')).toHaveValue('Ada Adopter');
  await dialog.getByLabel('When', { exact: true }).fill(daysAgo(2));
  await dialog.getByLabel('Reason').fill('Allergic to dogs after all');
  await dialog.getByRole('button', { name: 'Record the return' }).click();
  await expect(dialog).toBeHidden();
  await expect(header.getByTestId('pet-status')).toHaveText('available');
  await expect(header.getByTestId('days-in-care')).toHaveText('2 days in care');
  await expect(stays(page)).toHaveCount(2);
  await expect(stays(page).first().getByTestId('movement-entry')).toHaveText([
    /Returned after adoption.*From Ada Adopter.*Reason: Allergic to dogs after all/,
  ]);
  await expectActions(page, ['Reserve', 'Adopt', 'Foster', 'Outcome']);
  await expectFollowed(desk, key, petId, 'available', 'listed');

  // Adopted again, by someone found through the search with accents folded away.
  await desk.cli('people', 'add', '--name', 'Zoë Müller', '--email', 'zoe@example.test');
  dialog = await openAction(page, 'Adopt', 'Adopt Pepper');
  await choosePerson(page, dialog, 'Adopter', 'zoe mull', 'Zoë Müller');
  await dialog.getByLabel('Fee (EUR)').fill('0');
  await dialog.getByRole('combobox', { name: 'How it was paid' }).click();
  await page.getByRole('option', { name: 'Waived', exact: true }).click();
  await dialog.getByRole('button', { name: 'Record the adoption' }).click();
  await expect(dialog).toBeHidden();
  await expect(header.getByTestId('pet-status')).toHaveText('adopted');
  await expect(stays(page).first().getByTestId('movement-entry')).toHaveText([
    /Returned after adoption/,
    /Adopted.*To Zoë Müller.*Fee 0.00 · Waived/,
  ]);
  await expectFollowed(desk, key, petId, 'sold', 'Found a home');
  await expectToday(page, petId, ['In care: 0', 'Left today: 1'], 'today-outcomes', 'Pepper');
  await expectNothingCut(page);

  // The history tab: the status changes the movements made, newest first.
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(
    page.getByTestId('pet-history').locator('.mantine-Timeline-item').first().getByTestId('pet-status').last(),
  ).toHaveText('adopted');
  await expectNothingCut(page);
});

for (const viewport of VIEWPORTS) {
  test(`"do not adopt to" needs the override ticked and its reason, which the timeline keeps; a refused date stays in its dialog (${sizeName(viewport)})`, async ({
    page,
    desk,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await desk.cli('people', 'add', '--name', 'Rex Refused', '--do-not-adopt', 'Returned two dogs in poor condition');
    const foster = await cliJson<{ person: { id: number } }>(
      desk,
      'people',
      'add',
      '--name',
      'Flo Foster',
      '--email',
      'flo@example.test',
      '--foster',
    );
    const taken = await cliJson<{ petId: number }>(
      desk,
      'intake',
      '--name',
      'Biscuit',
      '--category',
      '1',
      '--type',
      'owner_surrender',
    );
    await desk.cli('foster', 'start', String(taken.petId), '--person', String(foster.person.id));
    await openDesk(page, desk);
    await page.getByLabel('Search by name').fill('bisc');
    await expect(page.getByTestId('pets-total')).toHaveText('1 pet');
    await page.getByTestId(`pet-row-${taken.petId}`).getByRole('button', { name: 'Record of Biscuit' }).click();
    await expect(page.getByTestId('record-header').getByRole('heading', { level: 1 })).toHaveText('Biscuit');
    await expectNothingCut(page);

    // Ending the foster placement before it began: the engine refuses, the dialog says why under the date, nothing is saved.
    let dialog = await openAction(page, 'End foster', 'Biscuit back from foster');
    await dialog.getByLabel('Back on', { exact: true }).fill(daysAgo(3));
    await dialog.getByRole('button', { name: 'End the placement' }).click();
    await expect(dialog.getByText(/^Before the foster placement of .*: dates cannot run backwards\.$/)).toBeVisible();
    await expectNothingCut(page, dialog);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('record-location')).toHaveText('In foster with Flo Foster');

    // Reserving for a flagged person: the reason shows, and nothing goes until the override is ticked with why.
    dialog = await openAction(page, 'Reserve', 'Reserve Biscuit');
    // Someone typed in with the email of someone in the register: asked about before anything is saved.
    await dialog.getByRole('button', { name: 'Add a new person' }).click();
    const newPerson = dialog.getByTestId('new-person');
    await newPerson.getByLabel('Name').fill('Florence F.');
    await newPerson.getByLabel('Email').fill('FLO@example.test');
    await newPerson.getByRole('button', { name: 'Add person' }).click();
    await expect(newPerson.getByTestId('duplicate-warning')).toContainText('Flo Foster has the same email.');
    await expect(newPerson.getByRole('button', { name: 'Add anyway' })).toBeVisible();
    await expectNothingCut(page, dialog);
    await newPerson.getByRole('button', { name: 'Choose Flo Foster' }).click();
    await expect(newPerson).toBeHidden();
    await expect(dialog.getByRole('combobox', { name: 'For', exact: true })).toHaveValue('Flo Foster');
    expect(await cliJson<unknown[]>(desk, 'people', 'list', '--search', 'florence')).toEqual([]);
    await choosePerson(page, dialog, 'For', 'rex', 'Rex Refused');
    const warning = dialog.getByTestId('do-not-adopt');
    await expect(warning).toContainText('Rex Refused is flagged “do not adopt to”');
    await expect(warning).toContainText('Returned two dogs in poor condition');
    await dialog.getByRole('button', { name: 'Reserve', exact: true }).click();
    await expect(dialog.getByText('Flagged “do not adopt to”: tick to go ahead anyway')).toBeVisible();
    await expectNothingCut(page, dialog);
    expect(await statusOf(desk, taken.petId)).toBe('available');
    await warning.getByRole('checkbox', { name: /Go ahead anyway/ }).check();
    await dialog.getByRole('button', { name: 'Reserve', exact: true }).click();
    await expect(dialog.getByText('Say why you go ahead')).toBeVisible();
    await warning.getByLabel('Why').fill('Manager met them; circumstances changed');
    await dialog.getByRole('button', { name: 'Reserve', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('record-header').getByTestId('pet-status')).toHaveText('pending');
    await expect(page.getByTestId('movement-entry').filter({ hasText: 'Reserved' })).toContainText(
      '“Do not adopt to” overridden: Manager met them; circumstances changed',
    );
    const events = await cliJson<Array<{ kind: string; by: string; details: { override?: { reason: string } } }>>(
      desk,
      'movements',
      'list',
      '--type',
      'reservation',
    );
    expect(events).toEqual([
      expect.objectContaining({
        kind: 'reservation',
        by: 'window',
        details: expect.objectContaining({ override: { reason: 'Manager met them; circumstances changed' } }),
      }),
    ]);

    // Adopting needs the override again: the adoption dialog shows the flag of the one who reserved.
    dialog = await openAction(page, 'Adopt', 'Adopt Biscuit');
    await expect(dialog.getByLabel('Adopter')).toHaveValue('Rex Refused');
    await expect(dialog.getByTestId('do-not-adopt')).toContainText('Returned two dogs in poor condition');
    await expectNothingCut(page, dialog);
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(dialog).toBeHidden();

    // Cancelled: available again, and the list says so at once.
    dialog = await openAction(page, 'Cancel reservation', 'Cancel the reservation of Biscuit');
    await dialog.getByRole('button', { name: 'Cancel the reservation' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('record-header').getByTestId('pet-status')).toHaveText('available');
    await page.goBack();
    await expect(page.getByTestId(`pet-row-${taken.petId}`).getByTestId('pet-status')).toHaveText('available');
    // The list is as it was left: its search still typed.
    await expect(page.getByLabel('Search by name')).toHaveValue('bisc');
  });
}

/** The pet's status as the engine has it (`pets show`). */
async function statusOf(desk: DeskServer, petId: number): Promise<string> {
  return (await cliJson<{ pet: { status: string } }>(desk, 'pets', 'show', String(petId))).pet.status;
}
