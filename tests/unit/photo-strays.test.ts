/**
 * What a `kill -9` between a photo's files and its row leaves (a temp file, a photo no row names)
 * is removed when the engine starts its background work; what rows name, what is not ours, and
 * whatever a link points at stay.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { Engine } from '../../src/main/engine/engine';
import { photoFileName } from '../../src/shared/photos';
import { phoneJpeg } from '../helpers/photos';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { waitFor } from '../helpers/wait-for';

let dataDir: string;
let outside: string;

beforeEach(() => {
  dataDir = makeTempDir('adk-photo-strays');
  outside = makeTempDir('adk-photo-strays-outside');
});

afterEach(() => {
  removeTempDir(dataDir);
  removeTempDir(outside);
});

it('an orphaned photo and a leftover temp file go at start; stored photos, foreign files and link targets stay', async () => {
  const photosDir = path.join(dataDir, 'photos', 'production');
  let kept: string[];
  const first = new Engine({ dataDir, environment: 'production' });
  try {
    const petId = first.services.pets.create({ name: 'Luna', categoryId: 1 }).id;
    const [photo] = await first.services.photos.add(petId, [{ name: 'luna.jpg', bytes: await phoneJpeg() }]);
    kept = [
      first.services.photos.files.pathOf(photo!.hash, 'full'),
      first.services.photos.files.pathOf(photo!.hash, 'thumb'),
    ];
  } finally {
    first.close();
  }

  // As a kill -9 leaves them: the files of a photo whose row never came, and a temp file mid-write.
  const orphanHash = createHash('sha256').update('orphan').digest('hex');
  const orphanFolder = path.join(photosDir, orphanHash.slice(0, 2));
  fs.mkdirSync(orphanFolder, { recursive: true });
  const orphans = [
    path.join(orphanFolder, photoFileName(orphanHash, 'full')),
    path.join(orphanFolder, photoFileName(orphanHash, 'thumb')),
  ];
  for (const file of orphans) fs.writeFileSync(file, 'half a photo');
  const temp = `${kept[0]}.0123456789ab.tmp`;
  fs.writeFileSync(temp, 'half a photo');
  // Not ours to remove: a file of another name, and what links point at (a link itself may go, its target never).
  const foreign = path.join(orphanFolder, 'notes.txt');
  fs.writeFileSync(foreign, 'mine');
  const target = path.join(outside, 'precious.jpg');
  fs.writeFileSync(target, 'precious');
  const linkHash = createHash('sha256').update('link').digest('hex');
  fs.mkdirSync(path.join(photosDir, linkHash.slice(0, 2)), { recursive: true });
  const link = path.join(photosDir, linkHash.slice(0, 2), photoFileName(linkHash, 'full'));
  fs.symlinkSync(target, link);
  const linkedFolderHash = createHash('sha256').update('linked folder').digest('hex');
  fs.writeFileSync(path.join(outside, photoFileName(linkedFolderHash, 'full')), 'precious too');
  fs.symlinkSync(outside, path.join(photosDir, 'ff'));

  const engine = new Engine({ dataDir, environment: 'production' });
  try {
    engine.startBackgroundJobs();
    await waitFor(() => [...orphans, temp].every((file) => !fs.existsSync(file)), 5_000);
    await waitFor(() => !fs.existsSync(link) && fs.lstatSync(path.join(photosDir, 'ff')).isSymbolicLink(), 5_000);
    for (const file of kept) expect(fs.readFileSync(file).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(fs.readFileSync(foreign, 'utf8')).toBe('mine');
    expect(fs.readFileSync(target, 'utf8')).toBe('precious');
    expect(fs.readdirSync(outside).sort()).toEqual([photoFileName(linkedFolderHash, 'full'), 'precious.jpg'].sort());
    expect(engine.services.photos.list(1)).toHaveLength(1);
  } finally {
    engine.close();
  }
});
