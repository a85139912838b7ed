/**
 * What the window says about an animal's movements is what happened: an expired reservation is not
 * "Active" and is not counted as reserved on Today.
 */
import type { Stay } from '../../src/shared/movements';
import { cliJson, expect, openDesk, test } from './fixtures';

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();

test('an expired reservation says so on the record page, and Today does not count it as reserved', async ({ page, desk }) => {
  const { petId } = await cliJson<Stay>(desk, 'intake', '--name', 'Lapsed', '--category', '1', '--type', 'stray', '--at', ago(3));
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
