/**
 * The adopter signs the adoption contract on the screen: at the desk (1000×700) and on a phone-sized
 * touch screen (390×844), in French. Nothing is signed before a hand is drawn; the downloaded PDF is
 * the one kept, and `contract verify` accepts it and refuses it with one byte changed.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { Stay } from '../../src/shared/movements';
import { cliJson, expect, test, type DeskServer } from './fixtures';

async function adoptedNoisette(desk: DeskServer): Promise<number> {
  await desk.cli('shelter', 'set', '--name', 'Refuge de Lyon', '--language', 'fr');
  const { petId } = await cliJson<Stay>(desk, 'intake', '--name', 'Noisette', '--category', '1', '--type', 'stray');
  const { person } = await cliJson<{ person: { id: number } }>(desk, 'people', 'add', '--name', 'Hélène Dupré');
  await cliJson(desk, 'adopt', String(petId), '--person', String(person.id), '--fee', '150', '--paid', 'card');
  return petId;
}

/** The record page at the desk; on a phone the phone's own page of the animal, with its contract below. */
async function openMovements(page: Page, desk: DeskServer, petId: number): Promise<void> {
  const [address, token] = desk.adminUrl.split('#');
  await page.goto(`${address}?lang=fr#${token}`);
  await expect(page.locator('html[data-ready="true"]')).toBeAttached();
  await page.evaluate((id) => (window.location.hash = `#/pets/${id}/movements`), petId);
  await expect(page.getByTestId('record-header').or(page.getByTestId('phone-animal'))).toBeVisible();
}

/** A hand drawn across the pad with the pointer, as a finger or a stylus would. */
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

async function signAndVerify(page: Page, desk: DeskServer, petId: number, testDir: string): Promise<void> {
  await openMovements(page, desk, petId);
  await page.getByRole('button', { name: 'Faire signer le contrat d’adoption de Noisette sur cet écran' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contrat d’adoption de Noisette : signer ici' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Nom imprimé sous la signature')).toHaveValue('Hélène Dupré');

  // No hand, no contract: the dialog says so and nothing is signed.
  await dialog.getByRole('button', { name: 'Signer le contrat' }).click();
  await expect(dialog.getByText('Signez d’abord dans le cadre')).toBeVisible();
  expect(await cliJson<unknown[]>(desk, 'contract', 'signed', String(petId))).toEqual([]);

  await drawSignature(page);
  await dialog.getByRole('button', { name: 'Signer le contrat' }).click();
  await expect(dialog.getByText('Hélène Dupré a signé le contrat de Noisette.')).toBeVisible();
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Télécharger le PDF signé' }).click();
  const file = path.join(testDir, (await download).suggestedFilename());
  await (await download).saveAs(file);
  expect(path.basename(file)).toMatch(/^signed-adoption-contract-noisette-\d+-\d+\.pdf$/);

  expect(await desk.cli('contract', 'verify', file)).toContain('for Noisette');
  const changed = fs.readFileSync(file);
  changed[changed.length >> 1] = changed[changed.length >> 1]! ^ 1;
  fs.writeFileSync(file, changed);
  await expect(desk.cli('contract', 'verify', file)).rejects.toThrow();

  await dialog.getByRole('button', { name: 'Fermer' }).click();
  await expect(page.getByText(/N° \d+, signé par Hélène Dupré le/)).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'Signer une correction du contrat d’adoption de Noisette' }),
  ).toBeVisible();
}

