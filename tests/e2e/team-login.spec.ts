/**
 * Team mode in the window, as a shelter would use it: a real `serve --admin` process whose
 * data dir has an owner, a manager and a volunteer made with the CLI, opened **without the token** (as
 * staff on other desks will): the login page, each role's window, an invitation accepted in a second
 * browser, logging out; and at the desk (with the token), team mode started by the first owner.
 */
import type { Browser, Page } from '@playwright/test';
import { addStaff, cliJson, expect, importPets, openDesk, roomInMinute, test, type DeskServer } from './fixtures';
import { VIEWPORTS, expectNothingCut, sizeName } from './viewports';

const PASSWORD = 'a long shelter password';
const TEAM = [
  { name: 'Ana Ruiz', login: 'ana', role: 'owner' },
  { name: 'Marek Nowak', login: 'marek', role: 'manager' },
  { name: 'Vera Lind', login: 'vera', role: 'volunteer' },
  { name: 'Ida Berg', login: 'ida', role: 'api-admin' },
] as const;

/** The team, made on the CLI as the guide says (the first owner turns team mode on), and a pet with a microchip. */
async function makeTeam(desk: DeskServer): Promise<number> {
  await addStaff(desk, PASSWORD, TEAM);
  const [biscuit] = await importPets(desk, [{ name: 'Biscuit', categoryId: 1 }]);
  await desk.cli(
    'pets',
    'profile',
    'set',
    String(biscuit!.id),
    '--breed',
    'Beagle',
    '--microchip',
    '985141000123456',
    '--kennel',
    'Kennel B4',
  );
  return biscuit!.id;
}

/** The admin pages' address without its `#token=`: what a member of staff on another desk opens. */
const staffAddress = (desk: DeskServer) => desk.adminUrl.split('#')[0]!;

async function openAsStaff(page: Page, desk: DeskServer): Promise<void> {
  await page.goto(staffAddress(desk));
  await expect(page.getByTestId('login-page')).toBeVisible();
}

async function logIn(page: Page, login: string, password = PASSWORD): Promise<void> {
  const form = page.getByTestId('login-form');
  await form.getByRole('textbox', { name: 'Login' }).fill(login);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await form.getByRole('button', { name: 'Log in' }).click();
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Pages' });

async function navLabels(page: Page): Promise<string[]> {
  await expect(nav(page).getByRole('link').first()).toBeVisible();
  return nav(page).getByRole('link').allTextContents();
}

test('the login page: a wrong password is refused in the form, which keeps the login and drops the password', async ({
  page,
  desk,
}) => {
  await makeTeam(desk);
  await openAsStaff(page, desk);
  await logIn(page, 'vera', 'not the password at all');
  const form = page.getByTestId('login-form');
  await expect(form.getByTestId('dialog-failure')).toContainText('The login or the password is wrong');
  await expect(form.getByRole('textbox', { name: 'Login' })).toHaveValue('vera');
  await expect(form.getByRole('textbox', { name: 'Password', exact: true })).toHaveValue('');
  await expect(page.getByTestId('access-denied')).toHaveCount(0);

  // A deactivated account is told like a wrong password (the engine does not say which).
  const marek = (await cliJson<{ id: number; login: string }[]>(desk, 'staff', 'list')).find(
    (member) => member.login === 'marek',
  );
  await desk.cli('staff', 'deactivate', String(marek!.id));
  await logIn(page, 'marek');
  await expect(form.getByTestId('dialog-failure')).toContainText('deactivated');
  await expect(form.getByRole('textbox', { name: 'Password', exact: true })).toHaveValue('');

  // Five attempts a minute per login: the sixth is throttled, and the form says how long to wait.
  await roomInMinute(30);
  for (let attempt = 1; attempt <= 5; attempt++) {
    await logIn(page, 'ana', `wrong password ${attempt}`);
    await expect(form.getByTestId('dialog-failure')).toContainText('The login or the password is wrong');
  }
  await logIn(page, 'ana');
  await expect(form.getByTestId('dialog-failure')).toContainText('Too many attempts');
  await expect(form.getByTestId('dialog-failure')).toContainText(/Wait \d+ seconds/);
  await expect(page.getByTestId('signed-in')).toHaveCount(0);
});

test('the login page in French: its words and its refusal follow the language', async ({ page, desk }) => {
  await makeTeam(desk);
  const url = new URL(staffAddress(desk));
  url.searchParams.set('lang', 'fr');
  await page.goto(url.toString());
  await expect(page.getByTestId('login-page')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByTestId('login-page')).toContainText('Connexion à Adoption Desk');
  const form = page.getByTestId('login-form');
  await form.getByRole('textbox', { name: 'Identifiant' }).fill('vera');
  await form.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill('pas le bon mot de passe');
  await form.getByRole('button', { name: 'Se connecter' }).click();
  await expect(form.getByTestId('dialog-failure')).toContainText('L’identifiant ou le mot de passe est incorrect');
  await expect(form.getByRole('textbox', { name: 'Mot de passe', exact: true })).toHaveValue('');
  await expectNothingCut(page);
});

test("a volunteer: Pets and Today, no People, Reports or Staff; a pet's record without microchip, kennel or Delete; the engine still refuses people.list", async ({
  page,
  desk,
}) => {
  const biscuit = await makeTeam(desk);
  await openAsStaff(page, desk);
  await logIn(page, 'vera');
  await expect(page.getByTestId('signed-in')).toContainText('Vera Lind');
  await expect(page.getByTestId('signed-in')).toContainText('Volunteer');
  const labels = await navLabels(page);
  // Today for the vaccinations due alone (tests/e2e/volunteer-care.spec.ts).
  expect(labels).toEqual(expect.arrayContaining(['Pets', 'Today']));
  for (const hidden of ['People', 'Reports', 'Audit', 'Staff', 'Accounts & keys', 'Plans', 'Quota lab', 'Server'])
    expect(labels).not.toContain(hidden);

  const row = page.getByTestId(`pet-row-${biscuit}`);
  await expect(row).toBeVisible();
  await expect(row.getByRole('button', { name: 'Delete Biscuit' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Edit Biscuit' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Take in' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add pet' })).toHaveCount(0);

  await row.getByRole('button', { name: 'Record of Biscuit', exact: true }).click();
  const record = page.getByTestId('pet-record-page');
  await expect(record.getByTestId('record-header')).toContainText('Biscuit');
  await expect(record.getByRole('tab', { name: 'Movements' })).toHaveCount(0);
  await record.getByRole('tab', { name: 'Profile' }).click();
  const profile = record.getByTestId('pet-profile-form');
  await expect(profile.getByRole('textbox', { name: 'Primary breed' })).toHaveValue('Beagle');
  await expect(profile.getByRole('textbox', { name: 'Primary breed' })).toBeDisabled();
  await expect(profile.getByText('Microchip number')).toHaveCount(0);
  await expect(profile.getByText('Kennel location')).toHaveCount(0);
  await expect(profile.getByRole('button', { name: 'Save profile' })).toHaveCount(0);
  await expect(page.locator('body')).not.toContainText('985141000123456');

  // The window hides, the engine judges: the volunteer's own session asking for the people is refused.
  const refused = await page.evaluate(async () => {
    const response = await fetch('/admin/api/people.list', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ environment: 'production', query: {} }),
    });
    return { status: response.status, body: (await response.json()) as { code: string; details?: { reason: string } } };
  });
  expect(refused).toMatchObject({ status: 403, body: { code: 'forbidden', details: { reason: 'role_not_allowed' } } });

  await page.goto(`${staffAddress(desk)}#/people`);
  await expect(page.getByTestId('not-for-this-role')).toBeVisible();

  await page.getByTestId('signed-in').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByTestId('login-page')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('login-page')).toBeVisible();
});

