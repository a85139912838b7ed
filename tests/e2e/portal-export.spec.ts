import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { deployAdoptionSite, expect, goTo, importPets, openDesk, test } from './fixtures';
import { VIEWPORTS, expectNothingCut, sizeName } from './viewports';

/*
 * The Pets page's export panel shows, per portal, each animal's state
 * with the reason it is kept out (a breed the portal does not list, with what to pick), warns before
 * Adopt-a-Pet's first upload, writes RescueGroups.org's files, and shows each failure in the dialog.
 */

for (const viewport of VIEWPORTS) {
  test(`the portal export panel at ${sizeName(viewport)}`, async ({ page, desk }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const [biscuit, noodle] = (
      await importPets(desk, [
        { name: 'Biscuit', categoryId: 1 },
        { name: 'Noodle', categoryId: 1 },
      ])
    ).map((pet) => pet.id) as [number, number];
    await desk.cli('pets', 'profile', 'set', String(biscuit), '--breed', 'lab', '--sex', 'female', '--born', '2022-03');
    await desk.cli(
      'pets',
      'profile',
      'set',
      String(noodle),
      '--breed',
      'Labradoodle',
      '--sex',
      'male',
      '--born',
      '2023',
    );
    const dir = path.join(desk.dataDir, 'camera');
    fs.mkdirSync(dir, { recursive: true });
    for (const name of ['biscuit', 'noodle'])
      await sharp({ create: { width: 600, height: 400, channels: 3, background: '#b07040' } })
        .jpeg()
        .toFile(path.join(dir, `${name}.jpg`));
    await desk.cli('pets', 'photos', 'add', String(biscuit), path.join(dir, 'biscuit.jpg'));
    await desk.cli('pets', 'photos', 'add', String(noodle), path.join(dir, 'noodle.jpg'));

    await openDesk(page, desk);
    await goTo(page, 'Pets');
    await page.getByTestId('open-portal-export').click();
    const dialog = page.getByRole('dialog', { name: 'Export to the adoption portals' });
    const refusal = dialog.getByTestId('portal-refusal');
    await expect(refusal).toContainText(
      'Breed “Labradoodle” is not one RescueGroups.org lists: choose one it lists, such as “Labrador Retriever”',
    );
    await expectNothingCut(page, dialog);

    // RescueGroups.org: written into the data folder, Noodle kept out; its last export is shown.
    await dialog.getByRole('button', { name: 'Write the files' }).click();
    await expect(dialog.getByTestId('portal-export-done')).toContainText('1 animal written');
    expect(
      fs.readFileSync(
        path.join(desk.dataDir, 'portal-exports', 'production', 'rescuegroups', 'rescuegroups.csv'),
        'utf8',
      ),
    ).toContain('Labrador Retriever');
    await expect(dialog.getByTestId('portal-animals')).toContainText(/Kept out.*Labradoodle.*Kept out/);

    // Adopt-a-Pet: the first upload's warning before anything, and the export's failure in the dialog.
    await dialog.getByText('Adopt-a-Pet', { exact: true }).click();
    await expect(refusal).toContainText('Breed “Labradoodle” is not one Adopt-a-Pet lists');
    await expect(dialog.getByTestId('first-upload-warning')).toContainText('replaces every pet listed there today');
    const write = dialog.getByRole('button', { name: 'Write the files' });
    await expect(write).toBeDisabled();
    await dialog.getByRole('checkbox', { name: 'I understand: replace everything Adopt-a-Pet lists for us' }).check();
    await expectNothingCut(page, dialog);
    await write.click();
    await expect(dialog.getByTestId('dialog-failure')).toContainText('Publish the adoption site first');
  });
}

test('Petfinder’s photo links on a localhost address: the export says the portal cannot fetch them; the Pets list says which portal kept an animal out', async ({
  page,
  desk,
}) => {
  test.setTimeout(120_000);
  const [biscuit, noodle] = (
    await importPets(desk, [
      { name: 'Biscuit', categoryId: 1 },
      { name: 'Noodle', categoryId: 1 },
    ])
  ).map((pet) => pet.id) as [number, number];
  await desk.cli(
    'pets',
    'profile',
    'set',
    String(biscuit),
    '--breed',
    'Beagle',
    '--sex',
    'female',
    '--born',
    '2022-03',
  );
  await desk.cli('pets', 'profile', 'set', String(noodle), '--breed', 'Beagle', '--born', '2023');
  const photo = path.join(desk.dataDir, 'biscuit.jpg');
  await sharp({ create: { width: 600, height: 400, channels: 3, background: '#b07040' } })
    .jpeg()
    .toFile(photo);
  await desk.cli('pets', 'photos', 'add', String(biscuit), photo);
  await desk.cli('pets', 'photos', 'add', String(noodle), photo);
  await deployAdoptionSite(desk, 'Happy Paws');
  // RescueGroups.org's file keeps Noodle out (sex not known); by Petfinder's export, the sex is known.
  await desk.cli('export', 'rescuegroups', '--out', path.join(desk.dataDir, 'rescuegroups'));
  await desk.cli('pets', 'profile', 'set', String(noodle), '--sex', 'male');

  await openDesk(page, desk);
  await goTo(page, 'Pets');
  await page.getByTestId('open-portal-export').click();
  const dialog = page.getByRole('dialog', { name: 'Export to the adoption portals' });
  await dialog.getByText('Petfinder', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Write the files' }).click();
  await expect(dialog.getByTestId('portal-export-done')).toContainText('2 animals written');
  const warning = dialog.getByTestId('portal-export-warning');
  await expect(warning).toContainText('Petfinder cannot fetch these photos');
  await expect(warning).toContainText(
    /their photo links open http:\/\/happy-paws\.localhost\S*, an address only this computer reaches/,
  );
  await dialog.getByRole('button', { name: 'Done' }).click();

  const row = page.getByTestId(`pet-row-${noodle}`);
  await expect(row.getByTestId('listing-rescuegroups')).toContainText('RescueGroups.org');
  await expect(row.getByTestId('listing-rescuegroups').getByTestId('listing-state')).toHaveAttribute(
    'aria-label',
    'Kept out: sex not known',
  );
  await expect(row.getByTestId('listing-petfinder')).toContainText('PetfinderListed');
  await row.getByTestId('listing-rescuegroups').getByTestId('listing-state').hover();
  await expect(page.getByRole('tooltip')).toContainText('Kept out of the RescueGroups.org export of');
  await expect(page.getByTestId(`pet-row-${biscuit}`).getByTestId('listing-state')).toHaveText(['Listed', 'Listed']);
});
