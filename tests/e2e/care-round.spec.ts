/**
 * Care in the window: the protocol schedules doses at intake, the Today page's due list
 * records a whole vaccination round in one dialog (a batch per vaccine), and the animal's record
 * page shows each dose given with its batch; at 1000×700 nothing is cut.
 */
import type { Stay } from '../../src/shared/movements';
import type { DueList } from '../../src/shared/care';
import { cliJson, expect, openDesk, test } from './fixtures';
import { expectNothingCut } from './viewports';

test.use({ viewport: { width: 1000, height: 700 } });

test('a vaccination round from the due list in one action, then the record page shows each dose given', async ({
  page,
  desk,
}) => {
  const dogs: number[] = [];
  for (const name of ['Ace', 'Bea', 'Cob'])
    dogs.push((await cliJson<Stay>(desk, 'intake', '--name', name, '--category', '1', '--type', 'stray')).petId);
  const before = await cliJson<DueList>(desk, 'care', 'due');
  expect(before.dueToday.length).toBeGreaterThanOrEqual(3);

  await openDesk(page, desk);
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Today', exact: true }).click();
  const due = page.getByTestId('due-list');
  const todayTable = due.getByRole('table', { name: 'Today' });
  await expect(todayTable.getByRole('row')).toHaveCount(before.dueToday.length + 1);
  await expectNothingCut(page);

  await due.getByRole('checkbox', { name: 'Select all: Today' }).check();
  await due.getByRole('button', { name: `Given: ${before.dueToday.length} selected…` }).click();
  const dialog = page.getByRole('dialog', { name: `Given: a round of ${before.dueToday.length} animals` });
  await expect(dialog).toBeVisible();
  await expectNothingCut(page, dialog);
  const batches = dialog.getByLabel('Batch (lot)');
  for (let index = 0; index < (await batches.count()); index += 1) await batches.nth(index).fill(`LOT-${index + 1}`);
  await dialog.getByRole('button', { name: `Record ${before.dueToday.length} as given` }).click();
  await expect(dialog).toBeHidden();
  await expect(due.getByRole('table', { name: 'Today' })).toHaveCount(0);

  const after = await cliJson<DueList>(desk, 'care', 'due');
  expect(after.dueToday).toEqual([]);

  await page.evaluate((id) => {
    window.location.hash = `#/pets/${id}/care`;
  }, dogs[0]);
  await expect(page.getByRole('tab', { name: 'Care' })).toHaveAttribute('aria-selected', 'true');
  const vaccinations = page.getByRole('table', { name: 'Vaccinations' });
  await expect(vaccinations.getByRole('row', { name: /DHPP.*Given.*LOT-/ })).toBeVisible();
  await expectNothingCut(page);
});
