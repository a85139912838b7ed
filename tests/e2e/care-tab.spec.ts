/**
 * The record's Care tab says where each dose stands in the due list's words: a dose eight days past
 * its due date is "Overdue (8 days late)", not "Due"; one due today is "Due today".
 */
import type { Stay } from '../../src/shared/movements';
import type { DueList } from '../../src/shared/care';
import { cliJson, expect, openDesk, test } from './fixtures';

test('the Care tab calls a dose eight days late overdue, as the due list does', async ({ page, desk }) => {
  const { petId } = await cliJson<Stay>(desk, 'intake', '--name', 'Late', '--category', '1', '--type', 'stray');
  const { today } = await cliJson<DueList>(desk, 'care', 'due');
  const eightDaysAgo = new Date(Date.parse(`${today}T00:00:00Z`) - 8 * 86_400_000).toISOString().slice(0, 10);
  await cliJson(desk, 'care', 'schedule', String(petId), '--vaccine', 'Leptospirosis', '--due', eightDaysAgo);
  await cliJson(desk, 'care', 'schedule', String(petId), '--vaccine', 'Bordetella', '--due', today);
  const due = await cliJson<DueList>(desk, 'care', 'due');
  expect(due.overdue.find((row) => row.dose.vaccine === 'Leptospirosis')?.overdueDays).toBe(8);

  await openDesk(page, desk);
  await page.evaluate((id) => {
    window.location.hash = `#/pets/${id}/care`;
  }, petId);
  const vaccinations = page.getByRole('table', { name: 'Vaccinations' });
  await expect(vaccinations.getByRole('row', { name: /Leptospirosis/ })).toContainText('Overdue');
  // The window writes a day as its language does ("Nov 25, 2026" in English).
  const shownDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    Date.parse(`${eightDaysAgo}T00:00:00Z`),
  );
  await expect(vaccinations.getByRole('row', { name: /Leptospirosis/ })).toContainText(`${shownDay} (8 days late)`);
  await expect(vaccinations.getByRole('row', { name: /Bordetella/ })).toContainText('Due today');
});
