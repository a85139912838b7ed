/**
 * The desk's lost and found at 1000×700: staff enter a lost report for a black-and-white collie,
 * the right stray in care is its first match with the fields that agreed, and "Return to owner"
 * records the stray's return-to-owner outcome on its movements.
 */
import { adminCall, expect, openDesk, test } from './fixtures';

test.use({ viewport: { width: 1000, height: 700 } });

test('enter a lost report, see its match explained, confirm: the stray goes home', async ({ page, desk }) => {
  const environment = 'production';
  const intake = async (name: string, reason: string) =>
    (
      await adminCall(desk, 'movements.intake', {
        environment,
        intake: { pet: { name, categoryId: 1 }, type: 'stray', reason },
      })
    ).petId;
  const noisette = await intake('Noisette', 'Found in the Parc de la Tête d’Or, 69006');
  await adminCall(desk, 'pets.setProfile', {
    environment,
    id: noisette,
    profile: { color: 'black and white', breedPrimary: 'Border Collie', sex: 'female', size: 'medium' },
  });
  const brutus = await intake('Brutus', 'Found on the ring road');
  await adminCall(desk, 'pets.setProfile', {
    environment,
    id: brutus,
    profile: { color: 'brown', breedPrimary: 'Boxer', sex: 'male', size: 'large' },
  });

  await openDesk(page, desk);
  await page
    .getByRole('navigation', { name: 'Pages' })
    .getByRole('link', { name: 'Lost and found', exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lost and found', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'New report' }).click();
  const dialog = page.getByRole('dialog', { name: 'New lost or found report' });
  await dialog.getByLabel('Colour').fill('Black and white');
  await dialog.getByLabel('Breed').fill('border collie');
  await dialog.getByLabel('Postcode').fill('69006');
  await dialog.getByLabel('Distinguishing features').fill('Torn left ear');
  await dialog.getByLabel("Reporter's name").fill('Camille Martin');
  await dialog.getByLabel('Phone').fill('06 12 34 56 78');
  await dialog.getByRole('button', { name: 'Save and match' }).click();
  await expect(dialog).toBeHidden();

  const panel = page.getByLabel(/^Report #\d+$/);
  const first = panel.getByLabel(/in care since/).first();
  await expect(first).toContainText('Noisette');
  await expect(first).toContainText('Colour matches');
  await expect(first).toContainText('Breed matches');
  await first.getByRole('button', { name: 'Return to owner' }).click();
  await expect(panel.getByText('Returned', { exact: true })).toBeVisible();

  const record = await adminCall(desk, 'movements.record', { environment, petId: noisette });
  expect(record.stays[0]?.outcomeType).toBe('return_to_owner');
  expect(record.pet.departure).toBe('return_to_owner');
});
