/**
 * The animal's applications panel on its record at 1000×700: empty list said in words, and "pause
 * applications" stored (it survives a reload) and said on the panel.
 */
import { expect, importPets, openDesk, test } from './fixtures';

test.use({ viewport: { width: 1000, height: 700 } });

test('an animal’s applications are paused from its record and stay paused', async ({ page, desk }) => {
  const [noisette] = await importPets(desk, [{ name: 'Noisette', categoryId: 1 }]);
  await openDesk(page, desk);
  await page.evaluate((id) => (location.hash = `#/pets/${id}`), noisette!.id);
  await page.getByRole('tab', { name: 'Profile' }).click();
  const panel = page.getByTestId('pet-applications');
  await expect(panel.getByText('No open application for this animal.')).toBeVisible();
  await panel.getByRole('button', { name: 'Pause applications' }).click();
  await expect(panel.getByTestId('pet-applications-paused')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('pet-applications').getByRole('button', { name: 'Resume applications' })).toBeVisible();
});
