/**
 * The shelter's logo goes through the photo pipeline: a JPEG carrying EXIF (GPS, artist), XMP, an
 * ICC profile and a comment, set from the CLI (a real process) or the admin channel, is stored and
 * published with none of them; a logo stored before this change is cleaned when the site is published.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { dispatchAdmin } from '../../src/main/admin/dispatch';
import { createAdminHandlers } from '../../src/main/admin/handlers';
import { Engine } from '../../src/main/engine/engine';
import type { AppHost } from '../../src/main/host/app-host';
import { jpegAppMarkers } from '../helpers/photos';
import { runCliInProcess } from '../helpers/cli-in-process';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

const ARTIST = 'Jeanne Objectif';
const XMP_CREATOR = 'Jeanne XMP Creator';
const COMMENT = 'Shot behind the shelter, Rue des Chats';
/** What must not be in a published byte: EXIF's and XMP's markers, the artist, the comment, an ICC profile's signature. */
const SECRETS = ['Exif', 'http://ns.adobe.com/xap/1.0/', 'xmpmeta', ARTIST, XMP_CREATOR, COMMENT, 'acsp'];

let logo: Buffer;
let dataDir: string;

/** A 900 × 600 JPEG as a camera leaves it: GPS position, artist, XMP, a Display P3 profile, and a COM segment. */
async function taggedLogo(): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#336699' } })
    .withExifMerge({
      IFD0: { Artist: ARTIST, Copyright: ARTIST },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 2400/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 21/1 700/100',
      },
    })
    .withXmp(
      `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="${XMP_CREATOR}"/></rdf:RDF></x:xmpmeta>`,
    )
    .withIccProfile('p3')
    .jpeg({ quality: 85 })
    .toBuffer();
  const comment = Buffer.from(COMMENT, 'latin1');
  const segment = Buffer.from([0xff, 0xfe, (comment.length + 2) >> 8, (comment.length + 2) & 0xff]);
  return Buffer.concat([jpeg.subarray(0, 2), segment, comment, jpeg.subarray(2)]);
}

async function expectNoMetadata(bytes: Buffer): Promise<void> {
  const metadata = await sharp(bytes).metadata();
  expect(metadata.format).toBe('jpeg');
  expect([metadata.exif, metadata.xmp, metadata.icc, metadata.iptc]).toEqual([
    undefined,
    undefined,
    undefined,
    undefined,
  ]);
  expect(metadata.comments ?? []).toEqual([]);
  // Only JFIF's APP0, if anything: no APP1 (EXIF, XMP), APP2 (ICC) or APP13 (IPTC).
  expect(jpegAppMarkers(bytes).filter((marker) => marker !== 0xe0)).toEqual([]);
  for (const secret of SECRETS) expect(bytes.includes(Buffer.from(secret, 'latin1')), secret).toBe(false);
}

async function publish(engine: Engine, projectId: number): Promise<Buffer> {
  const deploy = await engine.sites.projects.deployAdoptionPage(projectId);
  expect(deploy.outcome).toBe('succeeded');
  const folder = path.join(dataDir, 'sites', 'production', String(projectId), String(deploy.number));
  expect(fs.readFileSync(path.join(folder, 'index.html'), 'utf8')).toContain('src="/assets/logo.jpg"');
  return fs.readFileSync(path.join(folder, 'assets', 'logo.jpg'));
}

beforeAll(async () => {
  logo = await taggedLogo();
  // The test's own oracle: the file given really carries every block.
  const given = await sharp(logo).metadata();
  expect(given.exif?.includes(Buffer.from(ARTIST))).toBe(true);
  expect(given.xmp?.includes(Buffer.from(XMP_CREATOR))).toBe(true);
  expect(given.icc).toBeDefined();
  expect(logo.includes(Buffer.from(COMMENT))).toBe(true);
});

beforeEach(() => {
  dataDir = makeTempDir('adk-logo');
});

afterEach(() => {
  removeTempDir(dataDir);
});

it(
  'set from the CLI: stored and published re-encoded, without EXIF (GPS, artist), XMP, ICC or comment',
  { timeout: 60_000 },
  async () => {
    const file = path.join(dataDir, 'logo.jpg');
    fs.writeFileSync(file, logo);
    const set = await runCliInProcess(dataDir, ['shelter', 'set', '--name', 'Les Pattes', '--logo', file]);
    expect(set.stderr).toBe('');
    expect(set.code).toBe(0);

    const engine = new Engine({ dataDir, environment: 'production' });
    try {
      const stored = engine.services.shelter.logo();
      expect(stored?.mediaType).toBe('image/jpeg');
      await expectNoMetadata(stored?.bytes ?? Buffer.alloc(0));
      expect(await sharp(stored?.bytes).metadata()).toMatchObject({ width: 512, height: 341 });
      const account = engine.services.accounts.create({ name: 'Site owner', planId: 'pro' });
      const project = engine.sites.projects.create({ accountId: account.id, name: 'Adopt' });
      await expectNoMetadata(await publish(engine, project.id));
    } finally {
      engine.close();
    }
  },
);

it('set through the admin channel, and a logo stored before logos were re-encoded: the published file has no metadata', async () => {
  const engine = new Engine({ dataDir, environment: 'production' });
  try {
    const handlers = createAdminHandlers({ engine: () => engine } as unknown as AppHost);
    const saved = await dispatchAdmin(handlers, 'shelter.setLogo', {
      environment: 'production',
      data: logo.toString('base64'),
    });
    expect(saved).toMatchObject({ ok: true, value: { logo: { mediaType: 'image/jpeg' } } });
    await expectNoMetadata(engine.services.shelter.logo()?.bytes ?? Buffer.alloc(0));

    // As an earlier version stored it: the file's own bytes, straight into the row.
    engine.sqlite.prepare("UPDATE shelter_profile SET logo = ?, logo_media_type = 'image/jpeg'").run(logo);
    expect(engine.services.shelter.logo()?.bytes.equals(logo)).toBe(true);
    const account = engine.services.accounts.create({ name: 'Site owner', planId: 'pro' });
    const project = engine.sites.projects.create({ accountId: account.id, name: 'Adopt' });
    await expectNoMetadata(await publish(engine, project.id));
  } finally {
    engine.close();
  }
});
