/**
 * The Today page shows the shelter's day after it happened through the
 * CLI: an arrival, an outcome, an overdue foster, a reservation waiting longer than N days (N
 * adjustable), the animals in care longest, each linking to the animal's page; empty sections say
 * what they mean; it fits 1280×800 and 1000×700.
 */
import type { Page } from '@playwright/test';
import type { Person } from '../../src/shared/people';
import type { Stay } from '../../src/shared/movements';
import { cliJson, expect, openDesk, test, type DeskServer } from './fixtures';
import { VIEWPORTS, expectNothingCut, sizeName } from './viewports';

const DAY = 86_400_000;

/** `days` ago (and `hours` more), as the CLI's `--at` takes it. */
function ago(days: number, hours = 0): string {
  return new Date(Date.now() - days * DAY - hours * 3_600_000).toISOString();
}

async function openToday(page: Page, desk: DeskServer): Promise<void> {
  await openDesk(page, desk);
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Today', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Today', exact: true })).toBeVisible();
}

async function person(desk: DeskServer, ...args: string[]): Promise<number> {
  return (await cliJson<{ person: Person }>(desk, 'people', 'add', ...args)).person.id;
}

async function intake(desk: DeskServer, name: string, type: string, at: string, ...args: string[]): Promise<number> {
  return (await cliJson<Stay>(desk, 'intake', '--name', name, '--category', '1', '--type', type, '--at', at, ...args))
    .petId;
}

/** A day of a small shelter: who came, who left, who is out in foster too long, who waits to be adopted. */
async function shelterDay(desk: DeskServer): Promise<Record<string, number>> {
  const finder = await person(desk, '--name', 'Fiona Finder', '--role', 'finder');
  const foster = await person(desk, '--name', 'Fay Foster', '--foster');
  const adopter = await person(desk, '--name', 'Ann Adopter', '--role', 'adopter');
  const oldie = await intake(desk, 'Oldie', 'owner_surrender', ago(40));
  const fostered = await intake(desk, 'Fostered', 'stray', ago(30));
  await desk.cli('foster', 'start', String(fostered), '--person', String(foster), '--at', ago(20), '--until', ago(3));
  const reserved = await intake(desk, 'Reserved', 'stray', ago(25));
  await desk.cli('reserve', String(reserved), '--person', String(adopter), '--at', ago(10));
  const leaver = await intake(desk, 'Leaver', 'stray', ago(5));
  await desk.cli(
    'outcome',
    String(leaver),
    '--type',
    'transfer_out',
    '--transfer-to',
    'in_state',
    '--at',
    ago(0, 0.01),
  );
  const arrival = await intake(desk, 'Newcomer', 'stray', ago(0, 0.02), '--person', String(finder));
  return { oldie, fostered, reserved, leaver, arrival, finder, foster, adopter };
}

test('an empty shelter: every section says what its emptiness means', async ({ page, desk }) => {
  await openToday(page, desk);
  await expect(page.getByTestId('today-arrivals')).toContainText('No animal came in today.');
  await expect(page.getByTestId('today-outcomes')).toContainText('No animal left care today');
  await expect(page.getByTestId('today-waiting')).toContainText(
    'No reservation has waited longer than 7 days, and none has expired.',
  );
  await expect(page.getByTestId('today-fosters-due')).toContainText(
    'No animal is due back from foster today, and none is overdue.',
  );
  await expect(page.getByTestId('today-longest')).toContainText('No animal is in care');
  await expect(page.getByLabel('In care: 0')).toBeVisible();
});

test("the day's arrival, outcome, overdue foster, long reservation and longest stays, each linking to the animal", async ({
  page,
  desk,
}) => {
  const ids = await shelterDay(desk);
  await openToday(page, desk);

  const arrivals = page.getByTestId('today-arrivals');
  await expect(arrivals.getByRole('row')).toHaveCount(2);
  await expect(arrivals).toContainText('Stray');
  await expect(arrivals.getByRole('link', { name: 'Newcomer' })).toHaveAttribute('href', `#/pets/${ids.arrival}`);
  await expect(arrivals.getByRole('link', { name: 'Fiona Finder' })).toHaveAttribute('href', `#/people/${ids.finder}`);

  const outcomes = page.getByTestId('today-outcomes');
  await expect(outcomes.getByRole('link', { name: 'Leaver' })).toHaveAttribute('href', `#/pets/${ids.leaver}`);
  await expect(outcomes).toContainText('Transferred out');

  const fosters = page.getByTestId('today-fosters-due');
  await expect(fosters.getByRole('link', { name: 'Fostered' })).toHaveAttribute('href', `#/pets/${ids.fostered}`);
  await expect(fosters).toContainText('Fay Foster');
  await expect(fosters).toContainText('overdue 3 days');

  const waiting = page.getByTestId('today-waiting');
  await expect(waiting.getByRole('link', { name: 'Reserved' })).toHaveAttribute('href', `#/pets/${ids.reserved}`);
  await expect(waiting).toContainText('Ann Adopter');
  await expect(waiting).toContainText('10 days');

  const longest = page.getByTestId('today-longest');
  await expect(longest.getByRole('row').nth(1)).toContainText('Oldie');
  await expect(longest.getByRole('row').nth(1)).toContainText('40');
  await expect(longest.getByRole('link')).toHaveText(['Oldie', 'Fostered', 'Reserved', 'Newcomer']);

  await expect(page.getByLabel('In care: 4')).toBeVisible();
  await expect(page.getByLabel('In foster: 1')).toBeVisible();
  await expect(page.getByLabel('Reserved: 1')).toBeVisible();

  // N is the staff's: a reservation of 10 days is not "waiting" against 14.
  const days = page.getByRole('textbox', { name: 'Reservations waiting longer than' });
  await days.fill('14');
  await expect(waiting).toContainText('No reservation has waited longer than 14 days, and none has expired.');
  await days.fill('9');
  await expect(waiting.getByRole('link', { name: 'Reserved' })).toBeVisible();

  await arrivals.getByRole('link', { name: 'Newcomer' }).click();
  await expect(page).toHaveURL(new RegExp(`#/pets/${ids.arrival}$`));
});

for (const viewport of VIEWPORTS) {
  test(`the Today page fits ${sizeName(viewport)}`, async ({ page, desk }) => {
    await page.setViewportSize(viewport);
    const ids = await shelterDay(desk);
    const longName = await intake(
      desk,
      'Sir Reginald Fluffington-Barkworth the Third of Upper Wagglesby',
      'transfer_in',
      ago(60),
      '--transfer-from',
      'out_of_state',
    );
    expect(ids.oldie).toBeLessThan(longName);
    await openToday(page, desk);
    await expect(page.getByTestId('today-longest').getByRole('link').first()).toContainText('Sir Reginald');
    await expectNothingCut(page);
  });
}
