/**
 * A volunteer's Saturday (the care marks): on a real `serve --admin` process with team
 * mode on, a volunteer logs in without the token, opens Today and finds the vaccinations due and
 * nothing of the movements (the page never asks for them), marks one dose given (the dialog offers
 * no vet and no medical notes) and skips another; each leaves the list, the audit trail names them,
 * and at 1000×700 nothing is cut.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { AuditEntry } from '../../src/shared/audit';
import type { DueList } from '../../src/shared/care';
import type { Stay } from '../../src/shared/movements';
import { addStaff, cliJson, expect, test, type DeskServer } from './fixtures';
import { expectNothingCut } from './viewports';
import { plainWebp } from '../helpers/photos';

test.use({ viewport: { width: 1000, height: 700 } });

const PASSWORD = 'a long shelter password';

/** An owner (team mode on) and a volunteer made on the CLI; two dogs taken in today, ages unknown: DHPP and Rabies due today for each. */
async function saturday(desk: DeskServer): Promise<void> {
  await addStaff(desk, PASSWORD, [
    { name: 'Ana Ruiz', login: 'ana', role: 'owner' },
    { name: 'Vera Lind', login: 'vera', role: 'volunteer' },
  ]);
  for (const name of ['Ace', 'Bea'])
    await cliJson<Stay>(desk, 'intake', '--name', name, '--category', '1', '--type', 'stray');
}

async function logInAsVolunteer(page: Page, desk: DeskServer): Promise<void> {
  await page.goto(desk.adminUrl.split('#')[0]!);
  const form = page.getByTestId('login-form');
  await form.getByRole('textbox', { name: 'Login' }).fill('vera');
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('signed-in')).toContainText('Volunteer');
}

test('a volunteer opens Today, sees the vaccinations due and no movements, and marks one given and one skipped', async ({
  page,
  desk,
}) => {
  await saturday(desk);
  const before = await cliJson<DueList>(desk, 'care', 'due');
  expect(before.dueToday.map((row) => `${row.petName} ${row.dose.vaccine}`).sort()).toEqual([
    'Ace DHPP',
    'Ace Rabies',
    'Bea DHPP',
    'Bea Rabies',
  ]);
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));

  await logInAsVolunteer(page, desk);
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Today', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Today', exact: true })).toBeVisible();
  const due = page.getByTestId('due-list');
  const today = due.getByRole('table', { name: 'Today' });
  await expect(today.getByRole('row')).toHaveCount(5);
  await expect(page.getByTestId('today-counts')).toHaveCount(0);
  await expect(page.getByRole('spinbutton', { name: 'Reservations waiting longer than' })).toHaveCount(0);
  await expectNothingCut(page);

  await today
    .getByRole('row', { name: /Ace.*DHPP/ })
    .getByRole('button', { name: 'Given', exact: true })
    .click();
  const give = page.getByRole('dialog', { name: 'Given: Ace' });
  await expect(give.getByRole('textbox', { name: 'Batch (lot)' })).toBeVisible();
  await expect(give.getByRole('textbox', { name: 'Given by' })).toBeVisible();
  await expect(give.getByRole('textbox', { name: 'Vet' })).toHaveCount(0);
  await expect(give.getByText('Medical notes (private)')).toHaveCount(0);
  await expectNothingCut(page, give);
  await give.getByRole('textbox', { name: 'Batch (lot)' }).fill('LOT-4417');
  await give.getByRole('textbox', { name: 'Given by' }).fill('Vera');
  await give.getByRole('button', { name: 'Record as given' }).click();
  await expect(give).toBeHidden();
  await expect(today.getByRole('row', { name: /Ace.*DHPP/ })).toHaveCount(0);
  await expect(today.getByRole('row')).toHaveCount(4);

  await today
    .getByRole('row', { name: /Bea.*Rabies/ })
    .getByRole('button', { name: 'Skip' })
    .click();
  const skip = page.getByRole('dialog', { name: 'Skip Rabies for Bea' });
  await expectNothingCut(page, skip);
  await skip.getByRole('textbox', { name: 'Reason' }).fill('She is poorly: the vet comes Monday');
  await skip.getByRole('button', { name: 'Skip the dose' }).click();
  await expect(skip).toBeHidden();
  await expect(today.getByRole('row', { name: /Bea.*Rabies/ })).toHaveCount(0);
  await expect(today.getByRole('row')).toHaveCount(3);

  const after = await cliJson<DueList>(desk, 'care', 'due');
  expect(after.dueToday.map((row) => `${row.petName} ${row.dose.vaccine}`).sort()).toEqual(['Ace Rabies', 'Bea DHPP']);
  const trail = await cliJson<AuditEntry[]>(desk, 'audit', 'list', '--staff', 'Vera Lind');
  expect(trail.map((entry) => entry.channel)).toEqual(expect.arrayContaining(['care.give', 'care.skip']));
  // The window never asked for what a volunteer may not read.
  expect(asked.filter((pathname) => /movements\.|people\.|care\.record/.test(pathname))).toEqual([]);
});

test("a volunteer's record page shows the animal's cover photo in its header, not its initials", async ({
  page,
  desk,
}) => {
  await saturday(desk);
  const ace = (await cliJson<{ id: number; name: string }[]>(desk, 'pets', 'list')).find((pet) => pet.name === 'Ace');
  const photo = path.join(desk.dataDir, 'ace.webp');
  fs.writeFileSync(photo, await plainWebp(800, 600));
  await desk.cli('pets', 'photos', 'add', String(ace!.id), photo);
  await logInAsVolunteer(page, desk);
  await page.evaluate((id) => {
    window.location.hash = `#/pets/${id}`;
  }, ace!.id);
  const header = page.getByTestId('record-header');
  await expect(header.getByRole('img')).toBeVisible();
  await expect
    .poll(() => header.getByRole('img').evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);
  await expect(header.getByLabel('No photo of Ace yet')).toHaveCount(0);
  await expectNothingCut(page);
});
