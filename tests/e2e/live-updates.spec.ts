import type { Page, Request } from '@playwright/test';
import { cliJson, expect, openDesk, test } from './fixtures';

/*
 * Live updates, two desks on one `serve --admin`: a pet renamed at one appears on the other's pet list
 * and open record within a second, pushed, not polled. The second desk's clock is Playwright's: it is
 * moved on a minute, and no pets request goes out but the ones the change itself causes.
 */

const petsRequests = (requests: Request[]) =>
  requests.filter((request) => new URL(request.url()).pathname.startsWith('/admin/api/pets.'));

test('a pet renamed at one desk appears on the other desk’s list and open record within 1 s, without polling', async ({
  page,
  desk,
  browser,
}) => {
  const pet = await cliJson<{ id: number }>(desk, 'pets', 'add', '--name', 'Biscuit', '--category', '1');

  const other = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await other.clock.install();
  const requests: Request[] = [];
  other.on('request', (request) => void requests.push(request));
  const list = await other.newPage();
  await openDesk(list, desk);
  const row = list.getByTestId(`pet-row-${pet.id}`);
  await expect(row).toContainText('Biscuit');
  const record = await other.newPage();
  await openDesk(record, desk);
  await record.evaluate((id) => void (window.location.hash = `#/pets/${id}`), pet.id);
  const heading = record.getByTestId('record-header').getByRole('heading', { level: 1 });
  await expect(heading).toHaveText('Biscuit');
  await expect.poll(() => requests.filter((request) => request.url().endsWith('/admin/api/events')).length).toBe(2);

  // A minute on the second desk's clock: whatever polls pets would have asked by now.
  const settled = requests.length;
  await other.clock.fastForward('01:00');
  expect(petsRequests(requests.slice(settled))).toEqual([]);

  await openDesk(page, desk);
  await page.getByTestId(`pet-row-${pet.id}`).getByRole('button', { name: 'Edit Biscuit', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Biscuit' });
  await dialog.getByLabel('Name').fill('Biscuit the Brave');
  const beforeSave = requests.length;
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toBeHidden();
  const saved = Date.now();
  await Promise.all([
    expect(row).toContainText('Biscuit the Brave', { timeout: 1_000 }),
    expect(heading).toHaveText('Biscuit the Brave', { timeout: 1_000 }),
  ]);
  expect(Date.now() - saved).toBeLessThan(1_000);

  // What the other desk asked for pets since: each shown query once, caused by the one change.
  await other.clock.fastForward('01:00');
  const asked = petsRequests(requests.slice(beforeSave)).map(
    (request) => `${requestPage(request, list, record)} ${new URL(request.url()).pathname} ${request.postData() ?? ''}`,
  );
  expect(asked.length).toBeGreaterThan(0);
  expect(new Set(asked).size).toBe(asked.length);
  await other.close();
});

function requestPage(request: Request, list: Page, record: Page): string {
  const frame = request.frame();
  return frame.page() === list ? 'list' : frame.page() === record ? 'record' : 'other';
}
