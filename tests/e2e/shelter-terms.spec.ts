/**
 * The adoption contract's terms in the window: on the Shelter page — marked private,
 * a counter of the room left, checked with the shared schema (its limit told under the field, not
 * saved), saved through the admin contract — the page fitting a 1280×800 and a 1000×700 window.
 */
import { CONTRACT_TERMS_MAX } from '../../src/shared/shelter';
import { cliJson, expect, goTo, notification, openDesk, test } from './fixtures';
import { VIEWPORTS, expectNothingCut, sizeName } from './viewports';

const TERMS =
  'The adopter gives the animal a home indoors.\n\nShould the adoption not work out, the animal comes back to the shelter.';

for (const viewport of VIEWPORTS) {
  test.describe(`at ${sizeName(viewport)}`, () => {
    test.use({ viewport });
    test.setTimeout(120_000);

    test('the contract terms: private, counted, checked, saved', async ({ page, desk }) => {
      await openDesk(page, desk);
      await goTo(page, 'Shelter');
      const form = page.getByTestId('shelter-form');
      const terms = form.getByRole('textbox', { name: 'Adoption contract terms' });
      const count = form.getByTestId('contract-terms-count');
      await expect(form.getByText('Private: printed on every adoption contract, never published.')).toBeVisible();
      await expect(count).toHaveText(`0 / ${CONTRACT_TERMS_MAX.toLocaleString('en-US')} characters`);

      await terms.fill('x'.repeat(CONTRACT_TERMS_MAX + 1));
      await expect(count).toHaveText('10,001 / 10,000 characters');
      await form.getByRole('button', { name: 'Save shelter profile' }).click();
      await expect(form.getByText('must be at most 10,000 characters')).toBeVisible();
      expect(await cliJson(desk, 'shelter', 'show')).toEqual({ logo: null, version: expect.any(Number) });
      await expectNothingCut(page);

      await terms.fill(TERMS);
      await expect(count).toHaveText(`${TERMS.length} / 10,000 characters`);
      await form.getByRole('button', { name: 'Save shelter profile' }).click();
      await expect(notification(page, 'Shelter profile saved.')).toBeVisible();
      expect(await cliJson(desk, 'shelter', 'show')).toEqual({
        contractTerms: TERMS,
        logo: null,
        version: expect.any(Number),
      });
      await terms.scrollIntoViewIfNeeded();
      await expectNothingCut(page);
    });
  });
}
