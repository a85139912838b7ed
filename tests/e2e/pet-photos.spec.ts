import type { Locator, Page } from '@playwright/test';
import { cliJson, expect, importPets, openDesk, test } from './fixtures';
import { VIEWPORTS, expectNothingCut, sizeName } from './viewports';
import { phoneJpeg, plainWebp, transparentPng } from '../helpers/photos';

interface ListedPhoto {
  id: number;
  position: number;
  hash: string;
  alt: string;
  altText: string;
}

/** Drops files onto `target` as a file manager would: a drop event whose DataTransfer holds them. */
async function dropFiles(
  page: Page,
  target: Locator,
  files: { name: string; type: string; bytes: Buffer }[],
): Promise<void> {
  const dataTransfer = await page.evaluateHandle(
    (given) => {
      const transfer = new DataTransfer();
      for (const file of given) {
        const bytes = Uint8Array.from(atob(file.data), (character) => character.charCodeAt(0));
        transfer.items.add(new File([bytes], file.name, { type: file.type }));
      }
      return transfer;
    },
    files.map((file) => ({ name: file.name, type: file.type, data: file.bytes.toString('base64') })),
  );
  await target.dispatchEvent('dragover', { dataTransfer });
  await target.dispatchEvent('drop', { dataTransfer });
}

const thumbOf = (record: Locator, position: number) => record.getByTestId(`photo-${position}`).locator('img');

for (const viewport of VIEWPORTS) {
  test.describe(`at ${sizeName(viewport)}`, () => {
    test.use({ viewport });

    test(`photos in the pet's record: add by picker and by drop, refusals per file, reorder, alt text, remove (${sizeName(viewport)})`, async ({
      page,
      desk,
    }) => {
      test.setTimeout(90_000);
      const [pet] = await importPets(desk, [{ name: 'Biscuit', categoryId: 1 }]);
      await openDesk(page, desk);
      await page.getByRole('button', { name: 'Record of Biscuit', exact: true }).click();
      const record = page.getByTestId('pet-record-page');
      await record.getByRole('tab', { name: 'Photos' }).click();
      const photos = record.getByTestId('pet-photos');
      await expect(photos).toContainText('No photos yet');

      // Two files through the "Add photos" file picker.
      const chooser = page.waitForEvent('filechooser');
      await photos.getByRole('button', { name: 'Add photos' }).click();
      await (
        await chooser
      ).setFiles([
        { name: 'biscuit-phone.jpg', mimeType: 'image/jpeg', buffer: await phoneJpeg() },
        { name: 'biscuit-garden.png', mimeType: 'image/png', buffer: await transparentPng() },
      ]);
      await expect(photos.getByTestId('photo-2')).toBeVisible();
      await expect(photos.getByTestId('photo-1')).toContainText('Cover');
      await expect(thumbOf(photos, 1)).toHaveAttribute('alt', 'Biscuit');
      await expect
        .poll(() => thumbOf(photos, 1).evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
        .toBe(267);

      // The served thumbnail: a JPEG with no EXIF at all, cached for good.
      const src = (await thumbOf(photos, 1).getAttribute('src')) ?? '';
      const served = await page.request.get(new URL(src, page.url()).toString());
      expect(served.headers()['content-type']).toBe('image/jpeg');
      expect(served.headers()['cache-control']).toContain('immutable');
      expect((await served.body()).includes(Buffer.from('Exif'))).toBe(false);

      // One good file and a text file named .jpg dropped onto the record page: the good one is added, the other refused in place.
      await dropFiles(page, photos, [
        { name: 'biscuit-nap.webp', type: 'image/webp', bytes: await plainWebp() },
        { name: 'notes.jpg', type: 'image/jpeg', bytes: Buffer.from('Biscuit likes long walks.\n') },
      ]);
      await expect(photos.getByTestId('photo-3')).toBeVisible();
      await expect(photos.getByTestId('photo-files')).toContainText('notes.jpg: not an image');
      await expectNothingCut(page, record);

      // Reorder: the third photo moves left twice and becomes the cover.
      const listed = await cliJson<ListedPhoto[]>(desk, 'pets', 'photos', 'list', String(pet!.id));
      expect(listed.map((photo) => photo.position)).toEqual([1, 2, 3]);
      await photos.getByRole('button', { name: 'Move photo 3 left' }).click();
      await expect(thumbOf(photos, 2)).toHaveAttribute('src', new RegExp(listed[2]!.hash));
      await photos.getByRole('button', { name: 'Move photo 2 left' }).click();
      await expect(thumbOf(photos, 1)).toHaveAttribute('src', new RegExp(listed[2]!.hash));
      await expect(photos.getByRole('button', { name: 'Move photo 1 left' })).toBeDisabled();
      await expect(photos.getByTestId('photo-1')).toContainText('Cover');

      // Alt text, saved with Enter.
      await photos.getByLabel('Alt text of photo 1').fill('Biscuit asleep on a blue blanket');
      await photos.getByLabel('Alt text of photo 1').press('Enter');
      await expect(thumbOf(photos, 1)).toHaveAttribute('alt', 'Biscuit asleep on a blue blanket');

      // Remove the cover, with confirmation: the next photo becomes the cover.
      await photos.getByRole('button', { name: 'Remove photo 1' }).click();
      await page
        .getByRole('dialog', { name: 'Remove photo 1 of Biscuit?' })
        .getByRole('button', { name: 'Remove photo' })
        .click();
      await expect(photos.getByTestId('photo-3')).toHaveCount(0);
      await expect(thumbOf(photos, 1)).toHaveAttribute('src', new RegExp(listed[0]!.hash));
      const after = await cliJson<ListedPhoto[]>(desk, 'pets', 'photos', 'list', String(pet!.id));
      expect(after.map((photo) => photo.hash)).toEqual([listed[0]!.hash, listed[1]!.hash]);
      await expectNothingCut(page, record);
    });
  });
}

test('a portrait in the photo grid shows whole in a 4:3 box, not cut to a strip', async ({ page, desk }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1000, height: 700 });
  const [pet] = await importPets(desk, [{ name: 'Biscuit', categoryId: 1 }]);
  await openDesk(page, desk);
  await page.getByRole('button', { name: 'Record of Biscuit', exact: true }).click();
  const record = page.getByTestId('pet-record-page');
  await record.getByRole('tab', { name: 'Photos' }).click();
  await record
    .locator('input[type="file"]')
    .setInputFiles({ name: 'portrait.webp', mimeType: 'image/webp', buffer: await plainWebp(600, 900) });
  const thumb = thumbOf(record, 1);
  await expect(thumb).toBeVisible();
  expect((await cliJson<ListedPhoto[]>(desk, 'pets', 'photos', 'list', String(pet!.id))).length).toBe(1);
  const box = await thumb.boundingBox();
  // A strip is several times wider than tall; the box is 4:3 and the whole portrait is inside it.
  expect(box!.width / box!.height).toBeCloseTo(4 / 3, 1);
  expect(await thumb.evaluate((image) => getComputedStyle(image).objectFit)).toBe('contain');
});
