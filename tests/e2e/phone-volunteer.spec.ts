/**
 * The volunteer's and the foster's phone: a real `serve --team` process, Chromium trusting the
 * shelter's CA alone, a 390×844 touch viewport over HTTPS. A volunteer logs in, marks one dose given
 * and another skipped on Today, adds a photo from the camera's file input (its first upload fails and
 * saves nothing, the retry goes up on a slow network with its progress bar) and sees it on the
 * animal's record — in French, and in English; a foster sees only the animal placed with them. On
 * every screen: no horizontal scroll, and every target at least 44 px.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { DueList } from '../../src/shared/care';
import type { Stay } from '../../src/shared/movements';
import { expect, test } from './fixtures';
import { browserTrusting, cli, cliJson, serveTeam, stop } from './team-process';
import { CERTUTIL_MISSING } from '../helpers/trusted-ca-home';
import { freePort } from '../helpers/free-port';
import { phoneJpeg } from '../helpers/photos';

const PASSWORD = 'a long shelter password';
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;

if (CERTUTIL_MISSING && process.env.CI === 'true') throw new Error(CERTUTIL_MISSING);
test.skip(CERTUTIL_MISSING !== undefined, CERTUTIL_MISSING ?? '');
test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);

let work: string;
let dataDir: string;
let server: ChildProcess | undefined;
let browser: Browser;
let address: string;
const pets: Record<string, number> = {};
let fosterPersonId: number;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'adk-phone-'));
  dataDir = path.join(work, 'data');
  const passwordFile = path.join(work, 'password.txt');
  fs.writeFileSync(passwordFile, `${PASSWORD}\n`);
  for (const [name, login, role] of [
    ['Ana Ruiz', 'ana', 'owner'],
    ['Vera Lind', 'vera', 'volunteer'],
  ] as const)
    await cli(
      dataDir,
      'staff',
      'add',
      '--name',
      name,
      '--login',
      login,
      '--role',
      role,
      '--password-file',
      passwordFile,
    );
  // Each dog taken in today, its age unknown: DHPP and Rabies due today.
  for (const name of ['Ace', 'Bea', 'Mina'])
    pets[name] = (await cliJson<Stay>(dataDir, 'intake', '--name', name, '--category', '1', '--type', 'stray')).petId;
  fosterPersonId = (
    await cliJson<{ person: { id: number } }>(dataDir, 'people', 'add', '--name', 'Fanny Morel', '--role', 'foster')
  ).person.id;
  await cli(dataDir, 'foster', 'start', String(pets.Mina), '--person', String(fosterPersonId));
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

/** The login form by its fields' purposes, so it reads the same in every language. */
async function logIn(page: Page, url: string, login: string): Promise<void> {
  await page.goto(url);
  const form = page.getByTestId('login-form');
  await form.locator('input[autocomplete="username"]').fill(login);
  await form.locator('input[autocomplete="current-password"]').fill(PASSWORD);
  await form.locator('button[type="submit"]').click();
  await expect(page.getByTestId('phone-shell')).toBeVisible();
  expect(new URL(page.url()).protocol).toBe('https:');
}

/** One column that fits the phone's width, and every target a finger can hit: at least 44 × 44 px. */
async function expectPhoneFit(page: Page): Promise<void> {
  await expect(page.locator('[data-ready="true"]')).toHaveCount(1);
  const fit = await page.evaluate(() => {
    const root = document.documentElement;
    const small = [...document.querySelectorAll('button, a[href], input:not([type="file"]), [role="button"]')]
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && box.height > 0)
      .filter(({ box }) => box.height < 44 || box.width < 44)
      .map(
        ({ element, box }) =>
          `${element.tagName} "${(element.textContent ?? '').trim() || element.getAttribute('aria-label')}" ${Math.round(box.width)}×${Math.round(box.height)}`,
      );
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, small };
  });
  expect(fit.scrollWidth, 'no horizontal scroll').toBeLessThanOrEqual(fit.clientWidth);
  expect(fit.small, 'targets under 44 px').toEqual([]);
}

const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

async function photoFile() {
  return { name: 'camera.jpg', mimeType: 'image/jpeg', buffer: await phoneJpeg() };
}

/** The phone's photos of the record, loaded. */
async function expectPhotosShown(page: Page, count: number): Promise<void> {
  const photos = page.getByTestId('phone-photo');
  await expect(photos).toHaveCount(count);
  await expect.poll(() => photos.last().evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByTestId('phone-cover')).toBeVisible();
}

