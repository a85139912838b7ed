/**
 * An owner manages the team in the window, on a real `serve --admin` whose
 * team is made with the CLI and whose desk switches the shelter server on: the owner and a volunteer
 * are browsers that trust only the shelter's CA, over HTTPS. A seasonal volunteer reactivated, a
 * name corrected, a forgotten password set and used in the volunteer's browser; then at the desk
 * (the token) team mode off (the volunteer's window meets the login page saying logins are off) and
 * on again. Every page and dialog fits 1000×700.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { chosenBrowser } from './browser';
import { addStaff, cliJson, expect, goTo, openDesk, test, type DeskServer } from './fixtures';
import { expectNothingCut } from './viewports';
import { freePort } from '../helpers/free-port';
import { CERTUTIL_MISSING, homeTrusting } from '../helpers/trusted-ca-home';

const PASSWORD = 'a long shelter password';
const NEW_PASSWORD = 'vera’s new long password';
const SIZE = { width: 1000, height: 700 };

if (CERTUTIL_MISSING && process.env.CI === 'true') throw new Error(CERTUTIL_MISSING);
test.skip(CERTUTIL_MISSING !== undefined, CERTUTIL_MISSING ?? '');
test.use({ explicitPorts: true, viewport: SIZE });
test.setTimeout(180_000);

async function makeTeam(desk: DeskServer): Promise<void> {
  await addStaff(desk, PASSWORD, [
    { name: 'Ana Ruiz', login: 'ana', role: 'owner' },
    { name: 'Vera Lnid', login: 'vera', role: 'volunteer' },
  ]);
  const vera = (await cliJson<{ id: number; login: string }[]>(desk, 'staff', 'list')).find(
    (member) => member.login === 'vera',
  );
  await desk.cli('staff', 'deactivate', String(vera!.id));
}

/** The desk switches the shelter server on (the Server page); its address for the other desks. */
async function serveTheShelter(page: Page): Promise<string> {
  await goTo(page, 'Server');
  const panel = page.getByTestId('team-server');
  const port = await freePort();
  await panel.getByRole('textbox', { name: 'Port' }).fill(String(port));
  await panel.getByRole('switch', { name: 'This computer is the shelter’s server' }).click();
  await expect(panel.getByRole('switch', { name: 'This computer is the shelter’s server' })).toBeChecked();
  return `https://localhost:${port}/admin/`;
}

async function logIn(page: Page, login: string, password: string): Promise<void> {
  const form = page.getByTestId('login-form');
  await form.getByRole('textbox', { name: 'Login' }).fill(login);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await form.getByRole('button', { name: 'Log in' }).click();
}

let browser: Browser | undefined;
test.afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

