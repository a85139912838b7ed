/**
 * The Reports page shows the last whole month's Shelter Animals Count
 * matrix (recorded through the CLI), its live release rate and a year of trends as charts, downloads
 * the matrix as CSV, follows the month picker, fits 1280×800 and 1000×700 with nothing cut, and
 * passes axe's WCAG 2 A/AA rules, colour contrast included.
 */
import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, openDesk, test, type DeskServer } from './fixtures';
import { VIEWPORTS, expectNothingCut, sizeName } from './viewports';

/** This machine's month, `back` months ago, YYYY-MM (the page's own reckoning). */
function monthBack(back: number): string {
  const now = new Date();
  const month = new Date(now.getFullYear(), now.getMonth() - back, 1);
  return `${month.getFullYear()}-${String(month.getMonth() + 1).padStart(2, '0')}`;
}

const LAST = monthBack(1);
const BEFORE = monthBack(2);

async function intake(
  desk: DeskServer,
  name: string,
  category: number,
  type: string,
  at: string,
  ...more: string[]
): Promise<number> {
  const stay = JSON.parse(
    await desk.cli(
      '--json',
      'intake',
      '--name',
      name,
      '--category',
      String(category),
      '--type',
      type,
      '--at',
      at,
      ...more,
    ),
  ) as { petId: number };
  return stay.petId;
}

/** A row's cells as shown: the label, six figures, the total. */
async function rowCells(page: Page, key: string): Promise<string[]> {
  return page.getByTestId('sac-matrix').locator(`tr[data-row="${key}"] td`).allInnerTexts();
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${sizeName(viewport)}`, () => {
    test.use({ viewport });
    test.setTimeout(120_000);

    test(`the matrix, the rate, the trends and the CSV of last month (${sizeName(viewport)})`, async ({
      page,
      desk,
    }) => {
      // No birth dates: every animal is of unknown age.
      const rex = await intake(desk, 'Rex', 1, 'stray', `${BEFORE}-20T12:00:00Z`);
      await desk.cli('outcome', String(rex), '--type', 'return_to_owner', '--at', `${LAST}-10T12:00:00Z`);
      await intake(desk, 'Luna', 2, 'transfer_in', `${LAST}-05T12:00:00Z`, '--transfer-from', 'in_state');
      const tom = await intake(desk, 'Tom', 2, 'owner_surrender', `${LAST}-12T12:00:00Z`);
      await desk.cli('outcome', String(tom), '--type', 'euthanasia', '--at', `${LAST}-15T12:00:00Z`);

      await openDesk(page, desk);
      await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Reports', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Reports', exact: true })).toBeVisible();
      await expect(page.getByRole('combobox', { name: 'Month' })).toHaveValue(
        new Date(`${LAST}-15T00:00:00Z`).toLocaleDateString(undefined, {
          month: 'long',
          year: 'numeric',
          timeZone: 'UTC',
        }),
      );

      await expect
        .poll(() => rowCells(page, 'beginning'))
        .toEqual(['In care at the start', '0', '0', '1', '0', '0', '0', '1']);
      expect(await rowCells(page, 'intake_transfer_in_state')).toEqual([
        'Transferred in, within state',
        '0',
        '0',
        '0',
        '0',
        '0',
        '1',
        '1',
      ]);
      expect(await rowCells(page, 'intake_relinquished')).toEqual([
        'Relinquished by owner',
        '0',
        '0',
        '0',
        '0',
        '0',
        '1',
        '1',
      ]);
      expect(await rowCells(page, 'outcome_returned_to_owner')).toEqual([
        'Returned to owner',
        '0',
        '0',
        '1',
        '0',
        '0',
        '0',
        '1',
      ]);
      expect(await rowCells(page, 'outcome_shelter_euthanasia')).toEqual([
        'Shelter euthanasia',
        '0',
        '0',
        '0',
        '0',
        '0',
        '1',
        '1',
      ]);
      expect(await rowCells(page, 'ending')).toEqual(['In care at the end', '0', '0', '0', '0', '0', '1', '1']);

      const rates = page.getByTestId('live-release');
      await expect(rates).toContainText('Live release rate, dogs100.0 %');
      await expect(rates).toContainText('Live release rate, cats0.0 %');
      await expect(rates).toContainText('Live release rate, dogs and cats50.0 %');
      await expect(page.getByTestId('report-trends').locator('.recharts-surface')).toHaveCount(2);

      await expectNothingCut(page);
      const axe = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa']).analyze();
      expect(
        axe.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(', ')}`),
      ).toEqual([]);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`shelter-animals-count-${LAST}.csv`);
      const csv = fs.readFileSync(await download.path(), 'utf8');
      expect(csv.split('\r\n')[0]).toBe(
        'Month,Section,Row,Dogs: adult,Dogs: up to 5 months,Dogs: age unknown,Cats: adult,Cats: up to 5 months,Cats: age unknown,Total',
      );
      expect(csv).toContain(`${LAST},Live outcome,Returned to owner,0,0,1,0,0,0,1\r\n`);

      // For a spreadsheet set to French: semicolons and a byte order mark, chosen from the menu beside it.
      await page.getByRole('button', { name: 'Other CSV formats' }).click();
      const [semicolons] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('menuitem', { name: /^Semicolons/ }).click(),
      ]);
      const french = fs.readFileSync(await semicolons.path());
      expect([...french.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const frenchText = french.subarray(3).toString('utf8');
      expect(frenchText.split('\r\n')[0]).toBe(
        'Month;Section;Row;Dogs: adult;Dogs: up to 5 months;Dogs: age unknown;Cats: adult;Cats: up to 5 months;Cats: age unknown;Total',
      );
      expect(frenchText).toContain(`${LAST};Live outcome;Returned to owner;0;0;1;0;0;0;1\r\n`);

      // The month before: Rex came in, nothing left.
      await page.getByRole('combobox', { name: 'Month' }).click();
      await page
        .getByRole('option', {
          name: new Date(`${BEFORE}-15T00:00:00Z`).toLocaleDateString(undefined, {
            month: 'long',
            year: 'numeric',
            timeZone: 'UTC',
          }),
          exact: true,
        })
        .click();
      await expect
        .poll(() => rowCells(page, 'intake_stray'))
        .toEqual(['Stray or at large', '0', '0', '1', '0', '0', '0', '1']);
      expect(await rowCells(page, 'ending')).toEqual(['In care at the end', '0', '0', '1', '0', '0', '0', '1']);
      await expectNothingCut(page);
    });
  });
}
