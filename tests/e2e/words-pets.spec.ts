/**
 * The Pets area in the staff's language at 1000×700: in French the list, an animal's record, the
 * add dialog and the adoption dialog say French words — statuses agreeing with the animal's sex
 * ("adoptée"), how it left care ("décédé en soins"), dates as "1 déc. 2026" — and in German, whose
 * words are the longest, nothing on those pages is cut.
 */
import type { Page } from '@playwright/test';
import type { Stay } from '../../src/shared/movements';
import { cliJson, expect, test, type DeskServer } from './fixtures';
import { expectNothingCut } from './viewports';

test.use({ viewport: { width: 1000, height: 700 } });

const FIRST_OF_DECEMBER = '2026-12-01T09:00:00.000Z';

/** Three animals: Rex died in care, Nala (female) adopted, Biscuit in care since the first of December. */
async function shelter(desk: DeskServer): Promise<{ rex: number; nala: number; biscuit: number }> {
  const intake = (name: string) =>
    cliJson<Stay>(desk, 'intake', '--name', name, '--category', '1', '--type', 'stray', '--at', FIRST_OF_DECEMBER);
  const { petId: rex } = await intake('Rex');
  await cliJson(desk, 'outcome', String(rex), '--type', 'died_in_care');
  const { petId: nala } = await intake('Nala');
  await cliJson(desk, 'pets', 'profile', 'set', String(nala), '--sex', 'female');
  const { person } = await cliJson<{ person: { id: number } }>(desk, 'people', 'add', '--name', 'Camille Martin');
  await cliJson(desk, 'adopt', String(nala), '--person', String(person.id), '--fee', '80', '--paid', 'card');
  const { petId: biscuit } = await intake('Biscuit');
  return { rex, nala, biscuit };
}

/** The window opened in one language (`?lang=`), whatever the browser prefers. */
async function openIn(page: Page, desk: DeskServer, language: string): Promise<void> {
  const [address, token] = desk.adminUrl.split('#');
  await page.goto(`${address}?lang=${language}#${token}`);
  await expect(page.locator('html[data-ready="true"]')).toBeAttached();
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

async function openRecord(page: Page, petId: number, section: string): Promise<void> {
  await page.evaluate(({ id, tab }) => (window.location.hash = `#/pets/${id}/${tab}`), { id: petId, tab: section });
  await expect(page.getByTestId('record-header')).toBeVisible();
}

test('in French: the list, a record, the add dialog and the adoption dialog', async ({ page, desk }) => {
  const { rex, nala, biscuit } = await shelter(desk);
  await openIn(page, desk, 'fr');

  await expect(page.getByRole('heading', { name: 'Pensionnaires' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Animaux' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Statut' })).toBeVisible();
  await expect(page.getByTestId('pets-total')).toHaveText('3 animaux');
  await expect(page.getByTestId(`pet-row-${rex}`).getByTestId('pet-status')).toHaveText('décédé en soins');
  await expect(page.getByTestId(`pet-row-${biscuit}`).getByTestId('pet-status')).toHaveText('disponible');
  await expect(page.getByRole('radiogroup', { name: 'Statut' })).toContainText('sorti');
  await expectNothingCut(page);

  await page.getByRole('button', { name: 'Ajouter un animal' }).click();
  const add = page.getByRole('dialog', { name: 'Ajouter un animal' });
  await expect(add.getByLabel('Nom')).toBeVisible();
  await expect(add.getByRole('combobox', { name: 'Catégorie' })).toBeVisible();
  await expect(add.getByRole('radiogroup', { name: 'Statut' })).toContainText('disponible');
  await add.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(add).toContainText('Choisissez une catégorie');
  await add.getByRole('button', { name: 'Annuler' }).click();
  await expect(add).toBeHidden();

  await openRecord(page, nala, 'movements');
  await expect(page.getByTestId('record-header').getByTestId('pet-status')).toHaveText('adoptée');
  await expect(page.getByTestId('record-location')).toContainText('Sorti : adoptée,');
  await expect(page.getByTestId('movement-entry').filter({ hasText: 'Adoptée' })).toContainText(
    /À Camille Martin.*Frais 80,00 · Carte/,
  );
  await expect(page.getByTestId('movement-entry').first()).toContainText('Errant trouvé');

  await openRecord(page, biscuit, 'movements');
  for (const tab of ['Profil', 'Photos', 'Mouvements', 'Soins', 'Historique'])
    await expect(page.getByRole('tab', { name: tab })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Au refuge depuis le 1 déc\. 2026/ })).toBeVisible();
  await expect(page.getByTestId('movement-entry').first()).toContainText('1 déc. 2026');
  await expectNothingCut(page);

  await page.getByTestId('movement-actions').getByRole('button', { name: 'Adoption' }).click();
  const adopt = page.getByRole('dialog', { name: 'Adoption de Biscuit' });
  await expect(adopt.getByRole('combobox', { name: 'Adoptant' })).toBeVisible();
  await expect(adopt.getByRole('combobox', { name: 'Mode de paiement' })).toBeVisible();
  await expect(adopt.getByText('Laisser vide pour maintenant')).toBeVisible();
  await adopt.getByRole('button', { name: 'Enregistrer l’adoption' }).click();
  await expect(adopt).toContainText('Choisissez la personne, ou ajoutez-la');
  await expect(adopt).toContainText('Choisissez le mode de paiement');
  await expectNothingCut(page, adopt);
});

test('in German nothing is cut: the list, a record, the add dialog and the adoption dialog', async ({ page, desk }) => {
  const { nala, biscuit } = await shelter(desk);
  await openIn(page, desk, 'de');

  await expect(page.getByRole('heading', { name: 'Tiere' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Zwingerkarten drucken' })).toBeVisible();
  await expectNothingCut(page);

  await page.getByRole('button', { name: 'Tier hinzufügen' }).click();
  const add = page.getByRole('dialog', { name: 'Tier hinzufügen' });
  await expect(add.getByRole('radiogroup', { name: 'Status' })).toContainText('verfügbar');
  await expectNothingCut(page, add);
  await add.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(add).toBeHidden();

  await openRecord(page, nala, 'movements');
  await expect(page.getByTestId('record-header').getByTestId('pet-status')).toHaveText('vermittelt');
  await expectNothingCut(page);

  await openRecord(page, biscuit, 'profile');
  await expect(page.getByText('Rasse und Aussehen')).toBeVisible();
  await expectNothingCut(page);
  await page.getByRole('tab', { name: 'Bewegungen' }).click();
  await page.getByTestId('movement-actions').getByRole('button', { name: 'Vermitteln' }).click();
  const adopt = page.getByRole('dialog', { name: 'Biscuit vermitteln' });
  await expect(adopt.getByRole('combobox', { name: 'Zahlungsart' })).toBeVisible();
  await expectNothingCut(page, adopt);
});
