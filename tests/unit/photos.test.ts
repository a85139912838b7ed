/** Pet photos through the engine, with real images made by sharp and real files in a temp data dir. */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Engine } from '../../src/main/engine/engine';
import { AppError, type ErrorCode } from '../../src/shared/errors';
import { MAX_PHOTO_BYTES, photoFileName } from '../../src/shared/photos';
import { decompressionBomb, gif, jpegAppMarkers, phoneJpeg, plainWebp, transparentPng } from '../helpers/photos';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

let dataDir: string;
let engine: Engine;
let jpeg: Buffer;

beforeAll(async () => {
  jpeg = await phoneJpeg();
});

beforeEach(() => {
  dataDir = makeTempDir('adoption-desk-photos');
  engine = new Engine({ dataDir, environment: 'production' });
});

afterEach(() => {
  vi.restoreAllMocks();
  engine.close();
  removeTempDir(dataDir);
});

const photos = () => engine.services.photos;
const photosDir = () => path.join(dataDir, 'photos', 'production');

function newPet(name = 'Luna'): number {
  return engine.services.pets.create({ name, categoryId: 1 }).id;
}

/** Every file under the photos folder, relative to it. */
function storedFiles(): string[] {
  if (!fs.existsSync(photosDir())) return [];
  return (fs.readdirSync(photosDir(), { recursive: true }) as string[])
    .filter((name) => fs.statSync(path.join(photosDir(), name)).isFile())
    .sort();
}

async function refusal(promise: Promise<unknown>, code: ErrorCode): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
  return error as AppError;
}

