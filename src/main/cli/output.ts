/** Tables for people on stdout; notes on stderr, so `npm run --silent cli` pipes cleanly. */
import stringWidth from 'string-width';
import { isoInstant } from '../../shared/instants';

export interface Output {
  json: boolean;
}

/** Fields of the models that hold a moment in epoch milliseconds. */
/** Moments (epoch ms): every `…At` field, and these. */
const TIME_FIELDS = new Set(['at', 'until', 'start', 'notBefore', 'notAfter']);
const isTimeField = (field: string) => TIME_FIELDS.has(field) || /[a-z]At$/.test(field);

/** What a terminal would act on or not show: controls, format and invisible characters, and the escape character itself. */
const UNPRINTABLE = /[\\\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\p{Default_Ignorable_Code_Point}]/u;
const UNPRINTABLE_ALL = new RegExp(UNPRINTABLE.source, 'gu');
/** A grapheme with one of these is an emoji sequence, whose joiners and selectors are part of the picture. */
const EMOJI = /[\p{Extended_Pictographic}\p{Regional_Indicator}\u20E3]/u;
const GRAPHEMES = new Intl.Segmenter('en', { granularity: 'grapheme' });
// C1 controls and the line separators are valid raw in JSON, but some terminals act on them.
const JSON_UNSAFE = /[\u007f-\u009f\u2028\u2029]/g;

const NAMED_ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function escapeCharacter(character: string): string {
  const named = NAMED_ESCAPES[character];
  if (named) return named;
  const code = character.codePointAt(0) ?? 0;
  if (code < 0x100) return `\\x${code.toString(16).padStart(2, '0')}`;
  if (code < 0x10000) return `\\u${code.toString(16).padStart(4, '0')}`;
  return `\\u{${code.toString(16)}}`;
}

/**
 * Text as it may reach a terminal: anything a terminal would act on or not show becomes a visible
 * escape (`\x1b`, `\n`, `\u200b`, and `\\` for a backslash), so stored text can neither drive the
 * terminal nor forge table rows. Emoji sequences stay whole.
 */
export function printable(text: string): string {
  if (!UNPRINTABLE.test(text)) return text;
  let out = '';
  for (const { segment } of GRAPHEMES.segment(text))
    out += EMOJI.test(segment) ? segment : segment.replace(UNPRINTABLE_ALL, escapeCharacter);
  return out;
}

/** For --json: the value exactly, each moment also as an ISO-8601 string beside it (`until` → `untilIso`). */
function withIsoTimes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withIsoTimes);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [field, inner] of Object.entries(value)) {
    out[field] = withIsoTimes(inner);
    if (isTimeField(field) && (typeof inner === 'number' || inner === null))
      out[`${field}Iso`] = inner === null ? null : new Date(inner).toISOString();
  }
  return out;
}

function printJson(value: unknown): void {
  const text = JSON.stringify(withIsoTimes(value), null, 2).replace(
    JSON_UNSAFE,
    (character) => `\\u${(character.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`,
  );
  process.stdout.write(`${text}\n`);
}

export function printRows(output: Output, rows: readonly object[], emptyText: string): void {
  if (output.json) {
    printJson(rows);
    return;
  }
  if (rows.length === 0) {
    note(emptyText);
    return;
  }
  const columns = Object.keys(rows[0] ?? {});
  const cells = rows.map((row) =>
    columns.map((column) => formatCell(column, (row as Record<string, unknown>)[column])),
  );
  // Padded by the columns a terminal gives each cell (李 and 🐶 take two, a combining accent none), not by UTF-16 units.
  const widths = columns.map((column, i) =>
    Math.max(stringWidth(column), ...cells.map((line) => stringWidth(line[i] ?? ''))),
  );
  const line = (values: string[]) =>
    values
      .map((value, i) => value + ' '.repeat(Math.max(0, (widths[i] ?? 0) - stringWidth(value))))
      .join('  ')
      .trimEnd();
  process.stdout.write(`${[line(columns), ...cells.map(line)].join('\n')}\n`);
}

export function printObject(output: Output, value: object): void {
  if (output.json) {
    printJson(value);
    return;
  }
  printRows(output, [value], '');
}

/** A command's answer in words, on stdout: what a script reads (`contract verify`'s verdict). */
export function answer(text: string): void {
  process.stdout.write(`${printable(text)}\n`);
}

export function note(text: string): void {
  process.stderr.write(`${printable(text)}\n`);
}

function formatCell(column: string, value: unknown): string {
  if (value === null || value === undefined) return '-';
  if (typeof value === 'number' && isTimeField(column)) return isoInstant(value);
  return printable(String(value));
}
