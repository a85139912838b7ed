/**
 * The engine's refusals of uploads, photos, backup folders and lab durations carry a stable `reason`
 * and the figures behind it in their details (the window words them from those), while the code
 * and the English message the API and the CLI show stay as they were.
 */
import fs from 'node:fs';
import path from 'node:path';
import { zipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { NightlyBackups } from '../../src/main/backup/nightly';
import { Engine } from '../../src/main/engine/engine';
import { assertPhotoSize, processPhoto } from '../../src/main/photos/process-photo';
import { unpackZip } from '../../src/main/sites/upload-zip';
import { systemClock } from '../../src/shared/clock';
import { AppError, type ErrorCode } from '../../src/shared/errors';
import { DurationSchema, MAX_LAB_OFFSET_MS } from '../../src/shared/lab';
import { MAX_PHOTO_BYTES } from '../../src/shared/photos';
import { SiteUploadSchema, UPLOAD_PATH_MAX } from '../../src/shared/site-upload';
import { parseOrThrow } from '../../src/shared/validation';
import { gif, phoneJpeg } from '../helpers/photos';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

let work: string;

beforeEach(() => {
  work = makeTempDir('adoption-desk-reasons');
});

afterEach(() => {
  removeTempDir(work);
});

/** The AppError `run` throws or rejects with, checked for its code. */
async function refusal(run: () => unknown, code: ErrorCode): Promise<AppError> {
  const error = await (async () => run())().then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
  return error as AppError;
}

const bytes = (text: string) => new TextEncoder().encode(text);

describe('a site upload refused while it is unpacked', () => {
  const unpack = (name: string, data: Uint8Array) => () => {
    const folder = fs.mkdtempSync(path.join(work, 'zip-'));
    return unpackZip(name, data, folder);
  };

  it('names the zip when it is no zip, or one without files', async () => {
    const notZip = await refusal(unpack('site.zip', bytes('<h1>no zip</h1>')), 'validation_failed');
    expect(notZip.details).toEqual({ field: 'upload', reason: 'upload_not_zip', upload: 'site.zip' });
    expect(notZip.message).toMatch(/^upload: site\.zip is not a zip archive/);

    const empty = await refusal(unpack('empty.zip', zipSync({})), 'validation_failed');
    expect(empty.details).toEqual({ field: 'upload', reason: 'upload_empty', upload: 'empty.zip' });
    expect(empty.message).toBe('upload: empty.zip holds no files.');
  });

  it('names the entry whose path could leave the site folder, and what is wrong with it', async () => {
    const dots = await refusal(
      unpack('site.zip', zipSync({ 'index.html': bytes('<h1>hi</h1>'), '../evil.html': bytes('x') })),
      'validation_failed',
    );
    expect(dots.details).toEqual({
      field: 'upload',
      reason: 'upload_unsafe_path',
      upload: 'site.zip',
      path: '../evil.html',
      problem: 'dot_segment',
      maxLength: UPLOAD_PATH_MAX,
    });
    const slash = await refusal(unpack('site.zip', zipSync({ 'pages\\a.html': bytes('x') })), 'validation_failed');
    expect(slash.details).toMatchObject({ reason: 'upload_unsafe_path', problem: 'backslash', path: 'pages\\a.html' });
  });

  it('names the entry packed with a compression it cannot read', async () => {
    const zip = zipSync({ 'index.html': [bytes('<h1>hi</h1>'), { level: 0 }] });
    // The local header's compression method (offset 8): 99, the AES marker no unzipper here reads.
    new DataView(zip.buffer, zip.byteOffset).setUint16(8, 99, true);
    const refused = await refusal(unpack('site.zip', zip), 'validation_failed');
    expect(refused.details).toEqual({
      field: 'upload',
      reason: 'upload_compression',
      upload: 'site.zip',
      path: 'index.html',
    });
  });

  it('a folder upload’s path and a path given twice, refused by the schema, name their reason too', async () => {
    const unsafe = await refusal(
      () => parseOrThrow(SiteUploadSchema, { kind: 'folder', name: 'site', files: [{ path: '/etc/x', data: 'aGk=' }] }),
      'validation_failed',
    );
    expect(unsafe.details).toEqual({
      field: 'path',
      reason: 'upload_unsafe_path',
      path: '/etc/x',
      problem: 'absolute',
      maxLength: UPLOAD_PATH_MAX,
    });
    const twice = await refusal(
      () =>
        parseOrThrow(SiteUploadSchema, {
          kind: 'folder',
          name: 'site',
          files: [
            { path: 'index.html', data: 'aGk=' },
            { path: 'index.html', data: 'aGk=' },
          ],
        }),
      'validation_failed',
    );
    expect(twice.details).toEqual({ field: 'files', reason: 'upload_path_twice', path: 'index.html' });
    expect(twice.message).toBe('files: "index.html" appears twice');
  });
});

describe('a photo refused', () => {
  let dataDir: string;
  let engine: Engine | undefined;

  afterEach(() => {
    engine?.close();
    engine = undefined;
    if (dataDir) removeTempDir(dataDir);
  });

  it('says its size and the limit, or that it is no image, or which image format it is', async () => {
    const big = await refusal(() => assertPhotoSize('big.jpg', MAX_PHOTO_BYTES + 1), 'payload_too_large');
    expect(big.details).toEqual({
      reason: 'photo_bytes',
      file: 'big.jpg',
      bytes: MAX_PHOTO_BYTES + 1,
      maxBytes: MAX_PHOTO_BYTES,
    });

    const text = await refusal(() => processPhoto('notes.jpg', Buffer.from('not a photo')), 'unsupported_media_type');
    expect(text.details).toEqual({ reason: 'not_an_image', file: 'notes.jpg' });

    const animated = await refusal(async () => processPhoto('wag.gif', await gif()), 'unsupported_media_type');
    expect(animated.details).toMatchObject({ reason: 'photo_format', file: 'wag.gif', format: 'gif' });
  });

  it('given twice in one call: names both names, and adds nothing', async () => {
    dataDir = makeTempDir('adoption-desk-reasons-photos');
    engine = new Engine({ dataDir, environment: 'production' });
    const petId = engine.services.pets.create({ name: 'Luna', categoryId: 1 }).id;
    const jpeg = await phoneJpeg();
    const twice = await refusal(
      () =>
        engine!.services.photos.add(petId, [
          { name: 'a.jpg', bytes: jpeg },
          { name: 'copy.jpg', bytes: jpeg },
        ]),
      'validation_failed',
    );
    expect(twice.details).toEqual({ field: 'photos', reason: 'photo_given_twice', file: 'copy.jpg', sameAs: 'a.jpg' });
    expect(twice.message).toBe('copy.jpg is the same photo as a.jpg; give each photo once. Nothing was added.');
    expect(engine.services.photos.list(petId)).toEqual([]);
  });
});

describe('a backup folder refused', () => {
  it('says which rule it broke, with the folders it is about', async () => {
    const dataDir = path.join(work, 'data');
    fs.mkdirSync(dataDir);
    const nightly = new NightlyBackups({ dataDir, clock: systemClock });
    const configure = (folder: string | null) => () => nightly.configure({ on: true, folder, keep: 7, at: '02:00' });

    expect((await refusal(configure('backups'), 'validation_failed')).details).toEqual({
      field: 'folder',
      reason: 'backup_folder_not_absolute',
      folder: 'backups',
    });
    expect((await refusal(configure(null), 'validation_failed')).details).toEqual({
      field: 'folder',
      reason: 'backup_folder_not_chosen',
    });
    const inside = path.join(dataDir, 'backups');
    expect((await refusal(configure(inside), 'validation_failed')).details).toEqual({
      field: 'folder',
      reason: 'backup_folder_inside_data_dir',
      folder: inside,
      inside: dataDir,
    });
    const file = path.join(work, 'a-file');
    fs.writeFileSync(file, 'not a folder');
    expect((await refusal(configure(path.join(file, 'backups')), 'validation_failed')).details).toEqual({
      field: 'folder',
      reason: 'backup_folder_not_made',
      folder: path.join(file, 'backups'),
      systemCode: 'ENOTDIR',
    });
  });
});

describe('a lab duration refused', () => {
  const Input = z.object({ duration: DurationSchema });

  it('by the schema: what was typed, zero, or the most days the clock goes', async () => {
    const parse = (duration: string) => () => parseOrThrow(Input, { duration });
    const unreadable = await refusal(parse('soon'), 'validation_failed');
    expect(unreadable.details).toEqual({ field: 'duration', reason: 'duration_unreadable', text: 'soon' });
    expect(unreadable.message).toMatch(/^duration: "soon" is not a duration/);
    expect((await refusal(parse('0s'), 'validation_failed')).details).toEqual({
      field: 'duration',
      reason: 'duration_not_positive',
    });
    expect((await refusal(parse('367d'), 'validation_failed')).details).toEqual({
      field: 'duration',
      reason: 'duration_too_long',
      maxDays: 366,
    });
  });

  it('by the clock: a move past its reach says how far ahead it is already', async () => {
    const engine = new Engine({ dataDir: work, environment: 'production' });
    try {
      expect((await refusal(() => engine.lab.advance(0), 'validation_failed')).details).toEqual({
        field: 'duration',
        reason: 'duration_not_positive',
      });
      engine.lab.advance(MAX_LAB_OFFSET_MS - 86_400_000);
      expect((await refusal(() => engine.lab.advance(2 * 86_400_000), 'validation_failed')).details).toEqual({
        field: 'duration',
        reason: 'lab_clock_too_far',
        maxDays: 366,
        aheadDays: 365,
      });
    } finally {
      engine.close();
    }
  });
});
