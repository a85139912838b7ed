/**
 * Figures typed in the window stay as typed: emptied or out of range, a field is refused under
 * itself, never turned into its nearest bound on blur (Mantine's default) nor back into the saved
 * figure. Tested on the backups kept, the site forms' retention, a foster home's capacity and the
 * lab's scenario. The settings that hold them ask before a tab or page drops what is typed.
 */
import { adminCall, expect, goTo, openDesk, test } from './fixtures';

const environment = 'production';

test('the backups kept: emptied or 500 stays as typed and is refused; leaving asks until it is saved', async ({
  page,
  desk,
}) => {
  await openDesk(page, desk);
  await goTo(page, 'Server');
  const panel = page.getByTestId('backups-panel');
  const keep = panel.getByRole('textbox', { name: 'Keep the last' });
  const save = panel.getByRole('button', { name: 'Save backup settings' });
  const question = page.getByRole('dialog', { name: 'Leave without saving?' });

  await keep.fill('');
  await keep.blur();
  await expect(keep).toHaveValue('');
  await expect(keep).toHaveAccessibleDescription(/A whole number, from 1 to 365\./);
  await expect(save).toBeDisabled();
  await keep.fill('500');
  await keep.blur();
  await expect(keep).toHaveValue('500 backups');
  await expect(save).toBeDisabled();

  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Pets', exact: true }).click();
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(keep).toHaveValue('500 backups');

  await keep.fill('12');
  await save.click();
  await expect
    .poll(
      async () =>
        (JSON.parse(await desk.cli('--json', 'backup', 'status')) as { schedule: { keep: number } }).schedule.keep,
    )
    .toBe(12);
  await expect(keep).toHaveValue('12 backups');
  await goTo(page, 'Pets');
  await expect(question).toHaveCount(0);
});

test('a site form’s retention: 600 weeks stays as typed and nothing is sent; its tab asks before the queue', async ({
  page,
  desk,
}) => {
  const before = (await adminCall(desk, 'forms.get', { environment, kind: 'apply' })).retentionDays;
  await openDesk(page, desk);
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Incoming', exact: true }).click();
  await page.getByRole('tab', { name: 'Site forms' }).click();
  const retention = page.getByRole('textbox', { name: 'Kept after a decline (weeks)' });
  const question = page.getByRole('dialog', { name: 'Leave without saving?' });

  await retention.fill('600');
  await retention.blur();
  await page.getByRole('button', { name: 'Save the form' }).click();
  await expect(retention).toHaveValue('600');
  await expect(retention).toHaveAccessibleDescription(/A whole number of weeks, from 1 to 520\./);
  expect((await adminCall(desk, 'forms.get', { environment, kind: 'apply' })).retentionDays).toBe(before);

  // Emptied, it stays empty (it used to show the saved period again).
  await retention.fill('');
  await expect(retention).toHaveValue('');

  await page.getByRole('tab', { name: 'Queue' }).click();
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(page.getByRole('tab', { name: 'Site forms' })).toHaveAttribute('aria-selected', 'true');
  await expect(retention).toHaveValue('');

  await retention.fill('6');
  await page.getByRole('button', { name: 'Save the form' }).click();
  await expect(page.getByText('Form saved: the site asks these questions now.')).toBeVisible();
  expect((await adminCall(desk, 'forms.get', { environment, kind: 'apply' })).retentionDays).toBe(42);
  await page.getByRole('tab', { name: 'Queue' }).click();
  await expect(page.getByRole('tab', { name: 'Queue' })).toHaveAttribute('aria-selected', 'true');
  await expect(question).toHaveCount(0);
});

test('a foster home’s capacity of 150 and a scenario of 0 requests stay as typed, refused under their fields', async ({
  page,
  desk,
}) => {
  await openDesk(page, desk);
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'People', exact: true }).click();
  await page.getByRole('button', { name: 'Add person', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a person' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Camille Roux');
  await dialog.getByRole('checkbox', { name: 'Approved foster home' }).check();
  const capacity = dialog.getByRole('textbox', { name: 'Capacity' });
  await capacity.fill('150');
  await capacity.blur();
  await expect(capacity).toHaveValue('150');
  await dialog.getByRole('button', { name: 'Add person', exact: true }).click();
  await expect(capacity).toHaveAttribute('aria-invalid', 'true');
  await expect(capacity).toHaveValue('150');
  expect(await adminCall(desk, 'people.list', { environment, query: { limit: 10 } })).toMatchObject({ people: [] });
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await goTo(page, 'Quota lab');
  const scenario = page.getByTestId('scenario-card');
  const count = scenario.getByTestId('scenario-count');
  await count.fill('0');
  await count.blur();
  await expect(count).toHaveValue('0');
  await scenario.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(count).toHaveAttribute('aria-invalid', 'true');
  await expect(count).toHaveValue('0');
});

test('in French, a refused figure is said in French under its field, not in the schema’s English', async ({
  page,
  desk,
}) => {
  await openDesk(page, desk);
  await page.getByTestId('language-menu').click();
  await page.getByRole('menuitem', { name: 'Français' }).click();
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Personnes', exact: true }).click();
  await page.getByRole('button', { name: 'Ajouter une personne', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Ajouter une personne' });
  await dialog.getByRole('textbox', { name: 'Nom' }).fill('Camille Roux');
  await dialog.getByRole('checkbox', { name: 'Famille d’accueil agréée' }).check();
  const places = dialog.getByRole('textbox', { name: 'Places' });
  await places.fill('150');
  await dialog.getByRole('button', { name: 'Ajouter une personne', exact: true }).click();
  await expect(places).toHaveAccessibleDescription(/Doit valoir 100 ou moins/);
  await expect(places).not.toHaveAccessibleDescription(/must be/);
});
