import fs from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { AppError } from '../../../shared/errors';
import type { PetPhoto } from '../../../shared/photos';
import type { Engine } from '../../engine/engine';
import { assertPhotoSize } from '../../photos/process-photo';
import { positiveInt } from '../arguments';
import { note, printRows, type Output } from '../output';
import { run } from '../run';

/** A photo as the CLI shows it: the stored files' paths beside the row. */
function withFiles(engine: Engine, photo: PetPhoto) {
  const { files } = engine.services.photos;
  return { ...photo, file: files.pathOf(photo.hash, 'full'), thumbFile: files.pathOf(photo.hash, 'thumb') };
}

function printPhotos(engine: Engine, output: Output, photos: readonly PetPhoto[]): void {
  if (output.json)
    return printRows(
      output,
      photos.map((photo) => withFiles(engine, photo)),
      '',
    );
  const rows = photos.map((photo) => ({
    photo: photo.id,
    position: photo.position === 1 ? '1 (cover)' : String(photo.position),
    size: `${photo.width}×${photo.height}`,
    kb: Math.round(photo.bytes / 1024),
    alt: photo.altText,
    file: engine.services.photos.files.pathOf(photo.hash, 'full'),
  }));
  printRows(output, rows, 'No photos yet.');
}

/** The file's bytes, its size checked before it is read. */
function readPhoto(file: string): Buffer {
  let size: number;
  try {
    const stat = fs.statSync(file);
    if (!stat.isFile()) throw new Error('not a file');
    size = stat.size;
  } catch (error) {
    throw new AppError('validation_failed', `Cannot read ${file}: ${(error as Error).message}`);
  }
  assertPhotoSize(path.basename(file), size);
  return fs.readFileSync(file);
}

/** `pets photos add|list|remove|move|alt`, under `pets`. */
export function registerPetPhotoCommands(pets: Command): void {
  const photos = pets
    .command('photos')
    .description("A pet's photos (up to 6, the first is the cover): add, list, remove, reorder, alt text");
  photos
    .command('add')
    .description(
      'Add JPEG, PNG or WebP files (each ≤ 25 MiB); all or nothing. They are turned upright, stripped of all metadata (GPS included) and stored as JPEG ≤ 1600 px with a 400 px thumbnail',
    )
    .argument('<id>', 'pet id', positiveInt)
    .argument('<file...>')
    .option('--alt <text>', "alt text for every file added (default: the pet's name)")
    .action(
      run(async (engine, output, id: number, files: string[], options: { alt?: string }) => {
        engine.services.photos.assertRoom(id, files.length);
        const inputs = files.map((file) => ({ name: path.basename(file), bytes: readPhoto(file), alt: options.alt }));
        const added = await engine.services.photos.add(id, inputs);
        printPhotos(engine, output, added);
        if (!output.json) note(`Added ${added.length} photo(s) to pet ${id}.`);
      }),
    );
  photos
    .command('list')
    .argument('<id>', 'pet id', positiveInt)
    .action(run((engine, output, id: number) => printPhotos(engine, output, engine.services.photos.list(id))));
  photos
    .command('remove')
    .description('Remove a photo; its files go unless another pet has the same photo')
    .argument('<id>', 'pet id', positiveInt)
    .argument('<photo>', 'photo id (see "pets photos list")', positiveInt)
    .action(
      run((engine, output, id: number, photo: number) => {
        const left = engine.services.photos.remove(id, photo);
        if (output.json) printPhotos(engine, output, left);
        else note(`Photo ${photo} removed from pet ${id}.`);
      }),
    );
  photos
    .command('move')
    .description('Move a photo to another position (1 is the cover)')
    .argument('<id>', 'pet id', positiveInt)
    .argument('<photo>', 'photo id', positiveInt)
    .requiredOption('--to <n>', 'its new position, 1 to 6', positiveInt)
    .action(
      run((engine, output, id: number, photo: number, options: { to: number }) =>
        printPhotos(engine, output, engine.services.photos.move(id, photo, options.to)),
      ),
    );
  photos
    .command('alt')
    .description('Set a photo\'s alt text ("" goes back to the pet\'s name)')
    .argument('<id>', 'pet id', positiveInt)
    .argument('<photo>', 'photo id', positiveInt)
    .argument('<text>')
    .action(
      run((engine, output, id: number, photo: number, text: string) =>
        printPhotos(engine, output, [engine.services.photos.setAlt(id, photo, text)]),
      ),
    );
}