test('an owner reactivates, renames and sets a password; the desk switches team mode off and on', async ({
  page: deskPage,
  desk,
}) => {
  await makeTeam(desk);
  await openDesk(deskPage, desk);
  const address = await serveTheShelter(deskPage);
  const choice = chosenBrowser();
  const home = homeTrusting(
    await desk.cli('certificates', 'ca'),
    fs.mkdtempSync(path.join(os.tmpdir(), 'adk-staff-home-')),
  );
  browser = await chromium.launch({
    executablePath: choice.executablePath,
    args: choice.args,
    env: { ...process.env, ...choice.env, HOME: home },
  });
  const page = await (await browser.newContext({ viewport: SIZE })).newPage();
  await page.goto(address);
  await logIn(page, 'ana', PASSWORD);
  await expect(page.getByTestId('signed-in')).toContainText('Ana Ruiz');
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Staff', exact: true }).click();
  const staffPage = page.getByTestId('staff-page');
  const vera = staffPage.getByTestId('staff-row-vera');
  await expect(vera).toContainText('Deactivated');
  // An owner's session cannot switch team mode: only the desk sees the switch.
  await expect(page.getByTestId('team-mode-card')).toHaveCount(0);
  await expectNothingCut(page);

  // A seasonal volunteer comes back.
  await staffPage.getByRole('button', { name: 'Reactivate Vera Lnid' }).click();
  const reactivate = page.getByTestId('reactivate-dialog');
  await expect(reactivate).toContainText('can log in again as vera');
  await expectNothingCut(page, page.getByRole('dialog', { name: 'Reactivate Vera Lnid?' }));
  await reactivate.getByRole('button', { name: 'Reactivate' }).click();
  await expect(vera).toContainText('Active');

  // The name mistyped at the invitation; "desk" is refused before sending.
  await staffPage.getByRole('button', { name: 'Rename Vera Lnid' }).click();
  const rename = page.getByTestId('rename-form');
  await rename.getByRole('textbox', { name: 'Name' }).fill('Desk');
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(rename).toContainText('The audit trail calls this desk');
  await rename.getByRole('textbox', { name: 'Name' }).fill('Vera Lind');
  await expectNothingCut(page, page.getByRole('dialog', { name: 'Rename Vera Lnid' }));
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(vera).toContainText('Vera Lind');

  // Her own password is Change password's: the row action says so and does nothing.
  await expect(staffPage.getByRole('button', { name: 'Set a new password for Ana Ruiz' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );

  // Vera forgot hers: the owner sets one, checked twice against the rules.
  await staffPage.getByRole('button', { name: 'Set a new password for Vera Lind' }).click();
  const reset = page.getByTestId('set-password-form');
  await expect(reset).toContainText('logged out on every desk at once');
  await expect(reset).toContainText('Tell it to them in person');
  await reset.getByRole('textbox', { name: 'New password', exact: true }).fill('short');
  await reset.getByRole('button', { name: 'Set the password' }).click();
  await expect(reset).toContainText('At least 10 characters');
  await reset.getByRole('textbox', { name: 'New password', exact: true }).fill(NEW_PASSWORD);
  await reset.getByRole('textbox', { name: 'The new password again', exact: true }).fill(NEW_PASSWORD);
  await expectNothingCut(page, page.getByRole('dialog', { name: 'A new password for Vera Lind' }));
  await reset.getByRole('button', { name: 'Set the password' }).click();
  await expect(reset).toHaveCount(0);

  {
    const veraPage = await (await browser.newContext({ viewport: SIZE })).newPage();
    await veraPage.goto(address);
    await logIn(veraPage, 'vera', PASSWORD);
    await expect(veraPage.getByTestId('login-form').getByTestId('dialog-failure')).toContainText(
      'The login or the password is wrong',
    );
    await logIn(veraPage, 'vera', NEW_PASSWORD);
    await expect(veraPage.getByTestId('signed-in')).toContainText('Vera Lind');

    // At the desk: team mode off, with what it does said first.
    await deskPage.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Staff', exact: true }).click();
    await deskPage.getByTestId('team-mode-card').getByRole('button', { name: 'Switch team mode off…' }).click();
    const off = deskPage.getByTestId('team-mode-dialog');
    await expect(off).toContainText('Every member is logged out at once');
    await expect(off).toContainText('nobody can log in');
    await expect(off).toContainText(
      'The shelter server on this computer keeps answering at its address, but only with that login page.',
    );
    await expectNothingCut(deskPage, deskPage.getByRole('dialog', { name: 'Switch team mode off?' }));
    await off.getByRole('button', { name: 'Switch off' }).click();
    await expect(deskPage.getByTestId('team-mode-card')).toContainText('Logins are switched off');

    // Vera's window meets the login page, which says logins are off; her login is refused so.
    await veraPage.reload();
    await expect(veraPage.getByTestId('login-page')).toContainText('Logins are switched off');
    await logIn(veraPage, 'vera', NEW_PASSWORD);
    await expect(veraPage.getByTestId('login-form').getByTestId('dialog-failure')).toContainText('Team mode is off');
    await expectNothingCut(veraPage);

    await deskPage.getByTestId('team-mode-card').getByRole('button', { name: 'Switch team mode on…' }).click();
    await expectNothingCut(deskPage, deskPage.getByRole('dialog', { name: 'Switch team mode on?' }));
    await deskPage.getByTestId('team-mode-dialog').getByRole('button', { name: 'Switch on' }).click();
    await expect(deskPage.getByTestId('team-mode-card')).toContainText('Team mode is on');
    await veraPage.reload();
    await logIn(veraPage, 'vera', NEW_PASSWORD);
    await expect(veraPage.getByTestId('signed-in')).toContainText('Vera Lind');

    // The last owner stays: the refusal is said inside the dialog, which stays open; Vera is deactivated again.
    const deskStaff = deskPage.getByTestId('staff-page');
    await deskStaff.getByRole('button', { name: 'Deactivate Ana Ruiz' }).click();
    const deactivate = deskPage.getByTestId('deactivate-dialog');
    await expect(deactivate).toContainText('logged out on every desk at once');
    await deactivate.getByRole('button', { name: 'Deactivate' }).click();
    await expect(deactivate.getByTestId('dialog-failure')).toContainText('This is the last active owner');
    await expectNothingCut(deskPage, deskPage.getByRole('dialog', { name: 'Deactivate Ana Ruiz?' }));
    await deactivate.getByRole('button', { name: 'Keep' }).click();
    await expect(deactivate).toHaveCount(0);
    await expect(deskStaff.getByTestId('staff-row-ana')).toContainText('Active');
    await deskStaff.getByRole('button', { name: 'Deactivate Vera Lind' }).click();
    await deskPage.getByTestId('deactivate-dialog').getByRole('button', { name: 'Deactivate' }).click();
    await expect(deskStaff.getByTestId('staff-row-vera')).toContainText('Deactivated');
  }
});
