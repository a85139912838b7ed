/**
 * The Server page's backups panel of a real `serve --admin` sets the
 * nightly backup (folder, how many kept, the time, on), backs up now, lists the backups, and says
 * in its own words why a backup failed; it fits 1000×700 and 1280×800 with nothing cut.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, openDesk, test } from './fixtures';
import { VIEWPORTS, expectNothingCut, sizeName } from './viewports';

for (const viewport of VIEWPORTS) {
  test.describe(`at ${sizeName(viewport)}`, () => {
    test.use({ viewport });
    test.setTimeout(120_000);

    test(`sets the nightly backup, backs up now, tells a failure (${sizeName(viewport)})`, async ({ page, desk }) => {
      const folder = path.join(desk.dataDir, '..', `${path.basename(desk.dataDir)}-backups`);
      try {
        await openDesk(page, desk);
        await page
          .getByRole('navigation', { name: 'Pages' })
          .getByRole('link', { name: 'Server', exact: true })
          .click();
        const panel = page.getByTestId('backups-panel');
        await expect(panel.getByText('Nightly backups are off.')).toBeVisible();
        await expect(panel.getByText('Last backup: none yet.')).toBeVisible();
        await expect(panel.getByRole('button', { name: 'Back up now' })).toBeDisabled();

        // A folder that is no full path is refused in the panel, at the field.
        await panel.getByRole('textbox', { name: 'Folder' }).fill('backups');
        await panel.getByRole('button', { name: 'Save backup settings' }).click();
        await expect(panel.getByText('The backup folder must be a full path')).toBeVisible();

        await panel.getByRole('textbox', { name: 'Folder' }).fill(folder);
        await panel.getByRole('textbox', { name: 'Keep the last' }).fill('3');
        await panel.getByLabel('At').fill('03:30');
        await panel.getByRole('switch', { name: 'Back up every night' }).check();
        await panel.getByRole('button', { name: 'Save backup settings' }).click();
        await expect(panel.getByTestId('backup-next')).toContainText('Next backup:');
        await expect(panel.getByTestId('backup-next')).not.toContainText('off');
        expect(JSON.parse(await desk.cli('--json', 'backup', 'status'))).toMatchObject({
          schedule: { on: true, folder, keep: 3, at: '03:30' },
        });

        await panel.getByRole('button', { name: 'Back up now' }).click();
        await expect(panel.getByText(/^Last backup: .*\(on demand\)/)).toBeVisible();
        await expect(panel.getByTestId('backup-list').locator('tbody tr')).toHaveCount(1);
        await expectNothingCut(page, panel);

        // The folder gone (a drive unplugged): the failure, in the window's words.
        fs.rmSync(folder, { recursive: true });
        await panel.getByRole('button', { name: 'Back up now' }).click();
        await expect(panel.getByTestId('backup-failed')).toContainText('The folder is not there');
        await expectNothingCut(page, panel);
      } finally {
        fs.rmSync(folder, { recursive: true, force: true });
      }
    });
  });
}
