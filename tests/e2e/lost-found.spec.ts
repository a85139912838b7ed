/**
 * The desk's lost and found at 1000×700: staff enter a lost report for a black-and-white collie,
 * the right stray in care is its first match with the fields that agreed, and "Return to owner"
 * records the stray's return-to-owner outcome on its movements. A lost report sent from the French
 * site at 390 px with JavaScript off, carrying a stray's chip as written on a vet's paper, matches it
 * for certain (100 %) on Today and the report. With more reports with a likely match than Today lists,
 * it lists twenty, each with its count of likely matches, and links to the rest.
 */
import { adminCall, deployAdoptionSite, expect, openDesk, test } from './fixtures';

test.use({ viewport: { width: 1000, height: 700 } });

test('enter a lost report, see its match explained, confirm: the stray goes home', async ({ page, desk }) => {
  const environment = 'production';
  const intake = async (name: string, reason: string) =>
    (
      await adminCall(desk, 'movements.intake', {
        environment,
        intake: { pet: { name, categoryId: 1 }, type: 'stray', reason },
      })
    ).petId;
  const noisette = await intake('Noisette', 'Found in the Parc de la Tête d’Or, 69006');
  await adminCall(desk, 'pets.setProfile', {
    environment,
    id: noisette,
    profile: { color: 'black and white', breedPrimary: 'Border Collie', sex: 'female', size: 'medium' },
  });
  const brutus = await intake('Brutus', 'Found on the ring road');
  await adminCall(desk, 'pets.setProfile', {
    environment,
    id: brutus,
    profile: { color: 'brown', breedPrimary: 'Boxer', sex: 'male', size: 'large' },
  });

  await openDesk(page, desk);
  await page
    .getByRole('navigation', { name: 'Pages' })
    .getByRole('link', { name: 'Lost and found', exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lost and found', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'New report' }).click();
  const dialog = page.getByRole('dialog', { name: 'New lost or found report' });
  await dialog.getByLabel('Colour').fill('Black and white');
  await dialog.getByLabel('Breed').fill('border collie');
  await dialog.getByLabel('Postcode').fill('69006');
  await dialog.getByLabel('Distinguishing features').fill('Torn left ear');
  await dialog.getByLabel("Reporter's name").fill('Camille Martin');
  await dialog.getByLabel('Phone').fill('06 12 34 56 78');
  await dialog.getByRole('button', { name: 'Save and match' }).click();
  await expect(dialog).toBeHidden();

  const panel = page.getByLabel(/^Report #\d+$/);
  const first = panel.getByLabel(/in care since/).first();
  await expect(first).toContainText('Noisette');
  await expect(first).toContainText('Colour matches');
  await expect(first).toContainText('Breed matches');
  await first.getByRole('button', { name: 'Return to owner' }).click();
  await expect(panel.getByText('Returned', { exact: true })).toBeVisible();

  const record = await adminCall(desk, 'movements.record', { environment, petId: noisette });
  expect(record.stays[0]?.outcomeType).toBe('return_to_owner');
  expect(record.pet.departure).toBe('return_to_owner');
});

test('a lost report sent from the French site with a stray’s chip matches it for certain, on Today and the report; confirming returns it', async ({
  page,
  browser,
  desk,
}) => {
  test.setTimeout(120_000);
  const environment = 'production';
  await desk.cli('shelter', 'set', '--name', 'Refuge des Pattes Amies de Lyon', '--language', 'fr');
  const intake = async (name: string, reason: string) =>
    (
      await adminCall(desk, 'movements.intake', {
        environment,
        intake: { pet: { name, categoryId: 1 }, type: 'stray', reason },
      })
    ).petId;
  const pistache = await intake('Pistache', 'Found near the station');
  await adminCall(desk, 'pets.setProfile', {
    environment,
    id: pistache,
    profile: { microchipNumber: '250269812345678', color: 'tan', sex: 'male' },
  });
  const other = await intake('Caramel', 'Found in the market');
  await adminCall(desk, 'pets.setProfile', { environment, id: other, profile: { color: 'tan', sex: 'male' } });
  // A person's fill time is not this test's subject: the site's forms take a post at once.
  const { kind, ...form } = await adminCall(desk, 'forms.get', { environment, kind: 'apply' });
  void kind;
  await adminCall(desk, 'forms.set', {
    environment,
    kind: 'apply',
    form: { ...form, limits: { ...form.limits, minFillSeconds: 0 } },
  });
  const { site } = await deployAdoptionSite(desk, 'Refuge');

  const visitor = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  try {
    const phone = await visitor.newPage();
    await phone.goto(`${site}/`);
    await phone.getByRole('link', { name: 'J’ai perdu mon animal' }).click();
    await expect(phone.getByRole('heading', { level: 1, name: 'J’ai perdu mon animal' })).toBeVisible();
    await phone.getByLabel('Espèce').selectOption({ label: 'Chien' });
    await phone.getByLabel('Numéro de puce, si vous le connaissez').fill('250 269 812 345 678');
    await phone.getByLabel('Quand l’avez-vous perdu ?').fill(new Date().toISOString().slice(0, 10));
    await phone.getByLabel('Nom et prénom').fill('Inès Lefèvre');
    await phone.getByLabel('Téléphone').fill('06 98 76 54 32');
    await phone.getByRole('checkbox', { name: 'J’accepte' }).check();
    await phone.getByRole('button', { name: 'Envoyer' }).click();
    await expect(phone.getByRole('heading', { level: 1, name: 'Merci' })).toBeVisible();
  } finally {
    await visitor.close();
  }

  await openDesk(page, desk);
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Today', exact: true }).click();
  await expect(page.getByText(/Lost report #\d+: \d+ likely match(es)?, best 100 %/)).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Pages' })
    .getByRole('link', { name: 'Lost and found', exact: true })
    .click();
  await page.getByRole('link', { name: /^Lost #\d+$/ }).click();
  const panel = page.getByLabel(/^Report #\d+$/);
  await expect(panel).toContainText('Inès Lefèvre');
  const first = panel.getByLabel(/in care since/).first();
  await expect(first).toContainText('Pistache');
  await expect(first).toContainText('Microchip: certain, 100 %');
  await first.getByRole('button', { name: 'Return to owner' }).click();
  await expect(panel.getByText('Returned', { exact: true })).toBeVisible();
  const record = await adminCall(desk, 'movements.record', { environment, petId: pistache });
  expect(record.pet.departure).toBe('return_to_owner');
});

test('Today lists the first twenty reports with a likely match, each with its count, and says how many more', async ({
  page,
  desk,
}) => {
  const environment = 'production';
  const beagle = {
    species: 'dog',
    seenAt: Date.now() - 86_400_000,
    colour: 'tan',
    breed: 'Beagle',
    sex: 'male',
    size: 'small',
    postcode: '69003',
    contact: { name: 'Camille Martin' },
  } as const;
  // Twelve of each kind alike: 24 reports, each with twelve likely matches, more than the card lists or is sent.
  for (let i = 0; i < 24; i++)
    await adminCall(desk, 'lostFound.add', { environment, report: { ...beagle, kind: i % 2 ? 'lost' : 'found' } });

  await openDesk(page, desk);
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Today', exact: true }).click();
  await expect(page.getByRole('link', { name: '… and 4 more reports with a likely match' })).toBeVisible();
  await expect(page.getByRole('link', { name: /report #\d+: 12 likely matches, best \d+ %$/ })).toHaveCount(20);
  await page.getByRole('link', { name: '… and 4 more reports with a likely match' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lost and found', exact: true })).toBeVisible();
});
