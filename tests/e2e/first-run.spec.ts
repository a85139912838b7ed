/**
 * The desktop app's first run, in the real browser. Electron cannot run here, so the one
 * part stood in for is its bridge: window.adoptionDeskLink is backed (page.exposeFunction) by the real
 * desk link — the real probe against a real HTTPS shelter server made from a real local CA, the real
 * choice file — so the page shows the server's real code.
 */
import { X509Certificate } from 'node:crypto';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { readDeskChoice } from '../../src/main/desk-link/choice-file';
import { createDeskLink } from '../../src/main/desk-link/desk-link';
import { shortCodeOf } from '../../src/shared/team';
import { freePort } from '../helpers/free-port';
import { startTestShelterServer, type TestShelterServer } from '../helpers/shelter-server';
import { expect, openDesk, test, type DeskServer } from './fixtures';
import { expectNothingCut, VIEWPORTS } from './viewports';

let shelter: TestShelterServer;
let otherShelter: TestShelterServer;

test.beforeAll(async () => {
  [shelter, otherShelter] = await Promise.all([startTestShelterServer(), startTestShelterServer()]);
});

test.afterAll(async () => {
  await Promise.all([shelter.close(), otherShelter.close()]);
});

/** The desktop app's page with the shell's bridge: the real desk link, its choice file in the desk's data dir. */
async function openFirstRun(page: Page, desk: DeskServer): Promise<string> {
  const file = path.join(desk.dataDir, 'desk-choice.json');
  const link = createDeskLink({ file, probe: { timeoutMs: 3_000 } });
  await page.exposeFunction('deskLinkProbe', (input: unknown) => link.probe(input));
  await page.exposeFunction('deskLinkChoose', (input: unknown) => link.choose(input));
  await page.exposeFunction('deskLinkCurrent', () => link.current());
  await page.addInitScript(() => {
    const exposed = window as unknown as Record<
      'deskLinkProbe' | 'deskLinkChoose' | 'deskLinkCurrent',
      (input?: unknown) => Promise<never>
    >;
    window.adoptionDeskLink = {
      probe: (input) => exposed.deskLinkProbe(input),
      choose: (input) => exposed.deskLinkChoose(input),
      current: () => exposed.deskLinkCurrent(),
    };
  });
  await page.goto(desk.adminUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'How will this computer work?' })).toBeVisible();
  return file;
}

const codeOf = (server: TestShelterServer) => shortCodeOf(new X509Certificate(server.caPem).fingerprint256);

test.describe('the first run', () => {
  for (const viewport of VIEWPORTS) {
    test(`connects to the shelter server after staff compare its real code, nothing cut at ${viewport.width}×${viewport.height}`, async ({
      page,
      desk,
    }) => {
      await page.setViewportSize(viewport);
      const file = await openFirstRun(page, desk);
      await expectNothingCut(page);

      await page.getByLabel('Shelter server at').fill(`localhost:${shelter.port}`);
      await page.getByRole('button', { name: 'Connect', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Connect to the shelter server' });
      await expect(dialog.getByTestId('server-code')).toHaveText(codeOf(shelter));
      await expect(dialog.getByText(`https://localhost:${shelter.port}/admin/`)).toBeVisible();
      await expectNothingCut(page, dialog);

      await dialog.getByRole('button', { name: 'Same code' }).click();
      await expect(dialog.getByText(/Connecting/)).toBeVisible();
      await expect
        .poll(() => readDeskChoice(file, new Date()).choice)
        .toMatchObject({
          mode: 'shelter-server',
          url: `https://localhost:${shelter.port}/admin/`,
          caPem: shelter.caPem,
        });
    });
  }

  test('words every refusal in the dialog, and connects nothing when the codes differ', async ({ page, desk }) => {
    await page.setViewportSize({ width: 1000, height: 700 });
    const file = await openFirstRun(page, desk);
    const dialog = page.getByRole('dialog', { name: 'Connect to the shelter server' });

    await page.getByLabel('Shelter server at').fill('http://shelter-pc');
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(dialog.getByTestId('dialog-failure')).toContainText('Type the name only');
    await expectNothingCut(page, dialog);

    const closedPort = await freePort();
    await dialog.getByLabel('Shelter server at').fill(`127.0.0.1:${closedPort}`);
    await dialog.getByRole('button', { name: 'Try again' }).click();
    await expect(dialog.getByTestId('dialog-failure')).toContainText(`nothing listens on port ${closedPort}`);

    await dialog.getByLabel('Shelter server at').fill(`127.0.0.1:${shelter.port}`);
    await dialog.getByRole('button', { name: 'Try again' }).click();
    await expect(dialog.getByTestId('dialog-failure')).toContainText('not made for the name 127.0.0.1');

    await dialog.getByLabel('Shelter server at').fill(`localhost:${otherShelter.port}`);
    await dialog.getByRole('button', { name: 'Try again' }).click();
    await expect(dialog.getByTestId('server-code')).toHaveText(codeOf(otherShelter));
    await dialog.getByRole('button', { name: 'Different code — do not connect' }).click();
    await expect(dialog.getByText('Not connected')).toBeVisible();
    await expectNothingCut(page, dialog);
    await dialog.getByRole('button', { name: 'Back' }).click();
    await expect(dialog).toBeHidden();
    expect(readDeskChoice(file, new Date()).choice).toBeNull();
  });

  test('"Use this computer" keeps the records here: the window is as it always was', async ({ page, desk }) => {
    const file = await openFirstRun(page, desk);
    await page.getByRole('button', { name: 'Use this computer' }).click();
    await expect(page.getByRole('navigation', { name: 'Pages' })).toBeVisible();
    expect(readDeskChoice(file, new Date()).choice).toEqual({ mode: 'this-computer' });
  });

  test('never shows in browser mode, where there is no bridge', async ({ page, desk }) => {
    await openDesk(page, desk);
    await expect(page.getByRole('navigation', { name: 'Pages' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'How will this computer work?' })).toHaveCount(0);
  });
});
