/**
 * Care, Today, Reports, Shelter and People read in the window's language: in French at 1000×700 each
 * page says its own words (the SAC rows with Shelter Animals Count's official English below them),
 * days are written as French writes them; in German, the longest words, nothing is cut.
 */
import type { Page } from '@playwright/test';
import type { DueList } from '../../src/shared/care';
import type { Stay } from '../../src/shared/movements';
import type { Person } from '../../src/shared/people';
import { cliJson, expect, test, type DeskServer } from './fixtures';
import { expectNothingCut } from './viewports';

test.use({ viewport: { width: 1000, height: 700 } });

async function openIn(page: Page, desk: DeskServer, language: string, hash: string): Promise<void> {
  // The address's hash holds the access token: the language goes in its query.
  const url = new URL(desk.adminUrl);
  url.searchParams.set('lang', language);
  await page.goto(url.toString());
  await expect(page.locator('html[data-ready="true"]')).toBeAttached();
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await go(page, hash);
}

async function go(page: Page, hash: string): Promise<void> {
  await page.evaluate((to) => {
    window.location.hash = to;
  }, hash);
}

async function shelterWithCare(desk: DeskServer) {
  const { petId } = await cliJson<Stay>(desk, 'intake', '--name', 'Filou', '--category', '1', '--type', 'stray');
  const { today } = await cliJson<DueList>(desk, 'care', 'due');
  const threeDaysAgo = new Date(Date.parse(`${today}T00:00:00Z`) - 3 * 86_400_000).toISOString().slice(0, 10);
  await cliJson(desk, 'care', 'schedule', String(petId), '--vaccine', 'Leptospirose', '--due', threeDaysAgo);
  await cliJson(desk, 'care', 'schedule', String(petId), '--vaccine', 'Rage', '--due', today);
  const { person } = await cliJson<{ person: Person }>(desk, 'people', 'add', '--name', 'Camille Durand');
  return { petId, threeDaysAgo, person };
}

test('in French, Today, a care tab, Reports, Shelter and People speak French', async ({ page, desk }) => {
  const { petId, threeDaysAgo, person } = await shelterWithCare(desk);

  await openIn(page, desk, 'fr', '#/today');
  await expect(page.getByRole('heading', { level: 1, name: 'Aujourd’hui' })).toBeVisible();
  await expect(page.getByTestId('today-counts')).toContainText('Au refuge');
  await expect(page.getByTestId('today-arrivals')).toContainText('Arrivés aujourd’hui');
  const due = page.getByTestId('due-list');
  await expect(due.getByRole('heading', { name: 'Vaccinations à faire' })).toBeVisible();
  await expect(due.getByRole('table', { name: 'En retard' })).toContainText('(3 jours de retard)');
  await expect(due.getByRole('button', { name: 'Faite' }).first()).toBeVisible();

  await go(page, `#/pets/${petId}/care`);
  const vaccinations = page.getByRole('table', { name: 'Vaccinations' });
  const late = vaccinations.getByRole('row', { name: /Leptospirose/ });
  await expect(late).toContainText('En retard');
  const shownDay = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    Date.parse(`${threeDaysAgo}T00:00:00Z`),
  );
  await expect(late).toContainText(`${shownDay} (3 jours de retard)`);
  await expect(vaccinations.getByRole('row', { name: /Rage/ })).toContainText('À faire aujourd’hui');
  await expect(page.getByRole('button', { name: 'Enregistrer un traitement ou un test' })).toBeVisible();

  await go(page, '#/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Rapports' })).toBeVisible();
  const beginning = page.getByTestId('sac-matrix').locator('tr[data-row="beginning"] td').first();
  await expect(beginning).toContainText('Présents au début');
  await expect(beginning.locator('[data-official]')).toHaveText('In care at the start');
  await expect(
    page.getByTestId('sac-matrix').locator('tr[data-row="intake_transfer_in_state"] td').first(),
  ).toContainText('Transférés, de la même région');
  await expect(page.getByTestId('live-release')).toContainText('Taux de sorties vivantes, chiens');

  await go(page, '#/shelter');
  await expect(page.getByRole('heading', { level: 1, name: 'Refuge' })).toBeVisible();
  await expect(page.getByLabel('Horaires d’ouverture')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enregistrer le profil du refuge' })).toBeVisible();

  await go(page, '#/people');
  await expect(page.getByRole('heading', { level: 1, name: 'Personnes' })).toBeVisible();
  await expect(page.getByTestId('people-total')).toHaveText('1 personne');
  await expect(page.getByRole('columnheader', { name: 'Signalements' })).toBeVisible();

  await go(page, `#/people/${person.id}`);
  await expect(page.getByTestId('person-page')).toContainText('Toutes les personnes');
  await expect(page.getByTestId('person-details')).toContainText('Téléphones');
  await expect(page.getByRole('heading', { name: 'Mouvements' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Oublier cette personne' })).toBeVisible();
});

test('in German at 1000×700 nothing on these pages is cut', async ({ page, desk }) => {
  const { petId, person } = await shelterWithCare(desk);
  await openIn(page, desk, 'de', '#/today');
  await expect(page.getByRole('heading', { level: 1, name: 'Heute' })).toBeVisible();
  await expect(page.getByTestId('due-list')).toContainText('Fällige Impfungen');
  await expectNothingCut(page);

  const pages: Array<[string, string]> = [
    [`#/pets/${petId}/care`, 'Pflege'],
    ['#/reports', 'Berichte'],
    ['#/shelter', 'Tierheim'],
    ['#/people', 'Personen'],
  ];
  for (const [hash, heading] of pages) {
    await go(page, hash);
    await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
    await expectNothingCut(page);
  }
  await go(page, `#/people/${person.id}`);
  await expect(page.getByTestId('person-details')).toContainText('Telefonnummern');
  await expectNothingCut(page);
});
