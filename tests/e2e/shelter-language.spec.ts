/**
 * The shelter's language in the window: it is a select on the Shelter page (English until
 * chosen), saved through the admin contract, the page fitting a 1280×800 and a 1000×700 window.
 */
import { cliJson, expect, goTo, notification, openDesk, test } from './fixtures';
import { VIEWPORTS, expectNothingCut, sizeName } from './viewports';

for (const viewport of VIEWPORTS) {
  test.describe(`at ${sizeName(viewport)}`, () => {
    test.use({ viewport });
    test.setTimeout(120_000);

    test('the language everything is published in: English until French is chosen and saved', async ({
      page,
      desk,
    }) => {
      await openDesk(page, desk);
      await goTo(page, 'Shelter');
      const form = page.getByTestId('shelter-form');
      const language = form.getByRole('combobox', { name: 'Language' });
      await expect(language).toHaveValue('English');
      await expectNothingCut(page);
      await language.click();
      await page.getByRole('option', { name: 'Français' }).click();
      await expect(language).toHaveValue('Français');
      await form.getByRole('button', { name: 'Save shelter profile' }).click();
      await expect(notification(page, 'Shelter profile saved.')).toBeVisible();
      expect(await cliJson(desk, 'shelter', 'show')).toEqual({
        language: 'fr',
        logo: null,
        version: expect.any(Number),
      });
      await expectNothingCut(page);
    });
  });
}
