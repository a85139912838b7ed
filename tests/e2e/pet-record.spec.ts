/**
 * Each pet's record page in the window (#/pets/42): status, profile,
 * photos, history with field names in words, fitting 1280×800 and 1000×700; adopted pets are never
 * called "sold"; the profile refuses a fee in fractions of a cent, a birth date after today and a
 * microchip with separators, saying why under the field; a toast said on the page shows above it.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { cliJson, expect, importPets, notification, openDesk, test } from './fixtures';
import { VIEWPORTS, expectNothingCut, sizeName } from './viewports';

interface Details {
  profile: Record<string, unknown>;
}

/** The local day `days` from now, as the window reckons today. */
function dayFromNow(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/**
 * Nothing lies over the middle of `target`: what a click there would hit belongs to it. Polled, as a
 * toast slides in from below the window (its middle is outside it, where nothing is hit, until then).
 */
async function expectOnTop(target: Locator): Promise<void> {
  await expect(target).toBeVisible();
  const coveredBy = () =>
    target.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return hit !== null && element.contains(hit) ? null : (hit?.className ?? 'nothing');
    });
  await expect.poll(coveredBy, { message: 'covered by' }).toBeNull();
}

/** The visible words of the page (its main area and whatever menu or dialog is open), as one text. */
async function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => document.body.innerText);
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${sizeName(viewport)}`, () => {
    test.use({ viewport });
    test.setTimeout(150_000);

    test(`adopted, never "sold", on the Pets page: table, filter, menu, dialog (${sizeName(viewport)})`, async ({
      page,
      desk,
    }) => {
      const [mango] = await importPets(desk, [
        { name: 'Mango', categoryId: 2, status: 'sold' },
        { name: 'Olive', categoryId: 1 },
      ]);
      await desk.cli('pets', 'status', String(mango!.id), 'pending');
      await desk.cli('pets', 'status', String(mango!.id), 'sold');
      await openDesk(page, desk);
      const row = page.getByTestId(`pet-row-${mango!.id}`);
      await expect(row.getByTestId('pet-status')).toHaveText('adopted');
      await expect(
        page.getByRole('radiogroup', { name: 'Status' }).getByText('adopted', { exact: true }),
      ).toBeVisible();
      expect(await visibleText(page)).not.toMatch(/\bsold\b/i);

      // The status menu, then the record's history.
      await row.getByRole('button', { name: 'Change status of Mango (now adopted)', exact: true }).click();
      await expect(page.getByRole('menuitem', { name: 'adopted', exact: true })).toBeVisible();
      expect(await visibleText(page)).not.toMatch(/\bsold\b/i);
      await page.getByRole('menuitem', { name: 'Status history', exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`#/pets/${mango!.id}/history$`));
      const history = page.getByTestId('pet-record-page').getByTestId('pet-history');
      await expect(history.getByTestId('pet-status')).toHaveText([
        'pending',
        'adopted',
        'adopted',
        'pending',
        'adopted',
      ]);
      await expect(page.getByTestId('record-header').getByTestId('pet-status')).toHaveText('adopted');
      expect(await visibleText(page)).not.toMatch(/\bsold\b/i);
      await page.getByRole('link', { name: 'Back to the pets' }).click();

      // The filter by "adopted" asks the engine for sold pets; the add dialog offers "adopted".
      await page.getByRole('radiogroup', { name: 'Status' }).getByText('adopted', { exact: true }).click();
      await expect(page.getByTestId('pets-total')).toHaveText('1 pet');
      await page.getByRole('button', { name: 'Add pet', exact: true }).click();
      await expect(
        page.getByRole('dialog', { name: 'Add a pet' }).getByRole('radio', { name: 'adopted' }),
      ).toBeAttached();
      expect(await visibleText(page)).not.toMatch(/\bsold\b/i);
    });

    test(`one record page per pet: status, profile, photos, history in words, fitting the window (${sizeName(viewport)})`, async ({
      page,
      desk,
    }) => {
      const [biscuit] = await importPets(desk, [{ name: 'Biscuit', categoryId: 1 }]);
      await desk.cli(
        'pets',
        'profile',
        'set',
        String(biscuit!.id),
        '--breed',
        'Beagle',
        '--microchip',
        '985141000123456',
      );
      await openDesk(page, desk);
      const row = page.getByTestId(`pet-row-${biscuit!.id}`);
      await expect(row.getByRole('button', { name: 'Status history of Biscuit' })).toHaveCount(0);
      await row.getByRole('button', { name: 'Record of Biscuit', exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`#/pets/${biscuit!.id}$`));
      const record = page.getByTestId('pet-record-page');
      await expect(record.getByTestId('record-header')).toContainText('Biscuit');
      await expect(record.getByTestId('record-header').getByTestId('pet-status')).toHaveText('available');
      await expect(record.getByTestId('days-in-care')).toHaveText('0 days in care');
      await expectNothingCut(page);
      await record.getByRole('tab', { name: 'Profile' }).click();
      await expect(record.getByTestId('pet-profile-form')).toBeVisible();
      await expectNothingCut(page, record);

      // The Sex select's clear button has a name (axe's button-name rule over the record).
      await record.getByRole('combobox', { name: 'Sex' }).click();
      await page.getByRole('option', { name: 'Female', exact: true }).click();
      await expect(record.getByRole('button', { name: 'Clear Sex', exact: true })).toBeVisible();
      const axe = await new AxeBuilder({ page })
        .include('[data-testid="pet-record-page"]')
        .withRules(['button-name', 'aria-command-name'])
        .analyze();
      expect(
        axe.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(', ')}`),
      ).toEqual([]);

      // Photos: the "Add photos" button shows its whole label. The Sex chosen above is not saved,
      // so leaving the profile's tab asks first.
      await record.getByRole('tab', { name: 'Photos' }).click();
      await page
        .getByRole('dialog', { name: 'Leave without saving?' })
        .getByRole('button', { name: 'Leave without saving' })
        .click();
      const add = record.getByTestId('add-photos');
      await expect(add).toHaveText('Add photos');
      const label = await add
        .locator('.mantine-Button-label')
        .evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
      expect(label.scroll).toBeLessThanOrEqual(label.client);
      await expectNothingCut(page, record);

      // History: the profile's change in words, private fields marked, no raw field names.
      await record.getByRole('tab', { name: 'History' }).click();
      const changes = record.getByTestId('pet-profile-history');
      await expect(changes).toContainText('Primary breed: not recorded → Beagle');
      await expect(changes).toContainText('Microchip number (private): not recorded → 985141000123456');
      await expect(changes).not.toContainText('breedPrimary');
      await expect(changes).not.toContainText('microchipNumber');
      await expectNothingCut(page, record);

      // A toast said on the record page shows above it.
      await record.getByRole('tab', { name: 'Profile' }).click();
      await record.getByLabel('Primary breed').fill('Beagle cross');
      await record.getByRole('button', { name: 'Save profile' }).click();
      const toast = notification(page, 'Profile of Biscuit saved.');
      await expectOnTop(toast);
      await expect(record.getByTestId('pet-profile-form')).toBeVisible();
    });

    test(`the profile refuses a fee of 12.345, a birth date after today and a separated microchip, under each field (${sizeName(viewport)})`, async ({
      page,
      desk,
    }) => {
      const [biscuit] = await importPets(desk, [{ name: 'Biscuit', categoryId: 1 }]);
      await openDesk(page, desk);
      await page
        .getByTestId(`pet-row-${biscuit!.id}`)
        .getByRole('button', { name: 'Record of Biscuit', exact: true })
        .click();
      const record = page.getByTestId('pet-record-page');
      await record.getByRole('tab', { name: 'Profile' }).click();
      const fee = record.getByLabel('Adoption fee');
      await fee.fill('12.345');
      await fee.blur();
      await expect(fee).toHaveValue('12.345');
      await record.getByLabel('Born').fill(dayFromNow(1));
      await record.getByLabel('Microchip number').fill('985-141 000');
      await record.getByRole('button', { name: 'Save profile' }).click();
      await expect(record.getByText('At most two decimals (cents)')).toBeVisible();
      await expect(
        record.getByText(`After today (${dayFromNow(0)}): a pet cannot be born in the future.`),
      ).toBeVisible();
      await expect(record.getByText('Letters and digits only, as the chip reader shows them')).toBeVisible();
      await expectNothingCut(page, record);
      expect((await cliJson<Details>(desk, 'pets', 'show', String(biscuit!.id))).profile).toEqual({});

      await fee.fill('12.35');
      await record.getByLabel('Born').fill(dayFromNow(0).slice(0, 7));
      await record.getByLabel('Microchip number').fill('985141000');
      await record.getByRole('button', { name: 'Save profile' }).click();
      await expect(notification(page, 'Profile of Biscuit saved.')).toBeVisible();
      expect((await cliJson<Details>(desk, 'pets', 'show', String(biscuit!.id))).profile).toEqual({
        adoptionFee: 12.35,
        birthDate: dayFromNow(0).slice(0, 7),
        microchipNumber: '985141000',
      });
    });
  });
}
