/**
 * Profiles in the window: a pet's profile in its record view (sections, private fields marked, checked
 * with the shared schema, a refused save keeps what was typed) and the Shelter page, each fitting a
 * 1280×800 and a 1000×700 window.
 */
import { cliJson, expect, goTo, importPets, notification, openDesk, test, withoutLiveUpdates } from './fixtures';
import { VIEWPORTS, expectNothingCut, sizeName } from './viewports';
import { transparentPng } from '../helpers/photos';

interface Details {
  profile: Record<string, unknown>;
}

/** A real 1 × 1 PNG: the logo goes through the photo pipeline, which decodes it. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

for (const viewport of VIEWPORTS) {
  test.describe(`at ${sizeName(viewport)}`, () => {
    test.use({ viewport });
    // Several CLI runs beside the browser: on two shared cores a run can take a minute.
    test.setTimeout(150_000);

    test("a pet's profile: sections, private fields marked, errors under their fields, saved through the admin contract", async ({
      page,
      desk,
    }) => {
      const [biscuit, luna] = await importPets(desk, [
        { name: 'Biscuit', categoryId: 1 },
        { name: 'Luna', categoryId: 2 },
      ]);
      // Luna is removed behind the page's back below, and the save must still find her form: no live updates.
      await withoutLiveUpdates(page);
      await openDesk(page, desk);
      await page
        .getByTestId(`pet-row-${biscuit!.id}`)
        .getByRole('button', { name: 'Record of Biscuit', exact: true })
        .click();
      const record = page.getByTestId('pet-record-page');
      await record.getByRole('tab', { name: 'Profile' }).click();
      await expect(record.getByTestId('pet-profile-form')).toBeVisible();
      for (const legend of ['Breed and looks', 'Age and arrival', 'Getting along', 'For adopters'])
        await expect(record.getByText(legend, { exact: true })).toBeVisible();
      const privateFields = record.getByTestId('private-fields');
      await expect(privateFields.getByText('Private — never published').first()).toBeVisible();
      for (const label of ['Microchip number', 'Kennel location', 'Internal notes'])
        await expect(privateFields.getByLabel(label)).toBeVisible();
      await expectNothingCut(page, record);

      // Checked before sending: each error under its field, nothing saved.
      await record.getByLabel('Primary breed').fill('Beagle');
      await record.getByLabel('Born').fill('2023-13');
      await record.getByLabel('Microchip number').fill('<chip>');
      await record.getByRole('button', { name: 'Save profile' }).click();
      await expect(record.getByText('must be a date (YYYY-MM-DD), or an estimate')).toBeVisible();
      await expect(record.getByText('Letters and digits only, as the chip reader shows them')).toBeVisible();
      expect((await cliJson<Details>(desk, 'pets', 'show', String(biscuit!.id))).profile).toEqual({});
      await expectNothingCut(page, record);

      await record.getByLabel('Born').fill('2023-04');
      await record.getByLabel('Microchip number').fill('985112003456789');
      await record.getByRole('textbox', { name: 'Description' }).fill('Loves walks.\n\nSleeps on the sofa.');
      await record.getByRole('combobox', { name: 'Good with cats' }).click();
      await page.getByRole('option', { name: 'No', exact: true }).click();
      await record.getByRole('button', { name: 'Save profile' }).click();
      await expect(notification(page, 'Profile of Biscuit saved.')).toBeVisible();
      expect((await cliJson<Details>(desk, 'pets', 'show', String(biscuit!.id))).profile).toEqual({
        breedPrimary: 'Beagle',
        birthDate: '2023-04',
        microchipNumber: '985112003456789',
        description: 'Loves walks.\n\nSleeps on the sofa.',
        goodWithCats: 'no',
      });

      // A save the engine refuses (the pet was removed meanwhile) keeps what was typed, and says why.
      await page.getByRole('link', { name: 'Back to the pets' }).click();
      await page
        .getByTestId(`pet-row-${luna!.id}`)
        .getByRole('button', { name: 'Record of Luna', exact: true })
        .click();
      const lunaRecord = page.getByTestId('pet-record-page');
      await lunaRecord.getByRole('tab', { name: 'Profile' }).click();
      await lunaRecord.getByLabel('Kennel location').fill('Cattery 2');
      await desk.cli('pets', 'remove', String(luna!.id));
      await lunaRecord.getByRole('button', { name: 'Save profile' }).click();
      await expect(lunaRecord.getByTestId('dialog-failure')).toBeVisible();
      await expect(lunaRecord.getByLabel('Kennel location')).toHaveValue('Cattery 2');
      await expectNothingCut(page, lunaRecord);
    });

    test('the Shelter page: the profile and its logo, checked with the shared schema', async ({ page, desk }) => {
      await openDesk(page, desk);
      await goTo(page, 'Shelter');
      await expect(page.getByTestId('shelter-form')).toBeVisible();
      await expectNothingCut(page);

      const form = page.getByTestId('shelter-form');
      await form.getByLabel('Name').fill('Happy Tails Rescue');
      await form.getByLabel('Currency').fill('EURO');
      await form.getByLabel('Email').fill('not an email');
      await form.getByRole('button', { name: 'Save shelter profile' }).click();
      await expect(form.getByText('must be an ISO 4217 currency code')).toBeVisible();
      await expect(form.getByText('must be an email address')).toBeVisible();
      expect(await cliJson(desk, 'shelter', 'show')).toEqual({ logo: null, version: expect.any(Number) });
      await expectNothingCut(page);

      await form.getByLabel('Currency').fill('eur');
      await form.getByLabel('Email').fill('adopt@happytails.test');
      await form.getByRole('textbox', { name: 'How to adopt' }).fill('Meet the pet.\n\nTake it home.');
      await form.getByRole('button', { name: 'Save shelter profile' }).click();
      await expect(notification(page, 'Shelter profile saved.')).toBeVisible();
      expect(await cliJson(desk, 'shelter', 'show')).toEqual({
        name: 'Happy Tails Rescue',
        email: 'adopt@happytails.test',
        currency: 'EUR',
        howToAdopt: 'Meet the pet.\n\nTake it home.',
        logo: null,
        version: expect.any(Number),
      });

      const logo = page.getByTestId('shelter-logo');
      await logo
        .locator('input[type="file"]')
        .setInputFiles({ name: 'logo.gif', mimeType: 'image/png', buffer: Buffer.from('GIF89a') });
      await expect(logo.getByRole('alert')).toContainText('must be a PNG, JPEG or WebP image');
      await logo.locator('input[type="file"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
      await expect(logo).toContainText('PNG, 1 KB');
      await expect(logo.getByRole('button', { name: 'Remove logo' })).toBeVisible();
      await expectNothingCut(page);
    });
  });
}

test('the Shelter page previews the stored logo whole, and follows a replacement and a removal', async ({
  page,
  desk,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1000, height: 700 });
  await openDesk(page, desk);
  await goTo(page, 'Shelter');
  const logo = page.getByTestId('shelter-logo');
  await expect(logo.getByTestId('shelter-logo-preview')).toHaveCount(0);
  // A tall logo: shown whole in its box, not cropped.
  await logo
    .locator('input[type="file"]')
    .setInputFiles({ name: 'tall.png', mimeType: 'image/png', buffer: await transparentPng(60, 180) });
  const preview = logo.getByRole('img', { name: "The shelter's logo" });
  await expect(preview).toBeVisible();
  await expect
    .poll(() =>
      preview.evaluate((image: HTMLImageElement) => [
        image.naturalWidth,
        image.naturalHeight,
        getComputedStyle(image).objectFit,
      ]),
    )
    .toEqual([60, 180, 'contain']);
  await expectNothingCut(page);

  await logo
    .locator('input[type="file"]')
    .setInputFiles({ name: 'wide.png', mimeType: 'image/png', buffer: await transparentPng(300, 100) });
  await expect
    .poll(() => preview.evaluate((image: HTMLImageElement) => [image.naturalWidth, image.naturalHeight]))
    .toEqual([300, 100]);
  await logo.getByRole('button', { name: 'Remove logo' }).click();
  await expect(preview).toHaveCount(0);
  await expect(logo).toContainText('No logo yet.');
});

test('the Shelter page: "Save mine over theirs" keeps the email set meanwhile and saves the phone typed here', async ({
  page,
  desk,
}) => {
  await page.setViewportSize({ width: 1000, height: 700 });
  await desk.cli('shelter', 'set', '--name', 'Refuge de Lyon');
  await openDesk(page, desk);
  await goTo(page, 'Shelter');
  const form = page.getByTestId('shelter-form');
  await expect(form.getByLabel('Name')).toHaveValue('Refuge de Lyon');
  await form.getByLabel('Phone').fill('+33 4 78 00 00 00');
  await desk.cli('shelter', 'set', '--email', 'adopter@refuge.test');
  await form.getByRole('button', { name: 'Save shelter profile' }).click();
  const conflict = form.getByTestId('edit-conflict');
  await expect(conflict.getByRole('row', { name: /Email/ }).getByRole('cell')).toHaveText([
    'Email',
    'adopter@refuge.test',
    '—',
  ]);
  await expect(conflict).toBeInViewport();
  await conflict.getByRole('button', { name: 'Save mine over theirs' }).click();
  await expect(conflict).toBeHidden();
  await expect
    .poll(async () => cliJson(desk, 'shelter', 'show'))
    .toMatchObject({ name: 'Refuge de Lyon', phone: '+33 4 78 00 00 00', email: 'adopter@refuge.test' });
  await expect(form.getByLabel('Email')).toHaveValue('adopter@refuge.test');
});