test('a manager sees People and Reports but no Staff page', async ({ page, desk }) => {
  await makeTeam(desk);
  await openAsStaff(page, desk);
  await logIn(page, 'marek');
  await expect(page.getByTestId('signed-in')).toContainText('Manager');
  const labels = await navLabels(page);
  // The Server page for its backups panel, which managers may use; its settings stay the owners'.
  expect(labels).toEqual(expect.arrayContaining(['Pets', 'People', 'Reports', 'Audit', 'Server', 'Accounts & keys']));
  expect(labels).not.toContain('Staff');
});

test('an API admin sees the API pages and no animals, and opens on the first of them', async ({ page, desk }) => {
  await makeTeam(desk);
  await openAsStaff(page, desk);
  await logIn(page, 'ida');
  await expect(page.getByTestId('signed-in')).toContainText('API admin');
  const labels = await navLabels(page);
  expect(labels).toEqual(
    expect.arrayContaining(['Accounts & keys', 'Plans', 'Usage', 'API console', 'Quota lab', 'Requests']),
  );
  for (const hidden of ['Pets', 'People', 'Staff', 'Server']) expect(labels).not.toContain(hidden);
  await expect(page).toHaveURL(/#\/accounts$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Accounts & keys' })).toBeVisible();
});

async function acceptInvite(browser: Browser, desk: DeskServer, code: string): Promise<void> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await openAsStaff(page, desk);
    await page.getByRole('button', { name: 'I have an invitation code' }).click();
    const form = page.getByTestId('accept-invite-form');
    await form.getByRole('textbox', { name: 'Invitation code' }).fill(code);
    await form.getByRole('textbox', { name: 'Your login' }).fill('ben');
    await form.getByRole('textbox', { name: 'Your password', exact: true }).fill('ben’s own long password');
    await form.getByRole('textbox', { name: 'The password again', exact: true }).fill('ben’s own long password');
    await form.getByRole('button', { name: 'Join the team' }).click();
    await expect(page.getByTestId('joined')).toBeVisible();
    await expect(page.getByTestId('login-form').getByRole('textbox', { name: 'Login' })).toHaveValue('ben');
    await page
      .getByTestId('login-form')
      .getByRole('textbox', { name: 'Password', exact: true })
      .fill('ben’s own long password');
    await page.getByTestId('login-form').getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByTestId('signed-in')).toContainText('Ben Okafor');
    await expect(page.getByTestId('signed-in')).toContainText('Staff');
    expect(await navLabels(page)).toContain('People');
  } finally {
    await context.close();
  }
}