describe('importing a photo', () => {
  it('turns it upright, strips every metadata block (GPS above all) and stores 1600 px and 400 px JPEGs by hash', async () => {
    const input = await sharp(jpeg).metadata();
    expect(input.orientation).toBe(6);
    expect(input.exif?.includes(Buffer.from('PawPhone'))).toBe(true);

    const petId = newPet();
    const [photo] = await photos().add(petId, [{ name: 'luna.jpg', bytes: jpeg }]);
    expect(photo).toMatchObject({
      position: 1,
      width: 1067,
      height: 1600,
      thumbWidth: 267,
      thumbHeight: 400,
      alt: '',
      altText: 'Luna',
    });

    const full = fs.readFileSync(photos().files.pathOf(photo!.hash, 'full'));
    const thumb = fs.readFileSync(photos().files.pathOf(photo!.hash, 'thumb'));
    for (const stored of [full, thumb]) {
      const metadata = await sharp(stored).metadata();
      expect(metadata.format).toBe('jpeg');
      expect(metadata).not.toHaveProperty('exif');
      expect(metadata).not.toHaveProperty('xmp');
      expect(metadata).not.toHaveProperty('iptc');
      expect(metadata).not.toHaveProperty('icc');
      expect(metadata.orientation).toBeUndefined();
      // At most JFIF's APP0 (density, no metadata): no APP1 (EXIF, XMP), APP2 (ICC) or APP13 (IPTC).
      expect(jpegAppMarkers(stored).filter((marker) => marker !== 0xe0)).toEqual([]);
      expect(stored.includes(Buffer.from('PawPhone'))).toBe(false);
    }
    // Upright: the red left half of the sensor's image is now on top.
    const { data, info } = await sharp(full).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3),
    ];
    expect(pixel(Math.floor(info.width / 2), 10)[0]).toBeGreaterThan(200);
    expect(pixel(Math.floor(info.width / 2), info.height - 10)[2]).toBeGreaterThan(200);

    const hash = (await import('node:crypto')).createHash('sha256').update(full).digest('hex');
    expect(photo!.hash).toBe(hash);
    expect(storedFiles()).toEqual(
      [
        path.join(hash.slice(0, 2), photoFileName(hash, 'full')),
        path.join(hash.slice(0, 2), photoFileName(hash, 'thumb')),
      ].sort(),
    );
  });

  it('takes PNG (transparency on white) and WebP, never enlarging a small one', async () => {
    const petId = newPet();
    const added = await photos().add(petId, [
      { name: 'a.png', bytes: await transparentPng(800, 600) },
      { name: 'b.webp', bytes: await plainWebp(1200, 900) },
    ]);
    expect(
      added.map((photo) => [photo.position, photo.width, photo.height, photo.thumbWidth, photo.thumbHeight]),
    ).toEqual([
      [1, 800, 600, 400, 300],
      [2, 1200, 900, 400, 300],
    ]);
    const { channels } = await sharp(photos().files.pathOf(added[0]!.hash, 'full')).metadata();
    expect(channels).toBe(3);
  });

  it('refuses a file over 25 MiB before decoding it, a decompression bomb, a text file named .jpg and a GIF', async () => {
    const petId = newPet();
    const big = Buffer.concat([jpeg, Buffer.alloc(MAX_PHOTO_BYTES + 1 - jpeg.length)]);
    const decode = vi.spyOn(sharp.prototype, 'metadata');
    const tooBig = await refusal(photos().add(petId, [{ name: 'big.jpg', bytes: big }]), 'payload_too_large');
    expect(tooBig.details).toEqual({
      reason: 'photo_bytes',
      file: 'big.jpg',
      bytes: MAX_PHOTO_BYTES + 1,
      maxBytes: MAX_PHOTO_BYTES,
    });
    expect(decode).not.toHaveBeenCalled();

    const bomb = await refusal(
      photos().add(petId, [{ name: 'bomb.png', bytes: await decompressionBomb() }]),
      'payload_too_large',
    );
    expect(bomb.details).toMatchObject({ reason: 'photo_pixels', width: 60_000, height: 60_000 });
    const text = await refusal(
      photos().add(petId, [{ name: 'notes.jpg', bytes: Buffer.from('Luna likes long walks.\n') }]),
      'unsupported_media_type',
    );
    expect(text.details).toEqual({ reason: 'not_an_image', file: 'notes.jpg' });
    const other = await refusal(
      photos().add(petId, [{ name: 'luna.gif', bytes: await gif() }]),
      'unsupported_media_type',
    );
    expect(other.details).toMatchObject({ reason: 'photo_format', format: 'gif' });
    expect(photos().list(petId)).toEqual([]);
    expect(storedFiles()).toEqual([]);
  });

  it('adds a batch all or nothing: one bad file leaves no row and no file', async () => {
    const petId = newPet();
    await refusal(
      photos().add(petId, [
        { name: 'good.webp', bytes: await plainWebp() },
        { name: 'bad.jpg', bytes: Buffer.from('nope') },
      ]),
      'unsupported_media_type',
    );
    expect(photos().list(petId)).toEqual([]);
    expect(storedFiles()).toEqual([]);
  });

  it('survives a full disk half-way through the files: nothing stays, not even a temp file', async () => {
    const petId = newPet();
    const write = fs.writeFileSync;
    let writes = 0;
    vi.spyOn(fs, 'writeFileSync').mockImplementation((...args: Parameters<typeof fs.writeFileSync>) => {
      writes += 1;
      // The full size goes through, the thumbnail finds the disk full.
      if (writes === 2) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      return write(...args);
    });
    const error = await photos()
      .add(petId, [{ name: 'luna.jpg', bytes: jpeg }])
      .catch((caught: unknown) => caught);
    expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
    vi.restoreAllMocks();
    expect(photos().list(petId)).toEqual([]);
    expect(storedFiles()).toEqual([]);
  });

  it('stores the same photo once for two pets, refuses it twice for one, and refuses a seventh', async () => {
    const luna = newPet('Luna');
    const max = newPet('Max');
    const [first] = await photos().add(luna, [{ name: 'a.jpg', bytes: jpeg }]);
    await photos().add(max, [{ name: 'a.jpg', bytes: jpeg }]);
    expect(storedFiles()).toHaveLength(2);
    const twice = await refusal(photos().add(luna, [{ name: 'again.jpg', bytes: jpeg }]), 'conflict');
    expect(twice.details).toEqual({ reason: 'photo_already_added', petId: luna, photoId: first!.id, position: 1 });

    const colours = ['#111111', '#222222', '#333333', '#444444', '#555555', '#666666'];
    const more = await Promise.all(
      colours.map(async (colour, index) => ({ name: `${index}.webp`, bytes: await plainWebp(300, 200, colour) })),
    );
    await photos().add(luna, more.slice(0, 5));
    expect(photos().list(luna)).toHaveLength(6);
    const seventh = await refusal(photos().add(luna, more.slice(5)), 'conflict');
    expect(seventh.details).toEqual({ reason: 'photo_limit', petId: luna, max: 6 });
  });
});

