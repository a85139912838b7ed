import type { Page, Response } from '@playwright/test';
import { addStaff, cliJson, expect, test } from './fixtures';

/*
 * Live updates in a member's own language: Claire chose French; a pet Jonas renames at his desk (in
 * English) appears on her pet list and open record within a second, and everything around the new
 * name is French: the list's headers, the row's actions and its "Modifié" time, the record's tabs,
 * status, place and movements.
 */

const PASSWORD = 'a long shelter password';

async function logIn(page: Page, address: string, login: string) {
  await page.goto(address);
  const form = page.getByTestId('login-form');
  await form.getByRole('textbox', { name: 'Login' }).fill(login);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('signed-in')).toBeVisible();
}

test('a pet renamed at one desk appears within 1 s at the desk of a member who chose French, in French words', async ({
  page,
  desk,
  browser,
}) => {
  await addStaff(desk, PASSWORD, [
    { name: 'Claire Martin', login: 'claire', role: 'owner' },
    { name: 'Jonas Weber', login: 'jonas', role: 'staff' },
  ]);
  const pet = await cliJson<{ id: number }>(desk, 'pets', 'add', '--name', 'Biscuit', '--category', '1');
  const address = desk.adminUrl.split('#')[0]!;

  // Claire's desk: she logs in and chooses French; a second tab opens in French by her choice alone.
  const claire = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const streams: Response[] = [];
  claire.on('response', (response) => {
    if (response.ok() && new URL(response.url()).pathname === '/admin/api/events') streams.push(response);
  });
  const list = await claire.newPage();
  await logIn(list, address, 'claire');
  const row = list.getByTestId(`pet-row-${pet.id}`);
  await expect(row).toContainText('Biscuit');
  await list.getByTestId('language-menu').click();
  await list.getByRole('menuitem', { name: 'Français' }).click();
  await expect(list.getByRole('heading', { level: 1, name: 'Pensionnaires' })).toBeVisible();

  const record = await claire.newPage();
  await record.goto(`${address}#/pets/${pet.id}`);
  await expect(record.locator('html')).toHaveAttribute('lang', 'fr');
  const heading = record.getByTestId('record-header').getByRole('heading', { level: 1 });
  await expect(heading).toHaveText('Biscuit');
  // Both tabs hear the engine before anything changes.
  await expect.poll(() => new Set(streams.map((stream) => stream.frame().page())).size).toBe(2);

  // Jonas's desk, in English: the rename.
  await logIn(page, address, 'jonas');
  await page.getByTestId(`pet-row-${pet.id}`).getByRole('button', { name: 'Edit Biscuit', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Biscuit' });
  await dialog.getByLabel('Name').fill('Biscuit le Brave');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toBeHidden();
  const saved = Date.now();
  await Promise.all([
    expect(row).toContainText('Biscuit le Brave', { timeout: 1_000 }),
    expect(heading).toHaveText('Biscuit le Brave', { timeout: 1_000 }),
  ]);
  expect(Date.now() - saved).toBeLessThan(1_000);

  // The list around the new name: French headers, the row's French actions and status, its new time in French.
  const listed = await cliJson<Array<{ id: number; updatedAt: number }>>(desk, 'pets', 'list');
  const updatedAt = listed.find((each) => each.id === pet.id)!.updatedAt;
  for (const header of [
    'Trier par N°',
    'Trier par Nom',
    'Trier par Catégorie',
    'Trier par Statut',
    'Trier par Modifié',
  ])
    await expect(list.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  const status = 'Changer le statut de Biscuit le Brave (actuellement disponible)';
  for (const action of [status, 'Modifier Biscuit le Brave', 'Fiche de Biscuit le Brave'])
    await expect(row.getByRole('button', { name: action, exact: true })).toBeVisible();
  const inFrench = await list.evaluate(
    (at) => new Intl.DateTimeFormat('fr-FR', { dateStyle: 'medium', timeStyle: 'short' }).format(at),
    updatedAt,
  );
  await expect(row.getByRole('cell', { name: inFrench, exact: true })).toBeVisible();

  // The record around it: French tabs, status, where the animal is and the movements it offers.
  await expect(record.getByTestId('record-header').getByTestId('pet-status')).toHaveText('disponible');
  for (const tab of ['Profil', 'Photos', 'Mouvements', 'Soins', 'Historique'])
    await expect(record.getByRole('tab', { name: tab, exact: true })).toBeVisible();
  await expect(record.getByRole('tab', { name: 'Mouvements', exact: true })).toHaveAttribute('aria-selected', 'true');
  for (const movement of ['Arrivée', 'Réserver', 'Adoption', 'Famille d’accueil', 'Sortie'])
    await expect(record.getByRole('button', { name: movement, exact: true })).toBeVisible();
  await expect(
    record.getByRole('heading', { level: 3, name: /^Au refuge depuis le \d{1,2} [a-zéû]+\.? \d{4}/ }),
  ).toBeVisible();
  await expect(record.getByTestId('record-location')).toHaveText('Au refuge (box non renseigné)');
  await expect(record.getByRole('link', { name: 'Retour aux pensionnaires' })).toBeVisible();
  await claire.close();
});