test('an owner invites; the code is accepted in a second browser and the new member logs in', async ({
  page,
  desk,
  browser,
}) => {
  await makeTeam(desk);
  await openAsStaff(page, desk);
  await logIn(page, 'ana');
  await nav(page).getByRole('link', { name: 'Staff', exact: true }).click();
  const staffPage = page.getByTestId('staff-page');
  await expect(staffPage.getByTestId('staff-row-vera')).toContainText('Volunteer');
  await staffPage.getByRole('button', { name: 'Invite' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a member of staff' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Ben Okafor');
  await dialog.getByRole('button', { name: 'Make the code' }).click();
  const code = (await page.getByTestId('invite-code-value').textContent()) ?? '';
  expect(code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
  await expect(page.getByTestId('invite-code')).toContainText('works once');
  await expect(page.getByRole('button', { name: 'Copy' })).toBeVisible();
  await page.getByRole('button', { name: 'Done' }).click();

  await acceptInvite(browser, desk, code);
  // A reload keeps the owner's session (the cookie) and reads the team again.
  await page.reload();
  await expect(staffPage.getByTestId('staff-row-ben')).toContainText('Staff');

  // The last owner cannot be made a manager: the refusal stays in the dialog.
  await staffPage.getByRole('button', { name: 'Change the role of Ana Ruiz' }).click();
  const role = page.getByTestId('role-dialog');
  await role.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: /^Manager/ }).click();
  await role.getByRole('button', { name: 'Change role' }).click();
  await expect(role.getByTestId('dialog-failure')).toContainText('last active owner');
});

for (const viewport of VIEWPORTS) {
  test(`the login page and the Staff page fit ${sizeName(viewport)}`, async ({ page, desk }) => {
    await page.setViewportSize(viewport);
    await makeTeam(desk);
    await openAsStaff(page, desk);
    await expectNothingCut(page);
    await page.getByRole('button', { name: 'I have an invitation code' }).click();
    await expect(page.getByTestId('accept-invite-form')).toBeVisible();
    await expectNothingCut(page);
    await page.getByRole('button', { name: 'Back to the login' }).click();
    await logIn(page, 'ana');
    await nav(page).getByRole('link', { name: 'Staff', exact: true }).click();
    await expect(page.getByTestId('staff-row-marek')).toBeVisible();
    await expectNothingCut(page);
    await page.getByRole('button', { name: 'Invite' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a member of staff' });
    await expectNothingCut(page, dialog);
  });
}

test('at the desk with no staff yet, the Staff page starts team mode with the first owner', async ({
  page,
  desk,
  browser,
}) => {
  await openDesk(page, desk);
  await nav(page).getByRole('link', { name: 'Staff', exact: true }).click();
  const card = page.getByTestId('first-owner-card');
  await expect(card).toContainText('Give each person their own login');
  await page.setViewportSize({ width: 1000, height: 700 });
  await expectNothingCut(page);
  await card.getByRole('button', { name: 'Start team mode' }).click();
  await expectNothingCut(page, page.getByRole('dialog', { name: 'The first owner' }));
  const form = page.getByTestId('first-owner-form');
  // "Desk" is how the audit trail names this desk: the form says so before anything is sent.
  await form.getByRole('textbox', { name: 'Your name' }).fill(' Desk ');
  await form.getByRole('textbox', { name: 'Your login' }).fill('ana');
  await form.getByRole('textbox', { name: 'Your password', exact: true }).fill(PASSWORD);
  await form.getByRole('textbox', { name: 'The password again', exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Become the owner' }).click();
  await expect(form).toContainText('The audit trail calls this desk “desk”: give the person’s own name');
  await expectNothingCut(page, page.getByRole('dialog', { name: 'The first owner' }));
  expect(await cliJson(desk, 'staff', 'list')).toEqual([]);
  await form.getByRole('textbox', { name: 'Your name' }).fill('Ana Ruiz');
  await form.getByRole('button', { name: 'Become the owner' }).click();
  await expect(page.getByTestId('staff-row-ana')).toContainText('Owner');
  await expect(page.getByTestId('first-owner-card')).toHaveCount(0);
  // The desk keeps every right; a browser without the token now meets the login page.
  expect(await navLabels(page)).toContain('Server');
  const other = await browser.newContext();
  try {
    const staffPage = await other.newPage();
    await openAsStaff(staffPage, desk);
    await logIn(staffPage, 'ana');
    await expect(staffPage.getByTestId('signed-in')).toContainText('Owner');
  } finally {
    await other.close();
  }
});
