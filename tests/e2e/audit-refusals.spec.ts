/**
 * The audit trail and the backups in the window, in team mode: members logged in with a session cookie (no admin
 * token) see the Audit page and the backups panel as their role allows, and a refusal in the
 * window's words where it does not: a volunteer gets neither, a manager reads both and backs up now
 * but may not change where backups go.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { addStaff, expect, test, type DeskServer } from './fixtures';

const PASSWORD = 'correct horse battery staple';

/** Logs `login` in through the admin API; the context keeps its session cookie, then the window opens without the token. */
async function openAs(page: Page, desk: DeskServer, login: string, hash: string): Promise<void> {
  const origin = new URL(desk.adminUrl).origin;
  const response = await page.request.post(`${origin}/admin/api/staff.login`, { data: { login, password: PASSWORD } });
  expect(response.ok(), await response.text()).toBe(true);
  await page.goto(`${origin}/admin/${hash}`);
  await expect(page.locator('html[data-ready="true"]')).toBeAttached();
}

test.describe('in team mode', () => {
  test.use({ viewport: { width: 1000, height: 700 } });

  test.beforeEach(async ({ desk }) => {
    await addStaff(desk, PASSWORD, [
      { name: 'Olga', login: 'olga', role: 'owner' },
      { name: 'Manu', login: 'manu', role: 'manager' },
      { name: 'Vera', login: 'vera', role: 'volunteer' },
    ]);
  });

  test('a volunteer is told the audit trail and the backups are not for their role (the pages are hidden)', async ({
    page,
    desk,
  }) => {
    await openAs(page, desk, 'vera', '#/audit');
    await expect(page.getByTestId('not-for-this-role')).toBeVisible();
    await expect(page.getByTestId('audit-table')).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Audit' })).toHaveCount(0);
    await page.goto(`${new URL(desk.adminUrl).origin}/admin/#/server`);
    await expect(page.getByTestId('not-for-this-role')).toBeVisible();
    await expect(page.getByTestId('backups-panel')).toHaveCount(0);
  });

  test('a manager reads the trail with their own logins in it, backs up now, and may not change the folder', async ({
    page,
    desk,
  }) => {
    // Beside the data dir, never inside it (a backup folder inside it is refused).
    const folder = path.join(desk.dataDir, '..', `${path.basename(desk.dataDir)}-nightly`);
    try {
      await desk.cli('backup', 'schedule', '--folder', folder);
      await openAs(page, desk, 'manu', '#/audit');
      await expect(page.getByTestId('audit-row').first()).toContainText('Manu');
      await expect(page.getByTestId('audit-row').first()).toContainText('Logged in');
      await expect(page.getByTestId('audit-row').first()).toContainText('from 127.0.0.1');

      await page.goto(`${new URL(desk.adminUrl).origin}/admin/#/server`);
      const panel = page.getByTestId('backups-panel');
      await panel.getByRole('button', { name: 'Back up now' }).click();
      await expect(panel.getByTestId('backup-list').locator('tbody tr')).toHaveCount(1);
      await panel.getByRole('textbox', { name: 'Keep the last' }).fill('2');
      await panel.getByRole('button', { name: 'Save backup settings' }).click();
      await expect(panel.getByRole('alert')).toContainText('Only an owner can change this');
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
