import { createKey, expect, openDesk, test } from './fixtures';

/*
 * The quota lab for a member who chose French: the verdicts the engine writes in English (for the
 * CLI, JUnit and the API) read in French on the compliance card, evidence notes and figures too.
 */
test('the quota lab in French: a client ignoring Retry-After is judged in French words', async ({ page, desk }) => {
  // 75 requests and a renderer on a shared two-core machine, as in the English lab spec.
  test.setTimeout(150_000);
  const key = await createKey(desk, '--plan', 'free', '--label', 'client négligent');
  await openDesk(page, desk);
  await page.getByTestId('language-menu').click();
  await page.getByRole('menuitem', { name: 'Français' }).click();
  await page
    .getByRole('navigation', { name: 'Pages' })
    .getByRole('link', { name: 'Labo des quotas', exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Labo des quotas' })).toBeVisible();

  await page.getByRole('switch', { name: 'Horloge du labo active' }).click();
  await expect(page.getByTestId('lab-clock-state')).toHaveText(/^Active · /);
  // At the first instant of a minute window, so that the 75 requests cannot straddle two of them.
  await page
    .getByTestId('lab-clock-card')
    .getByRole('button', { name: 'Fenêtre de la minute suivante', exact: true })
    .click();
  await expect(page.getByTestId('lab-clock-state')).toHaveText(/^Active · \+/);

  const scenarios = page.getByTestId('scenario-card');
  await scenarios.getByText('Ignorer Retry-After', { exact: true }).click();
  await scenarios.getByLabel('Clé d’API').fill(key);
  await scenarios.getByLabel('Requêtes', { exact: true }).fill('75');
  await scenarios.getByRole('button', { name: 'Lancer', exact: true }).click();
  await expect(scenarios.getByTestId('scenario-run-row').first()).toHaveAttribute('data-state', 'finished');

  const honours = page.getByTestId('compliance-card').getByTestId('verdict-retry-after');
  await expect(honours).toHaveAttribute('data-verdict', 'fail');
  await expect(honours).toContainText('Respecte Retry-After');
  await expect(honours).toContainText(/requêtes ont été envoyées avant la fin du Retry-After/);
  await expect(honours).toContainText(/Retry-After : \d+ s\) : \d+,\d+\ss trop tôt/);
  await expect(honours).not.toContainText('too early');
  const ban = page.getByTestId('compliance-card').getByTestId('verdict-ban');
  await expect(ban).toContainText('Évite un bannissement');
  await expect(ban).toContainText('La clé a été bannie');
  await expect(ban).toContainText('cette requête a fait bannir la clé');
});
