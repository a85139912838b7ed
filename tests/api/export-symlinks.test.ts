/**
 * A link planted at an output name in the folder the user chose (to a file of theirs,
 * dangling, or to a folder) is replaced, never followed: the file it points to is untouched, a
 * dangling target is not created, and the output is a regular file with the right content. Each
 * export is run in-process (the writer is the point, not the process): the RescueGroups file and its
 * photos, the staff export (`pets export`), the gate's JUnit file, and the kennel cards' PDF door.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeJunit } from '../../src/main/cli/compliance-output';
import { writePetExport } from '../../src/main/pets/staff-export';
import { Engine } from '../../src/main/engine/engine';
import { writeFileAtomically } from '../../src/main/files/atomic-write';
import { complianceReport } from '../../src/shared/compliance';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

const KINDS = ['existing file', 'dangling', 'folder'] as const;
type Kind = (typeof KINDS)[number];

let root: string;
beforeEach(() => {
  root = makeTempDir('export-links');
});
afterEach(() => removeTempDir(root));

interface Planted {
  /** The output name, a link now. */
  name: string;
  /** Checks, after the export, that nothing was written through the link. */
  untouched(): void;
}

/** A link at `dir/name` to something outside the export folder, as an attacker with write access to the folder would leave. */
function plant(dir: string, name: string, kind: Kind): Planted {
  const outside = fs.mkdtempSync(path.join(root, 'outside-'));
  const target =
    kind === 'folder' ? outside : path.join(outside, kind === 'dangling' ? 'created-by-export' : 'precious.txt');
  if (kind === 'existing file') fs.writeFileSync(target, 'the owner’s own file', { mode: 0o644 });
  const link = path.join(dir, name);
  fs.symlinkSync(target, link);
  return {
    name: link,
    untouched() {
      if (kind === 'existing file') {
        expect(fs.readFileSync(target, 'utf8')).toBe('the owner’s own file');
        expect(fs.statSync(target).mode & 0o777).toBe(0o644);
      }
      if (kind === 'dangling') expect(fs.existsSync(target)).toBe(false);
      if (kind === 'folder') expect(fs.readdirSync(target)).toEqual([]);
      expect(fs.lstatSync(link).isFile()).toBe(true);
    },
  };
}

describe('a link planted at an output name is replaced, never followed', () => {
  it.each(KINDS)('RescueGroups export: the file and every photo (link to %s)', async (kind) => {
    const dataDir = path.join(root, 'data');
    const engine = new Engine({ dataDir, environment: 'production' });
    try {
      const id = engine.services.pets.create({ name: 'Biscuit', categoryId: 1, status: 'available' }).id;
      engine.services.petProfiles.set(id, { breedPrimary: 'Beagle', sex: 'female', birthDate: '2021' });
      const jpeg = (colour: string) =>
        sharp({ create: { width: 320, height: 240, channels: 3, background: colour } })
          .jpeg()
          .toBuffer();
      await engine.services.photos.add(id, [
        { name: 'a.jpg', bytes: await jpeg('#a0522d') },
        { name: 'b.jpg', bytes: await jpeg('#2d52a0') },
      ]);
      const out = path.join(root, 'rg');
      fs.mkdirSync(out);
      const planted = ['rescuegroups.csv', `adoption-desk-${id}-1.jpg`, `adoption-desk-${id}-2.jpg`].map((name) =>
        plant(out, name, kind),
      );

      engine.publishing.portals.exportRescueGroups(out, { allowDrops: false });

      for (const link of planted) link.untouched();
      expect(fs.readFileSync(path.join(out, 'rescuegroups.csv'), 'utf8')).toContain('"Biscuit"');
      const stored = engine.services.photos
        .list(id)
        .map((photo) => fs.readFileSync(engine.services.photos.files.pathOf(photo.hash, 'full')));
      expect(fs.readFileSync(path.join(out, `adoption-desk-${id}-1.jpg`))).toEqual(stored[0]);
      expect(fs.readFileSync(path.join(out, `adoption-desk-${id}-2.jpg`))).toEqual(stored[1]);
      expect(fs.readdirSync(out).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    } finally {
      engine.close();
    }
  });

  it.each(KINDS)('pets export, CSV and JSON (link to %s)', (kind) => {
    const dataDir = path.join(root, 'data');
    const engine = new Engine({ dataDir, environment: 'production' });
    try {
      engine.services.pets.create({ name: 'Pepper', categoryId: 1, status: 'available' });
      const out = path.join(root, 'backups');
      fs.mkdirSync(out);
      for (const name of ['pets.csv', 'pets.json']) {
        const link = plant(out, name, kind);
        expect(writePetExport(link.name, engine.services.petProfiles.exportRows())).toBe(1);
        link.untouched();
        expect(fs.readFileSync(link.name, 'utf8')).toContain('Pepper');
        expect(fs.statSync(link.name).mode & 0o777).toBe(0o600);
      }
    } finally {
      engine.close();
    }
  });

  it.each(KINDS)('the gate’s JUnit file (link to %s)', (kind) => {
    const link = plant(root, 'report.xml', kind);
    writeJunit(link.name, complianceReport(1, []), {
      subject: 'gate',
      strict: false,
      extra: [{ name: 'command: the client ran to completion', failure: null }],
    });
    link.untouched();
    expect(fs.readFileSync(link.name, 'utf8')).toMatch(/^<\?xml[\s\S]*<testcase classname="adoption-desk.gate"/);
  });

  it.each(KINDS)('the kennel cards’ PDF, written by `pets cards --out` through the same door (link to %s)', (kind) => {
    const link = plant(root, 'kennel-cards.pdf', kind);
    writeFileAtomically(link.name, Buffer.from('%PDF-1.7 cards'));
    link.untouched();
    expect(fs.readFileSync(link.name, 'utf8')).toBe('%PDF-1.7 cards');
  });
});
