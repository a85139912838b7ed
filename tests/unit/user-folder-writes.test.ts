/**
 * The rule behind writing into a folder the user chose: every file the program writes goes through the one safe
 * writer (src/main/files/atomic-write.ts: a temp file created exclusively, then renamed over the
 * name, never following a link planted there). Code anywhere else in src/main that calls a Node
 * file-writing API fails this test, unless it is listed below with the reason it never writes into a
 * folder the user chose.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../helpers/processes';

const MAIN = path.join(PROJECT_ROOT, 'src/main');

/** Files that may write directly, each into a place the program made itself. */
const WRITES_ONLY_ITS_OWN_FILES: Readonly<Record<string, string>> = {
  'files/atomic-write.ts': 'the safe writer itself',
  'files/owner-only.ts': 'creates the data dir’s own database files exclusively (O_EXCL)',
  'db/data-dir-problems.ts': 'a probe file in the data dir, to tell a read-only one',
  'lab/request-log/store.ts': 'the request log’s files in the data dir',
  'sites/upload-folder.ts': 'an upload into a fresh staging folder in the data dir (mkdtemp), created exclusively',
  'sites/upload-zip.ts': 'a zip’s files into a fresh staging folder in the data dir, created exclusively',
  'sites/deploy-folder.ts': 'a deploy copied into a fresh staging folder in the data dir, created exclusively',
  'publishing/adoption-site/site.ts': 'the adoption site built in a fresh staging folder in the data dir',
  'backup/snapshot.ts':
    'a backup’s photo pins: hard links (or copies made exclusively) into a fresh folder of the data dir (mkdtemp)',
};

/** Node's calls that create or change a file's content (fs, fs/promises, a file handle's open for writing). */
const WRITE_CALL =
  /\b(?:writeFileSync|writeFile|copyFileSync|copyFile|cpSync|cp|createWriteStream|appendFileSync|appendFile|truncateSync|truncate|linkSync|link|symlinkSync|symlink)\s*\(|\bopen(?:Sync)?\s*\([^)]*['"][wa+]/;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('every file written into a user’s folder goes through files/atomic-write.ts', () => {
  it('no other code in src/main calls a file-writing API', () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(MAIN)) {
      const relative = path.relative(MAIN, file).split(path.sep).join('/');
      if (relative in WRITES_ONLY_ITS_OWN_FILES) continue;
      fs.readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, index) => {
          if (WRITE_CALL.test(line) && !/^\s*(?:\/\/|\*|\/\*)/.test(line))
            offenders.push(`src/main/${relative}:${index + 1}: ${line.trim()}`);
        });
    }
    expect(
      offenders,
      'write through writeFileAtomically / copyFileAtomically (src/main/files/atomic-write.ts) instead',
    ).toEqual([]);
  });

  it('catches what it is meant to catch', () => {
    for (const line of [
      'fs.copyFileSync(file, target);',
      'await fs.promises.writeFile(target, bytes);',
      'const out = fs.createWriteStream(file);',
      "fs.openSync(file, 'w')",
      "await fs.open(target, 'wx')",
    ])
      expect(WRITE_CALL.test(line), line).toBe(true);
    for (const line of [
      "fs.openSync(file, 'r')",
      'fs.readFileSync(file)',
      'this.write(true);',
      'process.stdout.write(text)',
    ])
      expect(WRITE_CALL.test(line), line).toBe(false);
  });

  it('lists only files that exist', () => {
    for (const relative of Object.keys(WRITES_ONLY_ITS_OWN_FILES))
      expect(fs.existsSync(path.join(MAIN, relative)), relative).toBe(true);
  });
});
