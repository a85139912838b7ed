/**
 * The window's frame in a member's own language: a member who chose French sees the header, the
 * navigation, the login page and the Staff page in French, in a new browser too (the choice is kept
 * with the member), and switches to German from the header without the page reloading.
 */
import type { Page } from '@playwright/test';
import { addStaff, expect, test } from './fixtures';

const PASSWORD = 'a long shelter password';
const staffAddress = (adminUrl: string) => adminUrl.split('#')[0]!;

async function logIn(page: Page, labels: { login: string; password: string; submit: string }, login: string) {
  const form = page.getByTestId('login-form');
  await form.getByRole('textbox', { name: labels.login }).fill(login);
  await form.getByRole('textbox', { name: labels.password, exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: labels.submit }).click();
}

const nav = (page: Page) => page.getByRole('navigation');

test('a member who chose French sees the shell in French, and switches to German without a reload', async ({
  desk,
  browser,
}) => {
  await addStaff(desk, PASSWORD, [
    { name: 'Claire Martin', login: 'claire', role: 'owner' },
    { name: 'Jonas Weber', login: 'jonas', role: 'staff' },
  ]);

  // First visit: the browser speaks English; Claire picks French from the header.
  const first = await browser.newPage();
  await first.goto(staffAddress(desk.adminUrl));
  await logIn(first, { login: 'Login', password: 'Password', submit: 'Log in' }, 'claire');
  await expect(nav(first).getByRole('link', { name: 'Pets', exact: true })).toBeVisible();
  await first.getByTestId('language-menu').click();
  await first.getByRole('menuitem', { name: 'Français' }).click();
  await expect(nav(first).getByRole('link', { name: 'Pensionnaires', exact: true })).toBeVisible();
  await first.close();

  // A new browser: the login page can be switched before logging in, and Claire's own choice follows her in.
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(staffAddress(desk.adminUrl));
  await expect(page.getByRole('heading', { name: 'Log in to Adoption Desk' })).toBeVisible();
  await page.getByTestId('language-menu').click();
  await page.getByRole('menuitem', { name: 'Français' }).click();
  await expect(page.getByRole('heading', { name: 'Connexion à Adoption Desk' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'J’ai un code d’invitation' })).toBeVisible();
  await logIn(page, { login: 'Identifiant', password: 'Mot de passe', submit: 'Se connecter' }, 'claire');

  const links = nav(page).getByRole('link');
  await expect(links.first()).toBeVisible();
  for (const label of ['Pensionnaires', 'Personnes', 'Aujourd’hui', 'Journal', 'Équipe', 'Serveur'])
    await expect(nav(page).getByRole('link', { name: label, exact: true })).toBeVisible();
  await expect(page.getByTestId('server-indicator')).toHaveText(/API en marche|API arrêtée/);
  await expect(page.getByRole('radio', { name: 'Préproduction' })).toBeAttached();
  await expect(page.getByTestId('signed-in')).toContainText('Propriétaire');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');

  await nav(page).getByRole('link', { name: 'Équipe', exact: true }).click();
  const staffPage = page.getByTestId('staff-page');
  await expect(staffPage.getByRole('heading', { level: 1, name: 'Équipe' })).toBeVisible();
  await expect(staffPage.getByRole('columnheader', { name: 'Identifiant' })).toBeVisible();
  await expect(page.getByTestId('staff-row-jonas')).toContainText('Salarié');
  await expect(page.getByTestId('staff-row-jonas')).toContainText('Actif');

  // German from the header: the same document, no reload (the marker set before survives).
  await page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));
  await page.getByTestId('language-menu').click();
  await page.getByRole('menuitem', { name: 'Deutsch' }).click();
  await expect(staffPage.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Tiere', exact: true })).toBeVisible();
  await expect(page.getByTestId('staff-row-jonas')).toContainText('Mitarbeitende');
  expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await context.close();
});