const dueNow = async () =>
  (await cliJson<DueList>(dataDir, 'care', 'due')).dueToday.map((row) => `${row.petName} ${row.dose.vaccine}`).sort();

test('a volunteer on a phone, in French: Today in two taps, a photo from the camera retried after a failure, seen on the record', async () => {
  const context: BrowserContext = await browser.newContext(PHONE);
  const page = await context.newPage();
  await logIn(page, `${address}?lang=fr`, 'vera');
  await expect(page.getByRole('heading', { level: 1, name: 'Aujourd’hui' })).toBeVisible();
  await expect(card(page, 'Ace DHPP')).toBeVisible();
  await expectPhoneFit(page);

  // Given: Fait, then the batch and Enregistrer (the next dose of this vaccine has the batch already).
  await card(page, 'Ace DHPP').getByRole('button', { name: 'Fait', exact: true }).click();
  await card(page, 'Ace DHPP').getByRole('textbox', { name: 'Numéro de lot' }).fill('LOT-4417');
  await expectPhoneFit(page);
  await card(page, 'Ace DHPP').getByRole('button', { name: 'Enregistrer comme fait' }).click();
  await expect(card(page, 'Ace DHPP')).toHaveCount(0);
  // Skipped: Reporter, then a reason.
  await card(page, 'Bea Rabies').getByRole('button', { name: 'Reporter', exact: true }).click();
  await expectPhoneFit(page);
  await card(page, 'Bea Rabies').getByRole('button', { name: 'Malade aujourd’hui' }).click();
  await expect(card(page, 'Bea Rabies')).toHaveCount(0);
  expect(await dueNow()).toEqual(['Ace Rabies', 'Bea DHPP', 'Mina DHPP', 'Mina Rabies']);

  await page
    .getByRole('navigation', { name: 'Pages du téléphone' })
    .getByRole('link', { name: 'Pensionnaires' })
    .click();
  await page.getByRole('link', { name: 'Ouvrir la fiche de Ace' }).click();
  const record = page.getByTestId('phone-animal');
  await expect(record.getByRole('heading', { level: 1, name: 'Ace' })).toBeVisible();
  await expect(record.getByRole('heading', { name: 'S’entend avec' })).toBeVisible();
  await expect(record.getByText('Rabies')).toBeVisible();
  await expect(record.getByText('Pas encore de photo', { exact: true })).toBeVisible();
  await expectPhoneFit(page);

  const camera = page.locator('input[type="file"]');
  await expect(camera).toHaveAttribute('accept', 'image/*');
  await expect(camera).toHaveAttribute('capture', 'environment');
  // The network drops the first upload: told so, nothing saved, the file kept for a retry.
  await page.route('**/admin/api/photos.add', (route) => route.abort('failed'));
  await camera.setInputFiles(await photoFile());
  const failure = page.getByRole('alert').filter({ hasText: 'La photo n’a pas été enregistrée' });
  await expect(failure).toBeVisible();
  expect(await cliJson<unknown[]>(dataDir, 'pets', 'photos', 'list', String(pets.Ace))).toEqual([]);
  await expectPhoneFit(page);
  await page.unroute('**/admin/api/photos.add');
  // A slow network: the progress bar shows while the photo goes up.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 100,
    downloadThroughput: -1,
    uploadThroughput: 256 * 1024,
  });
  await failure.getByRole('button', { name: 'Réessayer' }).click();
  await expect(page.getByRole('progressbar', { name: 'Envoi de la photo' })).toBeVisible();
  await expect(page.getByText(/Envoi de la photo… \d+ %/)).toBeVisible();
  await expectPhotosShown(page, 1);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await expect(page.getByRole('status')).toHaveText('Photo ajoutée.');
  // The engine's pipeline: upright (2000 × 3000 from a sideways 3000 × 2000), resized to 1600 px at most.
  const [stored] = await cliJson<{ width: number; height: number }[]>(
    dataDir,
    'pets',
    'photos',
    'list',
    String(pets.Ace),
  );
  expect(stored!.height).toBeGreaterThan(stored!.width);
  expect(Math.max(stored!.width, stored!.height)).toBeLessThanOrEqual(1600);
  await expectPhoneFit(page);

  // The desk's other pages say they are the desk's.
  await page.goto(`${address}?lang=fr#/people`);
  await expect(page.getByTestId('desk-only')).toContainText('Cette page est faite pour le bureau');
  await expectPhoneFit(page);
  await context.close();
});

