/**
 * The phone's contract view signs a foster agreement too, not only the adoption: a real
 * `serve --team` process, Chromium trusting the shelter's CA alone, a 390×844 touch viewport over
 * HTTPS, in French. The foster signs the running placement's agreement with a finger; it is listed
 * with its kind, and no adoption contract is offered for an animal nobody adopted.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import type { Stay } from '../../src/shared/movements';
import { expect, test } from './fixtures';
import { browserTrusting, cli, cliJson, serveTeam, stop } from './team-process';
import { freePort } from '../helpers/free-port';
import { CERTUTIL_MISSING } from '../helpers/trusted-ca-home';

const PASSWORD = 'a long shelter password';
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;

if (CERTUTIL_MISSING && process.env.CI === 'true') throw new Error(CERTUTIL_MISSING);
test.skip(CERTUTIL_MISSING !== undefined, CERTUTIL_MISSING ?? '');
test.setTimeout(180_000);

let work: string;
let dataDir: string;
let server: ChildProcess | undefined;
let browser: Browser;
let address: string;
let petId: number;
let stayId: number;
let placementId: number;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'adk-phone-agreements-'));
  dataDir = path.join(work, 'data');
  const passwordFile = path.join(work, 'password.txt');
  fs.writeFileSync(passwordFile, `${PASSWORD}\n`);
  await cli(
    dataDir,
    'staff',
    'add',
    '--name',
    'Ana Ruiz',
    '--login',
    'ana',
    '--role',
    'owner',
    '--password-file',
    passwordFile,
  );
  await cli(dataDir, 'shelter', 'set', '--name', 'Refuge de Lyon', '--language', 'fr');
  petId = (await cliJson<Stay>(dataDir, 'intake', '--name', 'Noisette', '--category', '1', '--type', 'stray')).petId;
  const { person } = await cliJson<{ person: { id: number } }>(
    dataDir,
    'people',
    'add',
    '--name',
    'Fanny Morel',
    '--role',
    'foster',
  );
  const stay = await cliJson<Stay>(dataDir, 'foster', 'start', String(petId), '--person', String(person.id));
  stayId = stay.id;
  placementId = stay.fosters[0]!.id;
  const caPem = await cli(dataDir, 'certificates', 'ca');
  const teamPort = await freePort();
  server = await serveTeam(dataDir, teamPort);
  address = `https://localhost:${teamPort}/admin/`;
  browser = await browserTrusting(caPem, path.join(work, 'home'));
});

test.afterAll(async () => {
  await browser?.close();
  if (server) await stop(server);
  fs.rmSync(work, { recursive: true, force: true });
});

async function logIn(page: Page): Promise<void> {
  await page.goto(`${address}?lang=fr`);
  const form = page.getByTestId('login-form');
  await form.locator('input[autocomplete="username"]').fill('ana');
  await form.locator('input[autocomplete="current-password"]').fill(PASSWORD);
  await form.locator('button[type="submit"]').click();
  await expect(page.getByTestId('phone-shell')).toBeVisible();
}

/** A hand drawn across the pad with a finger: touch points, as a phone sends them. */
async function drawSignature(page: Page): Promise<void> {
  const pad = page.getByTestId('signature-pad');
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height * 0.7);
  await page.mouse.down();
  for (let step = 1; step <= 12; step += 1)
    await page.mouse.move(box.x + 20 + step * ((box.width - 40) / 12), box.y + box.height * (step % 2 ? 0.3 : 0.7), {
      steps: 3,
    });
  await page.mouse.up();
}

test('on a phone, the foster signs the running placement’s agreement; it is listed with its kind', async () => {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await logIn(page);
  await page.evaluate((id) => (window.location.hash = `#/pets/${id}/movements`), petId);
  await expect(page.getByTestId('phone-animal')).toBeVisible();
  const section = page.getByRole('region', { name: 'Contrats et conventions' });
  await expect(section).toBeVisible();
  // Nobody adopted Noisette: no adoption contract to sign.
  await expect(
    page.getByRole('button', { name: 'Faire signer le contrat d’adoption de Noisette sur cet écran' }),
  ).toHaveCount(0);
  await section.getByRole('button', { name: 'Faire signer la convention d’accueil de Noisette sur cet écran' }).click();
  const dialog = page.getByRole('dialog', { name: 'Convention d’accueil de Noisette : signer ici' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Nom imprimé sous la signature')).toHaveValue('Fanny Morel');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await drawSignature(page);
  await dialog.getByRole('button', { name: 'Signer la convention' }).click();
  await expect(dialog.getByText('Fanny Morel a signé la convention d’accueil de Noisette.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Fermer' }).click();

  const listed = section.getByTestId(`signed-contracts-${stayId}`).getByTestId('signed-contract');
  await expect(listed).toHaveCount(1);
  await expect(listed).toHaveAttribute('data-kind', 'foster');
  await expect(listed).toHaveAttribute('data-placement', String(placementId));
  await expect(listed.getByText('Convention d’accueil', { exact: true })).toBeVisible();
  await expect(
    section.getByRole('button', { name: 'Signer une correction de la convention d’accueil de Noisette' }),
  ).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await context.close();
});
