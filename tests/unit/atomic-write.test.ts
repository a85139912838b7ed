import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFileAtomically, writeFileAtomically } from '../../src/main/files/atomic-write';
import { mountSmallDisk } from '../helpers/small-disk';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

const parent = makeTempDir('adoption-desk-atomic');
const disk = mountSmallDisk(parent, '64k');

afterAll(() => {
  disk?.unmount();
  removeTempDir(parent);
});

/** A JSON document of about `bytes` bytes that parses only when whole. */
function document(label: string, bytes: number): string {
  return JSON.stringify({ label, padding: 'x'.repeat(bytes) });
}

const leftovers = (dir: string) => fs.readdirSync(dir).filter((name) => name.endsWith('.tmp'));

describe.skipIf(!disk)(
  `writeFileAtomically on a full disk${disk ? '' : ' — skipped: mounting a tmpfs is not permitted here'}`,
  () => {
    it('fails whole: the previous file still parses, no temp file is left, and a later write succeeds', () => {
      const dir = disk!.dir;
      const settings = path.join(dir, 'settings.json');
      const inPlace = path.join(dir, 'in-place.json');
      writeFileAtomically(settings, document('previous', 8_000));
      fs.writeFileSync(inPlace, document('previous', 8_000));
      const filler = disk!.fill();

      // The fault is real: writing in place on this disk leaves half a file behind.
      expect(() => fs.writeFileSync(inPlace, document('next', 16_000))).toThrow(/ENOSPC/);
      expect(() => JSON.parse(fs.readFileSync(inPlace, 'utf8'))).toThrow();

      expect(() => writeFileAtomically(settings, document('next', 16_000))).toThrow(/ENOSPC/);
      expect(JSON.parse(fs.readFileSync(settings, 'utf8'))).toMatchObject({ label: 'previous' });
      expect(leftovers(dir)).toEqual([]);

      fs.rmSync(filler);
      writeFileAtomically(settings, document('next', 16_000));
      expect(JSON.parse(fs.readFileSync(settings, 'utf8'))).toMatchObject({ label: 'next' });
      expect(leftovers(dir)).toEqual([]);
    });
  },
);

describe('createFileAtomically', () => {
  it('creates the file whole only once: a second writer finds the first one’s content', () => {
    const file = path.join(parent, 'key.pem');
    expect(createFileAtomically(file, 'first')).toBe(true);
    expect(createFileAtomically(file, 'second')).toBe(false);
    expect(fs.readFileSync(file, 'utf8')).toBe('first');
    expect(leftovers(parent)).toEqual([]);
  });
});