test('a volunteer on a phone, in English: Given and Skip, a photo, the record', async () => {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await logIn(page, address, 'vera');
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  await card(page, 'Ace Rabies').getByRole('button', { name: 'Given', exact: true }).click();
  await card(page, 'Ace Rabies').getByRole('textbox', { name: 'Batch (lot)' }).fill('RB-22');
  await card(page, 'Ace Rabies').getByRole('button', { name: 'Record as given' }).click();
  await expect(card(page, 'Ace Rabies')).toHaveCount(0);
  await card(page, 'Bea DHPP').getByRole('button', { name: 'Skip', exact: true }).click();
  await card(page, 'Bea DHPP').getByRole('button', { name: 'Not with me today' }).click();
  await expect(card(page, 'Bea DHPP')).toHaveCount(0);
  expect(await dueNow()).toEqual(['Mina DHPP', 'Mina Rabies']);
  await expectPhoneFit(page);

  await page.getByRole('navigation', { name: 'Phone pages' }).getByRole('link', { name: 'Animals' }).click();
  await page.getByRole('link', { name: 'Open Bea' }).click();
  await expect(page.getByTestId('phone-animal').getByRole('heading', { level: 1, name: 'Bea' })).toBeVisible();
  await page.locator('input[type="file"][capture="environment"]').setInputFiles(await photoFile());
  await expectPhotosShown(page, 1);
  await expectPhoneFit(page);
  await context.close();
});

test('a foster on a phone sees only the animal placed with them, marks its care and adds its photo', async () => {
  // The owner invites Fanny's login linked to her in the register; she joins with the code.
  const desk = await browser.newContext({ viewport: { width: 1000, height: 700 } });
  const owner = await desk.newPage();
  await owner.goto(address);
  const form = owner.getByTestId('login-form');
  await form.locator('input[autocomplete="username"]').fill('ana');
  await form.locator('input[autocomplete="current-password"]').fill(PASSWORD);
  await form.locator('button[type="submit"]').click();
  await expect(owner.getByTestId('signed-in')).toBeVisible();
  const joined = await owner.evaluate(
    async ({ personId, password }) => {
      const post = async (channel: string, body: object) =>
        (
          await fetch(`/admin/api/${channel}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          })
        ).json() as Promise<{ code: string }>;
      const invite = await post('staff.invite', { name: 'Fanny Morel', role: 'foster', personId });
      return post('staff.acceptInvite', { code: invite.code, login: 'fanny', password });
    },
    { personId: fosterPersonId, password: PASSWORD },
  );
  expect(joined).toMatchObject({ login: 'fanny', role: 'foster' });
  await desk.close();

  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await logIn(page, `${address}?lang=fr`, 'fanny');
  await expect(page.getByRole('article')).toHaveCount(2);
  await expect(card(page, 'Mina DHPP')).toBeVisible();
  await expect(card(page, 'Mina Rabies')).toBeVisible();
  await card(page, 'Mina DHPP').getByRole('button', { name: 'Fait', exact: true }).click();
  await card(page, 'Mina DHPP').getByRole('textbox', { name: 'Numéro de lot' }).fill('LOT-77');
  await card(page, 'Mina DHPP').getByRole('button', { name: 'Enregistrer comme fait' }).click();
  await expect(card(page, 'Mina DHPP')).toHaveCount(0);
  await expectPhoneFit(page);

  await page.getByRole('link', { name: 'Pensionnaires' }).click();
  const animals = page.getByTestId('phone-animals');
  await expect(animals.getByRole('link')).toHaveText(['Mina']);
  await animals.getByRole('link', { name: 'Ouvrir la fiche de Mina' }).click();
  await page.locator('input[type="file"][capture="environment"]').setInputFiles(await photoFile());
  await expectPhotosShown(page, 1);
  await expectPhoneFit(page);

  // Another animal's record, by its address, is not theirs: the engine refuses it (403, not_in_care).
  const refused = page.waitForResponse((response) => response.url().endsWith('/admin/api/pets.profile'));
  await page.evaluate((id) => void (window.location.hash = `#/pets/${id}`), pets.Ace);
  const answer = await refused;
  expect(answer.status()).toBe(403);
  expect(await answer.json()).toMatchObject({
    code: 'forbidden',
    status: 403,
    details: { reason: 'not_in_care', role: 'foster', petId: pets.Ace },
  });
  await expect(page.getByText('Cet animal ne peut pas être affiché ici.')).toBeVisible();
  await context.close();
});
