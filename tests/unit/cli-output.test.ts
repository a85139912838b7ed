import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { printable } from '../../src/main/cli/output';
import { runCliInProcess } from '../helpers/cli-in-process';

/** The columns a terminal gives a text, by hand for the scripts used below: CJK ideographs and emoji two, combining marks none. */
function terminalColumns(text: string): number {
  let columns = 0;
  for (const character of text) {
    if (/\p{Mn}/u.test(character)) continue;
    columns += /[\u4e00-\u9fff]|\p{Extended_Pictographic}/u.test(character) ? 2 : 1;
  }
  return columns;
}

describe('printable: what the CLI writes of stored text', () => {
  it('shows controls, separators and invisible characters as visible escapes', () => {
    expect(printable('Rex\x1b[2J\nFake  row')).toBe('Rex\\x1b[2J\\nFake  row');
    expect(printable('a\rb\tc\0d\x7fe\u009bf')).toBe('a\\rb\\tc\\x00d\\x7fe\\x9bf');
    expect(printable('zero\u200bwidth\u2028line\u2029para\ufeff')).toBe(
      'zero\\u200bwidth\\u2028line\\u2029para\\ufeff',
    );
    expect(printable('bidi \u202eoverride\u2066')).toBe('bidi \\u202eoverride\\u2066');
    expect(printable('tag \u{e0041}')).toBe('tag \\u{e0041}');
    expect(printable('lone \ud800')).toBe('lone \\ud800');
  });

  it('escapes the backslash, so an escape shown is never text that looks like one', () => {
    expect(printable('C:\\new')).toBe('C:\\\\new');
    expect(printable('C:\\new\n')).not.toBe(printable('C:\\new\\n'));
  });

  it('leaves ordinary text and whole emoji sequences alone', () => {
    for (const text of [
      'Señor Whiskers',
      'Miss Kitty, the 2nd',
      '👩‍👩‍👧 Family',
      '🏳️‍🌈',
      '🏴󠁧󠁢󠁳󠁣󠁴󠁿',
      '1️⃣',
      '🇳🇿',
      'ক্ষ',
      'שלום',
      'adk_live_abcd…',
    ]) {
      expect(printable(text), text).toBe(text);
    }
  });

  it('escapes a joiner that is not inside an emoji sequence', () => {
    expect(printable('Rex\u200d')).toBe('Rex\\u200d');
    expect(printable('👍\u200b')).toBe('👍\\u200b');
  });
});

describe('tables on stdout', () => {
  it('line up their columns around wide and combining characters', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adk-cli-table-'));
    try {
      for (const name of ['李小龙', 'Zoe\u0301', 'Rex 🐶', 'Ayşe', 'ليلى'])
        expect((await runCliInProcess(dataDir, ['pets', 'add', '--name', name, '--category', '1'])).code).toBe(0);
      const listed = await runCliInProcess(dataDir, ['pets', 'list']);
      const lines = listed.stdout.trimEnd().split('\n');
      expect(lines).toHaveLength(6);
      // Where the status column starts, in terminal columns, on the header and on every row.
      const starts = lines.map((line, index) =>
        terminalColumns(line.slice(0, line.indexOf(index === 0 ? 'status' : 'available'))),
      );
      expect(new Set(starts).size, lines.join('\n')).toBe(1);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
