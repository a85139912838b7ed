/**
 * Pet photos through browser mode's admin server (upload as base64, the bounded body, serving the
 * stored files) and through the CLI (`pets photos … --json`), against real processes and files.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningAdmin } from '../../src/main/http/admin/server';
import { ADMIN_PHOTOS_PREFIX } from '../../src/shared/admin-contract';
import { MAX_PHOTO_BYTES, photoFileName, type PetPhoto } from '../../src/shared/photos';
import { startAdminHarness, type AdminHarness } from '../helpers/admin-host';
import { adminClient, overHttp } from '../helpers/admin-client';
import { phoneJpeg, plainWebp } from '../helpers/photos';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { runCliInProcess } from '../helpers/cli-in-process';

const TOKEN = 'test-token-photos-0123456789abcdefghijklmnop';
const environment = 'production';

let harness: AdminHarness;
let admin: RunningAdmin;

beforeAll(async () => {
  harness = await startAdminHarness(TOKEN);
  admin = harness.admin;
});

afterAll(async () => {
  await harness.stop();
});

/** The window's calls with the desk's token, in `environment` unless they say otherwise. */
const client = adminClient(
  overHttp(() => new URL(admin.url).origin, TOKEN),
  { defaults: { environment }, auth: { token: true } },
);
const send = (
  channel: string,
  input: Record<string, unknown>,
): Promise<{ status: number; body: Record<string, unknown> & unknown[] }> =>
  client.raw<Record<string, unknown> & unknown[]>(channel, input);

describe('photos over the admin server', () => {
  it('adds an upload, serves both sizes as immutable same-origin JPEGs, and refuses a file too large with its details', async () => {
    const pet = (await send('pets.create', { pet: { name: 'Luna', categoryId: 1 } })).body as unknown as { id: number };
    const added = await send('photos.add', {
      petId: pet.id,
      photo: { name: 'luna.jpg', data: (await phoneJpeg()).toString('base64') },
    });
    expect(added.status).toBe(200);
    const photo = added.body as unknown as PetPhoto;
    expect(photo).toMatchObject({ petId: pet.id, position: 1, width: 1067, height: 1600, altText: 'Luna' });

    for (const size of ['full', 'thumb'] as const) {
      const response = await fetch(
        `${new URL(admin.url).origin}${ADMIN_PHOTOS_PREFIX}${environment}/${photoFileName(photo.hash, size)}`,
      );
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/jpeg');
      expect(response.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
      expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.includes(Buffer.from('Exif'))).toBe(false);
    }
    for (const name of [`${'0'.repeat(64)}.jpg`, '..%2Fproduction.sqlite', 'index.html']) {
      const response = await fetch(`${new URL(admin.url).origin}${ADMIN_PHOTOS_PREFIX}${environment}/${name}`);
      expect(response.status).toBe(404);
    }

    const tooLarge = await send('photos.add', {
      petId: pet.id,
      photo: { name: 'huge.jpg', data: Buffer.alloc(MAX_PHOTO_BYTES + 10).toString('base64') },
    });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toMatchObject({
      code: 'payload_too_large',
      details: { reason: 'photo_bytes', file: 'huge.jpg', bytes: MAX_PHOTO_BYTES + 10 },
    });

    const listed = await send('photos.list', { petId: pet.id });
    expect((listed.body as unknown as PetPhoto[]).map((one) => one.id)).toEqual([photo.id]);
  });

  it('cuts off a body over 40 MiB before it is all read', async () => {
    const response = await client.call('photos.add', {
      petId: 1,
      photo: { name: 'x.jpg', data: 'A'.repeat(41 * 1024 * 1024) },
    });
    expect(response.status).toBe(413);
    expect(response.body.code).toBe('payload_too_large');
  });
});

describe('pets photos in the CLI', () => {
  it('adds, lists, moves and removes with --json, and a seventh photo is refused', { timeout: 120_000 }, async () => {
    const dataDir = makeTempDir('adoption-desk-photos-cli');
    try {
      const cli = async (...args: string[]) => {
        const result = await runCliInProcess(dataDir, args);
        return {
          ...result,
          json:
            args.includes('--json') && result.code === 0
              ? (JSON.parse(result.stdout) as PetPhoto[] & { file?: string }[])
              : null,
        };
      };
      await cli('pets', 'add', '--name', 'Biscuit', '--category', '1');
      const files = await Promise.all(
        ['#aa0000', '#00aa00', '#0000aa', '#aaaa00', '#00aaaa', '#aa00aa', '#555555'].map(async (colour, index) => {
          const file = path.join(dataDir, `photo-${index}.webp`);
          fs.writeFileSync(file, await plainWebp(320, 240, colour));
          return file;
        }),
      );
      const added = await cli(
        '--json',
        'pets',
        'photos',
        'add',
        '1',
        ...files.slice(0, 6),
        '--alt',
        'Biscuit in the yard',
      );
      expect(added.code).toBe(0);
      expect(added.json?.map((photo) => [photo.position, photo.altText])).toEqual(
        [1, 2, 3, 4, 5, 6].map((position) => [position, 'Biscuit in the yard']),
      );
      expect(fs.existsSync((added.json?.[0] as { file: string }).file)).toBe(true);

      const seventh = await cli('pets', 'photos', 'add', '1', files[6]!);
      expect(seventh.code).toBe(1);
      expect(seventh.stderr).toContain('Pet 1 has 6 of its 6 photos');
      expect(seventh.stderr).toContain('pets photos remove 1 <PHOTO>');

      const ids = added.json?.map((photo) => photo.id) ?? [];
      const moved = await cli('--json', 'pets', 'photos', 'move', '1', String(ids[5]), '--to', '1');
      expect(moved.json?.map((photo) => photo.id)).toEqual([ids[5], ...ids.slice(0, 5)]);
      const left = await cli('--json', 'pets', 'photos', 'remove', '1', String(ids[5]));
      expect(left.json?.map((photo) => [photo.id, photo.position])).toEqual(
        ids.slice(0, 5).map((id, index) => [id, index + 1]),
      );
      expect(fs.existsSync((added.json?.[5] as { file: string }).file)).toBe(false);

      const missing = await cli('pets', 'photos', 'remove', '1', '999');
      expect(missing.stderr).toContain('see "pets photos list 1"');
    } finally {
      removeTempDir(dataDir);
    }
  });
});
