import { siteRequest } from '../helpers/site-http';
import { apiPort, createSiteProject, expect, goTo, importPets, openDesk, test } from './fixtures';
import { expectNothingCut } from './viewports';

test('New project: an account is made from the dialog itself and chosen', async ({ page, desk }) => {
  await openDesk(page, desk);
  await goTo(page, 'Sites');
  await page.getByRole('button', { name: 'New project', exact: true }).click();
  const projectDialog = page.getByRole('dialog', { name: 'New project' });
  await expect(projectDialog).toContainText('An account owns API keys and site projects');
  await expect(projectDialog.getByTestId('project-account-hint')).toContainText('there is none yet');
  await projectDialog.getByTestId('project-new-account').click();
  const accountDialog = page.getByRole('dialog', { name: 'New account' });
  await accountDialog.getByLabel('Account name').fill('Happy Paws');
  await accountDialog.getByRole('button', { name: 'Create account', exact: true }).click();
  await expect(accountDialog).toBeHidden();
  await expect(projectDialog.getByRole('combobox', { name: 'Account' })).toHaveValue(/^Happy Paws/);
  await projectDialog.getByLabel('Project name').fill('Happy Paws');
  await projectDialog.getByRole('button', { name: 'Create project', exact: true }).click();
  await expect(projectDialog).toBeHidden();
  await expect(page.getByTestId('project-panel')).toContainText('Happy Paws');
});

test('the adoption site follows the records by itself, and the Sites page says when it last did', async ({
  page,
  desk,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1000, height: 700 });
  await importPets(desk, [{ name: 'Biscuit', categoryId: 1 }]);
  const { slug } = await createSiteProject(desk, { name: 'Happy Paws', plan: 'free' });
  await openDesk(page, desk);
  await goTo(page, 'Sites');
  const panel = page.getByTestId('project-panel');
  await panel.getByRole('button', { name: 'Publish adoption page', exact: true }).click();
  await expect(page.getByTestId('deploy-row-1').getByTestId('deploy-live')).toBeVisible();
  await expect(panel.getByTestId('site-following')).toContainText('Follows the shelter’s records');

  // A pet added elsewhere (here the CLI): the site and the page follow, with nobody publishing.
  await importPets(desk, [{ name: 'Clementine', categoryId: 2 }]);
  await expect(page.getByTestId('deploy-row-2').getByTestId('deploy-live')).toBeVisible({ timeout: 30_000 });
  await expect(panel.getByTestId('site-following')).toContainText('last republished', { timeout: 10_000 });
  const index = await siteRequest(apiPort(desk), `${slug}.localhost:${apiPort(desk)}`, '/');
  expect(index.body).toContain('Clementine');
  await expectNothingCut(page);
});
