/**
 * The adopter signs on a phone over the shelter server's HTTPS (a real `serve --team` process, a
 * 390×844 touch viewport, Chromium trusting the shelter's CA alone), and the signed contract is
 * mailed: a real SMTP server in this process receives one message, in French, to the adopter, with
 * the signed PDF attached; `contract verify` accepts that attachment and refuses it with one byte
 * changed.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import type { Stay } from '../../src/shared/movements';
import { expect, test } from './fixtures';
import { browserTrusting, cli, cliJson, cliWithInput, serveTeam, stop } from './team-process';
import { freePort } from '../helpers/free-port';
import {
  removeSmtpCertificates,
  SMTP_PASSWORD,
  SMTP_USER,
  startSmtpServer,
  type TestSmtpServer,
} from '../helpers/smtp-server';
import { CERTUTIL_MISSING } from '../helpers/trusted-ca-home';

const PASSWORD = 'a long shelter password';
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;

if (CERTUTIL_MISSING && process.env.CI === 'true') throw new Error(CERTUTIL_MISSING);
test.skip(CERTUTIL_MISSING !== undefined, CERTUTIL_MISSING ?? '');
test.setTimeout(180_000);

let work: string;
let dataDir: string;
let smtp: TestSmtpServer;
let server: ChildProcess | undefined;
let browser: Browser;
let address: string;
let petId: number;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'adk-contract-mail-'));
  dataDir = path.join(work, 'data');
  smtp = await startSmtpServer();
  // The shelter server trusts the SMTP server's CA as a shelter's machine trusts its provider's.
  const smtpCa = path.join(work, 'smtp-ca.pem');
  fs.writeFileSync(smtpCa, smtp.caPem);
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
    'Hélène Dupré',
    '--email',
    'helene@example.test',
  );
  await cliJson(dataDir, 'adopt', String(petId), '--person', String(person.id), '--fee', '150', '--paid', 'card');
  await cliWithInput(
    dataDir,
    `${SMTP_PASSWORD}\n`,
    'mail',
    'settings',
    '--host',
    '127.0.0.1',
    '--port',
    String(smtp.port),
    '--security',
    'starttls',
    '--user',
    SMTP_USER,
    '--from',
    'adoptions@refuge.test',
    '--daily-cap',
    '100',
    '--password-stdin',
  );
  const caPem = await cli(dataDir, 'certificates', 'ca');
  const teamPort = await freePort();
  server = await serveTeam(dataDir, teamPort, { NODE_EXTRA_CA_CERTS: smtpCa });
  address = `https://localhost:${teamPort}/admin/`;
  browser = await browserTrusting(caPem, path.join(work, 'home'));
});

test.afterAll(async () => {
  await browser?.close();
  if (server) await stop(server);
  await smtp?.close();
  removeSmtpCertificates();
  fs.rmSync(work, { recursive: true, force: true });
});

async function logIn(page: Page): Promise<void> {
  await page.goto(`${address}?lang=fr`);
  const form = page.getByTestId('login-form');
  await form.locator('input[autocomplete="username"]').fill('ana');
  await form.locator('input[autocomplete="current-password"]').fill(PASSWORD);
  await form.locator('button[type="submit"]').click();
  await expect(page.getByTestId('phone-shell')).toBeVisible();
  expect(new URL(page.url()).protocol).toBe('https:');
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

test('signed on a phone over HTTPS, Noisette’s contract reaches the adopter in French, attached; verify takes it, not a changed copy', async () => {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await logIn(page);
  await page.evaluate((id) => (window.location.hash = `#/pets/${id}/movements`), petId);
  await expect(page.getByTestId('phone-animal')).toBeVisible();
  await page.getByRole('button', { name: 'Faire signer le contrat d’adoption de Noisette sur cet écran' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contrat d’adoption de Noisette : signer ici' });
  await expect(dialog).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await drawSignature(page);
  await dialog.getByRole('button', { name: 'Signer le contrat' }).click();
  await expect(dialog.getByText('Hélène Dupré a signé le contrat de Noisette.')).toBeVisible();

  // The adoption's other messages (its reservation's confirmation) go out too: the contract's is the one with the PDF.
  const contractMails = () => smtp.received.filter((received) => received.attachments.length > 0);
  await expect.poll(() => contractMails().length, { timeout: 30_000 }).toBe(1);
  const mail = contractMails()[0]!;
  expect(mail.to && 'value' in mail.to ? mail.to.value.map((to) => to.address) : []).toEqual(['helene@example.test']);
  expect(mail.subject).toBe('Votre contrat d’adoption signé pour Noisette');
  expect(mail.headers.get('content-language')).toBe('fr');
  expect(mail.text).toContain('Bonjour Hélène Dupré,');
  expect(mail.attachments).toHaveLength(1);
  const [pdf] = mail.attachments;
  expect(pdf!.contentType).toBe('application/pdf');
  expect(pdf!.filename).toMatch(/^signed-adoption-contract-noisette-\d+-\d+\.pdf$/);
  expect(pdf!.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  const file = path.join(work, pdf!.filename!);
  fs.writeFileSync(file, pdf!.content);
  expect(await cli(dataDir, 'contract', 'verify', file)).toContain('for Noisette');
  const changed = Buffer.from(pdf!.content);
  changed[changed.length >> 1] = changed[changed.length >> 1]! ^ 1;
  fs.writeFileSync(file, changed);
  await expect(cli(dataDir, 'contract', 'verify', file)).rejects.toThrow();
  // Sent once: nothing more arrives while the outbox runs on.
  await expect
    .poll(async () =>
      (await cliJson<{ status: string }[]>(dataDir, 'mail', 'list')).every((row) => row.status === 'sent'),
    )
    .toBe(true);
  expect(smtp.received.length).toBe((await cliJson<unknown[]>(dataDir, 'mail', 'list')).length);
  expect(contractMails()).toHaveLength(1);
  await context.close();
});
