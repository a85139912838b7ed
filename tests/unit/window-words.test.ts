/**
 * Words belong to the face that shows them: the window never tells staff to type a command. Its
 * sources (comments aside) hold no npm script, no `adoption-desk` command and no `--flag`, and no
 * sentence of its own: what it says (a toast, a dialog, a label) comes from its catalogues, in the
 * member's language.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../helpers/processes';

const RENDERER = path.join(PROJECT_ROOT, 'src/renderer/src');
/** A sentence in code: a quoted text of a capitalised word and more, or a line of JSX text of three words or more. */
const PROSE = /(['"`])[A-Z][a-z]+ [a-z’']+(?: [^'"`]*)?\1|^\s+[A-Z][a-z]+(?: [a-z’',.]+){2,}\s*$/;
/**
 * English on purpose: Shelter Animals Count's official row names (shown beside their translation),
 * a page's name in code (the navigation shows `nav.<id>`), a schema's own message (the window words
 * an issue from its code in any other language: ui/zod-words.ts).
 */
const ENGLISH_ON_PURPOSE = [/^\s*label: '/, /\{ error: '/];
const OFFICIAL_NAMES_FILE = path.join('areas', 'reports', 'SacTable.tsx');

const CLI_SYNTAX = /\bnpm (?:run|exec|ci)\b|\badoption-desk [a-z]|(?:^|[\s>(])--(?!mantine-)[a-z]{2,}/;

function sourcesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourcesUnder(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The lines of a source that are not comments. */
function codeLines(text: string): Array<{ line: number; text: string }> {
  const withoutBlocks = text.replace(/\/\*[\s\S]*?\*\//g, (block) => block.replace(/[^\n]/g, ' '));
  return withoutBlocks
    .split('\n')
    .map((line, index) => ({ line: index + 1, text: line.replace(/(^|[^:'"`])\/\/.*$/, '$1') }))
    .filter(({ text: line }) => line.trim() !== '');
}

describe('the window speaks its own words', () => {
  it('the pattern finds the CLI syntax it must', () => {
    for (const text of [
      'Open the address printed by <Code>npm run serve -- --admin</Code>',
      "the CLI's `report --json` lists",
      'run adoption-desk backup create',
    ]) {
      expect(CLI_SYNTAX.test(text), text).toBe(true);
    }
    for (const text of [
      '[`--mantine-color-${name}-filled`]: value',
      "bg='var(--mantine-primary-color-light)'",
      'a — dash',
    ].map(String)) {
      expect(CLI_SYNTAX.test(text), text).toBe(false);
    }
  });

  it('no source of the window holds CLI syntax outside its comments', () => {
    const found = sourcesUnder(RENDERER).flatMap((file) =>
      codeLines(fs.readFileSync(file, 'utf8'))
        .filter(({ text }) => CLI_SYNTAX.test(text))
        .map(({ line, text }) => `${path.relative(PROJECT_ROOT, file)}:${line}: ${text.trim()}`),
    );
    expect(found).toEqual([]);
  });

  it('the sentence pattern finds what it must', () => {
    for (const text of [
      "    progress: 'Saving the plan…',",
      '    success: (record) => `Label of ${record.displayPrefix} saved.`,',
      '    <Modal opened={opened} title="New project" centered>',
      '              Create an account',
    ])
      expect(PROSE.test(text), text).toBe(true);
    for (const text of ["    label={t('projectForm.name')}", "  const key = 'pets';", '      {t(`removeDomain.keep`)}'])
      expect(PROSE.test(text), text).toBe(false);
  });

  it('no source of the window holds a sentence of its own outside its comments: every one is in the catalogues', () => {
    const found = sourcesUnder(RENDERER)
      .filter((file) => !file.includes(`${path.sep}locales${path.sep}`) && !file.endsWith(OFFICIAL_NAMES_FILE))
      .flatMap((file) =>
        codeLines(fs.readFileSync(file, 'utf8'))
          .filter(({ text }) => PROSE.test(text) && !ENGLISH_ON_PURPOSE.some((allowed) => allowed.test(text)))
          .map(({ line, text }) => `${path.relative(PROJECT_ROOT, file)}:${line}: ${text.trim()}`),
      );
    expect(found).toEqual([]);
  });
});
