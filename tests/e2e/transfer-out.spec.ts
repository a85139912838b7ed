import { cliJson, expect, openDesk, test } from './fixtures';
import { VIEWPORTS, expectNothingCut, sizeName } from './viewports';

/*
 * A transfer out in the window at 1000×700 and 1280×800: the outcome dialog asks where the animal went and the
 * receiving organisation, keeps its refusals (its own and the engine's) inside it with nothing cut,
 * and the stay's timeline says where it went.
 */

/** The local time `days` ago, as a datetime-local field takes it. */
function daysAgo(days: number): string {
  const date = new Date(Date.now() - days * 86_400_000);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}:${two(date.getMinutes())}`;
}

for (const viewport of VIEWPORTS) {
  test(`a transfer out asks where the animal went; refusals stay in the dialog; the timeline says "Transferred to … (out of state)" (${sizeName(viewport)})`, async ({
    page,
    desk,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const taken = await cliJson<{ petId: number }>(
      desk,
      'intake',
      '--name',
      'Juniper',
      '--category',
      '1',
      '--type',
      'stray',
      '--at',
      new Date(Date.now() - 2 * 86_400_000).toISOString(),
    );
    await openDesk(page, desk);
    await page.evaluate((id) => {
      window.location.hash = `#/pets/${id}`;
    }, taken.petId);
    await expect(page.getByTestId('record-header').getByRole('heading', { level: 1 })).toHaveText('Juniper');

    await page.getByTestId('movement-actions').getByRole('button', { name: 'Outcome', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Juniper leaves care' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: 'Where it went' })).toHaveCount(0);
    await dialog.getByRole('combobox', { name: 'How it left' }).click();
    await page.getByRole('option', { name: 'Transferred out', exact: true }).click();

    // Nothing goes until the window knows where it went.
    await dialog.getByRole('button', { name: 'Record the outcome' }).click();
    await expect(dialog.getByText('Choose where it went')).toBeVisible();
    await expectNothingCut(page, dialog);

    await dialog.getByRole('combobox', { name: 'Where it went' }).click();
    await expect(page.getByRole('option')).toHaveText(['In state', 'Out of state', 'Abroad']);
    await page.getByRole('option', { name: 'Out of state', exact: true }).click();
    await dialog.getByLabel('Receiving organisation').fill('  Northside Rescue ');
    await expect(dialog.getByText('Choose where it went')).toHaveCount(0);

    // Dated before the intake: the engine refuses, the dialog says why under the date, nothing is saved.
    await dialog.getByLabel('When', { exact: true }).fill(daysAgo(3));
    await dialog.getByRole('button', { name: 'Record the outcome' }).click();
    await expect(dialog.getByText(/^Before the intake of .*: dates cannot run backwards\.$/)).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: 'Where it went' })).toHaveValue('Out of state');
    await expectNothingCut(page, dialog);
    expect((await cliJson<{ pet: { status: string } }>(desk, 'pets', 'show', String(taken.petId))).pet.status).toBe(
      'available',
    );

    await dialog.getByLabel('When', { exact: true }).fill('');
    await dialog.getByRole('button', { name: 'Record the outcome' }).click();
    await expect(dialog).toBeHidden();
    const outcome = page
      .getByTestId('movement-entry')
      .filter({ hasText: 'Transferred to Northside Rescue (out of state)' });
    await expect(outcome).toBeVisible();
    await expectNothingCut(page);

    const record = await cliJson<{
      stays: Array<{ transferTo: string | null; receivingOrganisation: string | null }>;
      events: Array<{ kind: string; by: string; details: Record<string, unknown> }>;
    }>(desk, 'movements', 'record', String(taken.petId));
    expect(record.stays[0]).toMatchObject({ transferTo: 'out_of_state', receivingOrganisation: 'Northside Rescue' });
    expect(record.events.find((event) => event.kind === 'outcome')).toMatchObject({
      by: 'window',
      details: { transferTo: 'out_of_state', receivingOrganisation: 'Northside Rescue' },
    });
  });
}
