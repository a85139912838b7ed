/**
 * The Staff page lists the invitations waiting (who made each, the role, when it expires) and shows
 * the lockouts, on a real `serve --admin` whose team is made with the CLI; an owner, logged in
 * without the token as on another desk, revokes an invitation in the window, and the CLI agrees.
 */
import type { Page } from '@playwright/test';
import { ADMIN_HTTP_PREFIX } from '../../src/shared/admin-contract';
import { LOGIN_LIMITS } from '../../src/shared/staff';
import { addStaff, cliJson, expect, openDesk, roomInMinute, test, type DeskServer } from './fixtures';
import { expectNothingCut } from './viewports';

const PASSWORD = 'a long shelter password';
test.use({ viewport: { width: 1000, height: 700 } });

const staffAddress = (desk: DeskServer) => desk.adminUrl.split('#')[0]!;

async function logIn(page: Page, login: string): Promise<void> {
  const form = page.getByTestId('login-form');
  await form.getByRole('textbox', { name: 'Login' }).fill(login);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('signed-in')).toBeVisible();
}

test('an owner sees the invitations waiting and the lockouts, and revokes an invitation', async ({ page, desk }) => {
  await addStaff(desk, PASSWORD, [{ name: 'Ana Ruiz', login: 'ana', role: 'owner' }]);
  await desk.cli('staff', 'invite', '--name', 'Cleo Marsh', '--role', 'volunteer');
  // Someone guesses at a login from elsewhere until its brake holds. The brake counts in fixed UTC
  // minutes on the real clock: the guesses and the look at the Staff page must share one minute, or
  // the guesses split over two windows (no brake) or the brake ends before the page shows it.
  await roomInMinute(30);
  const origin = new URL(staffAddress(desk)).origin;
  for (let attempt = 0; attempt < LOGIN_LIMITS.perLogin.perMinute; attempt++) {
    await fetch(`${origin}${ADMIN_HTTP_PREFIX}staff.login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'marek', password: 'a guess at it' }),
    });
  }

  await page.goto(staffAddress(desk));
  await expect(page.getByTestId('login-page')).toBeVisible();
  await logIn(page, 'ana');
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Staff', exact: true }).click();
  const staffPage = page.getByTestId('staff-page');
  await expect(staffPage.getByTestId('lockouts-card')).toContainText(
    'Logging in as marek from anywhere new: refused until',
  );

  // The owner makes an invitation in the window: it joins the desk's in the list.
  await staffPage.getByRole('button', { name: 'Invite' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a member of staff' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Dan Ek');
  await dialog.getByRole('button', { name: 'Make the code' }).click();
  await expect(page.getByTestId('invite-code')).toBeVisible();
  await page.getByRole('button', { name: 'Done' }).click();

  const table = staffPage.getByTestId('invitations-table');
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Cleo Marsh');
  await expect(rows.nth(0)).toContainText('Volunteer');
  await expect(rows.nth(0)).toContainText('The desk');
  await expect(rows.nth(1)).toContainText('Dan Ek');
  await expect(rows.nth(1)).toContainText('Ana Ruiz');
  await expectNothingCut(page);

  await table.getByRole('button', { name: 'Revoke the invitation for Cleo Marsh' }).click();
  const revoke = page.getByTestId('revoke-invite-dialog');
  await expect(revoke).toContainText('Their code stops working at once.');
  await revoke.getByRole('button', { name: 'Revoke' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.nth(0)).toContainText('Dan Ek');
  expect((await cliJson<{ name: string }[]>(desk, 'staff', 'invitations')).map((invite) => invite.name)).toEqual([
    'Dan Ek',
  ]);
});

test('at the desk, with the token, the invitations are listed too', async ({ page, desk }) => {
  await addStaff(desk, PASSWORD, [{ name: 'Ana Ruiz', login: 'ana', role: 'owner' }]);
  await desk.cli('staff', 'invite', '--name', 'Cleo Marsh', '--role', 'staff');
  await openDesk(page, desk);
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Staff', exact: true }).click();
  await expect(page.getByTestId('invitations-table')).toContainText('Cleo Marsh');
  await expect(page.getByTestId('lockouts-card')).toHaveCount(0);
});
