/** `pets photos add` given the same photo twice in one command: refused as what it is, and nothing is added. */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { phoneJpeg } from '../helpers/photos';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { runCliInProcess } from '../helpers/cli-in-process';

let dataDir: string;

beforeEach(() => {
  dataDir = makeTempDir('adk-photos-twice');
});

afterEach(() => {
  removeTempDir(dataDir);
});

it(
  'the same file twice, or the same photo under two names, on a pet without photos: says so, adds nothing',
  { timeout: 120_000 },
  async () => {
    const cli = (...args: string[]) => runCliInProcess(dataDir, args);
    expect((await cli('pets', 'add', '--name', 'Biscuit', '--category', '1')).code).toBe(0);
    const photo = await phoneJpeg();
    const a = path.join(dataDir, 'a.jpg');
    const copy = path.join(dataDir, 'copy-of-a.jpg');
    fs.writeFileSync(a, photo);
    fs.writeFileSync(copy, photo);

    const twice = await cli('pets', 'photos', 'add', '1', a, a);
    expect(twice.code).toBe(1);
    expect(twice.stderr).toContain('a.jpg is given twice; give each photo once. Nothing was added.');
    expect(twice.stderr).not.toContain('already photo');

    const sameUnderTwoNames = await cli('pets', 'photos', 'add', '1', a, copy);
    expect(sameUnderTwoNames.code).toBe(1);
    expect(sameUnderTwoNames.stderr).toContain(
      'copy-of-a.jpg is the same photo as a.jpg; give each photo once. Nothing was added.',
    );

    const listed = await cli('--json', 'pets', 'photos', 'list', '1');
    expect(JSON.parse(listed.stdout)).toEqual([]);
    // Once, it is added; again, it is the pet's photo already.
    expect((await cli('pets', 'photos', 'add', '1', a)).code).toBe(0);
    expect((await cli('pets', 'photos', 'add', '1', copy)).stderr).toContain(
      'copy-of-a.jpg is already photo 1 of pet 1.',
    );
  },
);