test.describe('at the desk', () => {
  test.use({ viewport: { width: 1000, height: 700 } });
  test('the adopter signs Noisette’s contract in French, the download verifies, one byte changed does not', async ({
    page,
    desk,
  }, testInfo) => {
    const petId = await adoptedNoisette(desk);
    await signAndVerify(page, desk, petId, testInfo.outputDir);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  test('the signing dialog fills the screen, with no sideways scroll, and signs the same way', async ({
    page,
    desk,
  }, testInfo) => {
    const petId = await adoptedNoisette(desk);
    await openMovements(page, desk, petId);
    await page.getByRole('button', { name: 'Faire signer le contrat d’adoption de Noisette sur cet écran' }).click();
    const dialog = page.getByRole('dialog', { name: 'Contrat d’adoption de Noisette : signer ici' });
    await expect(dialog).toBeVisible();
    const pad = (await page.getByTestId('signature-pad').boundingBox())!;
    expect(pad.width).toBeGreaterThan(300);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.keyboard.press('Escape');
    await signAndVerify(page, desk, petId, testInfo.outputDir);
  });
});

test.describe('a foster placement, at the desk', () => {
  test.use({ viewport: { width: 1000, height: 700 } });
  test('the foster signs the placement’s agreement from its moment on the record; it is listed with its kind', async ({
    page,
    desk,
  }) => {
    await desk.cli('shelter', 'set', '--name', 'Refuge de Lyon', '--language', 'fr');
    const { petId } = await cliJson<Stay>(desk, 'intake', '--name', 'Noisette', '--category', '1', '--type', 'stray');
    const { person } = await cliJson<{ person: { id: number } }>(
      desk,
      'people',
      'add',
      '--name',
      'Fanny Morel',
      '--role',
      'foster',
    );
    const stay = await cliJson<Stay>(desk, 'foster', 'start', String(petId), '--person', String(person.id));
    await openMovements(page, desk, petId);

    // No adoption, so no adoption contract to sign; the placement's moment has its own.
    await expect(
      page.getByRole('button', { name: 'Faire signer le contrat d’adoption de Noisette sur cet écran' }),
    ).toHaveCount(0);
    const entry = page.getByTestId('movement-entry').filter({ hasText: 'Fanny Morel' });
    await entry.getByRole('button', { name: 'Faire signer la convention d’accueil de Noisette sur cet écran' }).click();
    const dialog = page.getByRole('dialog', { name: 'Convention d’accueil de Noisette : signer ici' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Nom imprimé sous la signature')).toHaveValue('Fanny Morel');
    await drawSignature(page);
    await dialog.getByRole('button', { name: 'Signer la convention' }).click();
    await expect(dialog.getByText('Fanny Morel a signé la convention d’accueil de Noisette.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Fermer' }).click();

    const listed = page.getByTestId(`signed-contracts-${stay.id}`).getByTestId('signed-contract');
    await expect(listed).toHaveCount(1);
    await expect(listed).toHaveAttribute('data-kind', 'foster');
    await expect(listed).toHaveAttribute('data-placement', String(stay.fosters[0]!.id));
    await expect(listed.getByText('Convention d’accueil')).toBeVisible();
    await expect(listed.getByText(/N° \d+, signé par Fanny Morel le/)).toBeVisible();
    await expect(
      entry.getByRole('button', { name: 'Signer une correction de la convention d’accueil de Noisette' }),
    ).toBeVisible();
    // Kept by the engine once, for this stay (the window's list above says its kind and placement).
    const signed = await cliJson<{ stay: number; signer: string }[]>(desk, 'contract', 'signed', String(petId));
    expect(signed).toMatchObject([{ stay: stay.id, signer: 'Fanny Morel' }]);
  });
});

test.describe('a return, at the desk', () => {
  test.use({ viewport: { width: 1000, height: 700 } });
  test('who brought the animal back signs the return agreement from the return on the record', async ({
    page,
    desk,
  }) => {
    const petId = await adoptedNoisette(desk);
    const back = await cliJson<Stay>(desk, 'return', String(petId), '--reason', 'Allergie');
    await openMovements(page, desk, petId);
    const returned = page.getByTestId(`stay-${back.id}`);
    await returned
      .getByRole('button', { name: 'Faire signer la convention de retour de Noisette sur cet écran' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Convention de retour de Noisette : signer ici' });
    await expect(dialog.getByLabel('Nom imprimé sous la signature')).toHaveValue('Hélène Dupré');
    await drawSignature(page);
    await dialog.getByRole('button', { name: 'Signer la convention' }).click();
    await expect(dialog.getByText('Hélène Dupré a signé la convention de retour de Noisette.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Fermer' }).click();
    const listed = page.getByTestId(`signed-contracts-${back.id}`).getByTestId('signed-contract');
    await expect(listed).toHaveAttribute('data-kind', 'return');
    await expect(listed.getByText('Convention de retour')).toBeVisible();
    // The adoption's stay still offers its own contract, unsigned.
    await expect(
      page.getByRole('button', { name: 'Faire signer le contrat d’adoption de Noisette sur cet écran' }),
    ).toBeVisible();
  });
});
