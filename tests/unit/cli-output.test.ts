import { describe, expect, it } from 'vitest';
import { printable } from '../../src/main/cli/output';

describe('printable: what the CLI writes of stored text', () => {
  it('shows controls, separators and invisible characters as visible escapes', () => {
    expect(printable('Rex\x1b[2J\nFake  row')).toBe('Rex\\x1b[2J\\nFake  row');
    expect(printable('a\rb\tc\0d\x7fe\u009bf')).toBe('a\\rb\\tc\\x00d\\x7fe\\x9bf');
    expect(printable('zero\u200bwidth\u2028line\u2029para\ufeff')).toBe('zero\\u200bwidth\\u2028line\\u2029para\\ufeff');
    expect(printable('bidi \u202eoverride\u2066')).toBe('bidi \\u202eoverride\\u2066');
    expect(printable('tag \u{e0041}')).toBe('tag \\u{e0041}');
    expect(printable('lone \ud800')).toBe('lone \\ud800');
  });

  it('escapes the backslash, so an escape shown is never text that looks like one', () => {
    expect(printable('C:\\new')).toBe('C:\\\\new');
    expect(printable('C:\\new\n')).not.toBe(printable('C:\\new\\n'));
  });

  it('leaves ordinary text and whole emoji sequences alone', () => {
    for (const text of ['Señor Whiskers', 'Miss Kitty, the 2nd', '👩‍👩‍👧 Family', '🏳️‍🌈', '🏴󠁧󠁢󠁳󠁣󠁴󠁿', '1️⃣', '🇳🇿', 'ক্ষ', 'שלום', 'adk_live_abcd…']) {
      expect(printable(text), text).toBe(text);
    }
  });

  it('escapes a joiner that is not inside an emoji sequence', () => {
    expect(printable('Rex\u200d')).toBe('Rex\\u200d');
    expect(printable('👍\u200b')).toBe('👍\\u200b');
  });
});