describe('ordering, alt text and removal', () => {
  it('moves a photo to the cover, keeps the others in order, and sets alt text', async () => {
    const petId = newPet();
    const added = await photos().add(
      petId,
      await Promise.all(
        ['#aa0000', '#00aa00', '#0000aa'].map(async (colour) => ({
          name: `${colour}.webp`,
          bytes: await plainWebp(300, 200, colour),
        })),
      ),
    );
    const [a, b, c] = added.map((photo) => photo.id);
    expect(
      photos()
        .move(petId, c!, 1)
        .map((photo) => [photo.id, photo.position]),
    ).toEqual([
      [c, 1],
      [a, 2],
      [b, 3],
    ]);
    expect(
      photos()
        .move(petId, c!, 3)
        .map((photo) => photo.id),
    ).toEqual([a, b, c]);
    expect(photos().setAlt(petId, b!, '  Luna asleep on a blue blanket ')).toMatchObject({
      alt: 'Luna asleep on a blue blanket',
      altText: 'Luna asleep on a blue blanket',
    });
    expect(photos().setAlt(petId, b!, '')).toMatchObject({ alt: '', altText: 'Luna' });
    expect(() => photos().move(petId, 999, 1)).toThrow(
      expect.objectContaining({ code: 'not_found', details: { missing: 'photo', petId, photoId: 999 } }),
    );
  });

  it('removes a photo and its files, but keeps a file another pet still shows', async () => {
    const luna = newPet('Luna');
    const max = newPet('Max');
    const [shared] = await photos().add(luna, [{ name: 'a.jpg', bytes: jpeg }]);
    const [own] = await photos().add(luna, [{ name: 'b.webp', bytes: await plainWebp() }]);
    await photos().add(max, [{ name: 'a.jpg', bytes: jpeg }]);
    expect(storedFiles()).toHaveLength(4);

    expect(
      photos()
        .remove(luna, shared!.id)
        .map((photo) => [photo.id, photo.position]),
    ).toEqual([[own!.id, 1]]);
    expect(storedFiles()).toHaveLength(4);
    photos().remove(luna, own!.id);
    expect(storedFiles()).toHaveLength(2);
    engine.services.pets.remove(max);
    expect(storedFiles()).toEqual([]);
  });

  it('removing a pet removes its photos and their files', async () => {
    const petId = newPet();
    await photos().add(petId, [{ name: 'a.jpg', bytes: jpeg }]);
    engine.services.pets.remove(petId);
    expect(storedFiles()).toEqual([]);
    expect(engine.sqlite.prepare('SELECT count(*) AS n FROM pet_photos').get()).toEqual({ n: 0 });
  });

  it('answers not_found for a pet that does not exist', async () => {
    await refusal(photos().add(999, [{ name: 'a.jpg', bytes: jpeg }]), 'not_found');
    expect(() => photos().list(999)).toThrow(expect.objectContaining({ code: 'not_found' }));
  });
});
