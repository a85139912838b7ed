/**
 * The shelter chooses its form's questions in the window at 1000×700: it adds a yes/no question of its
 * own and changes the retention period; the French site's form asks the question at once, and a post
 * without its answer comes back as the form itself, the field marked and what was typed kept, escaped.
 */
import { adminCall, deployAdoptionSite, expect, importPets, openDesk, test } from './fixtures';

const environment = 'production';

test.use({ viewport: { width: 1000, height: 700 } });

test('a yes/no question added in the window is asked on the site, and a post without it is refused with the form re-shown', async ({
  page,
  browser,
  desk,
}) => {
  test.setTimeout(120_000);
  await desk.cli('shelter', 'set', '--name', 'Refuge des Pattes Amies de Lyon', '--language', 'fr');
  const [noisette] = await importPets(desk, [{ name: 'Noisette', categoryId: 1 }]);
  const { site: siteAddress } = await deployAdoptionSite(desk, 'Refuge');

  await openDesk(page, desk);
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Incoming', exact: true }).click();
  await page.getByRole('tab', { name: 'Site forms' }).click();
  await expect(page.getByRole('checkbox', { name: 'Ask “Household”' })).toBeChecked();
  await page.getByRole('checkbox', { name: 'Ask “Children”' }).uncheck();
  await expect(page.getByRole('checkbox', { name: '“Children” required' })).toBeDisabled();
  await page.getByRole('checkbox', { name: '“Garden” required' }).check();
  await page.getByRole('button', { name: 'Add a question' }).click();
  const own = page.getByRole('group', { name: 'Own question 1' });
  // Nothing is sent while a question has no words.
  await page.getByRole('button', { name: 'Save the form' }).click();
  await expect(own.getByText('Write the question')).toBeVisible();
  expect((await adminCall(desk, 'forms.get', { environment, kind: 'apply' })).custom).toEqual([]);
  await own.getByLabel('Question').fill('Avez-vous déjà eu un chien ?');
  await page.getByLabel('Kept after a decline (weeks)').fill('6');
  await page.getByRole('button', { name: 'Save the form' }).click();
  await expect(page.getByText('Form saved: the site asks these questions now.')).toBeVisible();
  const saved = await adminCall(desk, 'forms.get', { environment, kind: 'apply' });
  expect(saved.custom).toMatchObject([{ label: 'Avez-vous déjà eu un chien ?', type: 'yesNo', required: true }]);
  expect(saved.standard.filter((entry) => entry.required).map((entry) => entry.question)).toEqual([
    'household',
    'garden',
  ]);
  expect(saved.standard.map((entry) => entry.question)).not.toContain('children');
  expect(saved.retentionDays).toBe(42);
  // A person's fill time is not this test's subject: the form takes a post at once.
  const { kind, ...settings } = saved;
  await adminCall(desk, 'forms.set', {
    environment,
    kind,
    form: { ...settings, limits: { ...settings.limits, minFillSeconds: 0 } },
  });

  const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const site = await visitor.newPage();
    await site.goto(`${siteAddress}/forms/apply?pet=${noisette!.id}`);
    const question = site.getByLabel('Avez-vous déjà eu un chien ?');
    await expect(question).toBeVisible();
    await expect(question.getByRole('option')).toHaveText(['Choisir…', 'Oui', 'Non']);
    await expect(site.locator('#consent-text')).toContainText('42 jours');
    const name = '<b>Zoé</b> "Brioche"';
    await site.getByLabel('Nom et prénom').fill(name);
    await site.getByLabel('Adresse e-mail').fill('zoe@brioche.example');
    await site.getByLabel('Qui vit dans votre foyer ?').fill('Deux adultes');
    await site.getByLabel('Avez-vous un jardin ou un extérieur ?').fill('Un balcon');
    await expect(site.getByLabel('Y a-t-il des enfants chez vous ? Quel âge ont-ils ?')).toHaveCount(0);
    await site.getByRole('checkbox', { name: 'J’accepte' }).check();
    // As a browser that does not hold the post for a required field would send it.
    await question.evaluate((select) => select.removeAttribute('required'));
    await site.getByRole('button', { name: 'Envoyer' }).click();
    await expect(site.getByRole('alert')).toHaveText('Merci de remplir tous les champs obligatoires.');
    await expect(site.getByLabel('Avez-vous déjà eu un chien ?')).toHaveAttribute('aria-invalid', 'true');
    await expect(site.getByLabel('Nom et prénom')).toHaveValue(name);
    await expect(site.getByLabel('Qui vit dans votre foyer ?')).toHaveValue('Deux adultes');
    await expect(site.locator('b')).toHaveCount(0);
    expect(await adminCall(desk, 'applications.list', { environment, filter: {} })).toEqual([]);

    // Answered, the same form goes through.
    await site.getByLabel('Avez-vous déjà eu un chien ?').selectOption({ label: 'Oui' });
    await site.getByRole('button', { name: 'Envoyer' }).click();
    await expect(site.getByRole('heading', { level: 1, name: 'Merci' })).toBeVisible();
  } finally {
    await visitor.close();
  }
  const [received] = await adminCall(desk, 'applications.list', { environment, filter: {} });
  expect(received?.answers).toContainEqual({
    question: saved.custom[0]!.id,
    label: 'Avez-vous déjà eu un chien ?',
    answer: 'yes',
  });
});
