import { stringify } from 'csv-stringify/sync';
import type { CsvSeparator } from '../../shared/csv-separator';

/**
 * The one CSV writer (the staff export, the RescueGroups file): RFC 4180 over csv-stringify, CRLF
 * line ends, and every text cell made safe to open in a spreadsheet.
 *
 * A cell beginning with `=`, `+`, `-`, `@`, tab or CR is a formula to Excel, LibreOffice and Google
 * Sheets (a pet named `=HYPERLINK(…)` would run on the staff's machine), so it gets a leading `'`
 * (OWASP's "CSV injection" rule), which they show as text. The full-width `＝`, `＋`, `－` and `＠`
 * (U+FF1D, U+FF0B, U+FF0D, U+FF20) get one too: spreadsheets that fold width on entry (Excel with an
 * East Asian IME, LibreOffice's autocorrect) may read them as the ASCII ones. Quotes already before such a character get
 * one more, so `pets import` (cellFromCsv) can take exactly one off and restore any value. Numbers
 * are written as numbers: a number, negative too (the SAC matrix's age change), is never a formula.
 */
export type CsvCell = string | number | null | undefined;

const FORMULA_START = /^'*[=+\-@\t\r＝＋－＠]/;

/** A text cell as a spreadsheet may open it. */
export function spreadsheetSafe(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** The value spreadsheetSafe was given, from the cell it wrote. */
export function cellFromCsv(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text) ? text.slice(1) : text;
}

export interface CsvOptions {
  /** Quote every cell (what RescueGroups' import expects); otherwise only those that need it. */
  quoteAll?: boolean;
  /** Leave the header row out (Adopt-a-Pet's pets.csv: its import.cfg names the columns). */
  noHeader?: boolean;
  /** `semicolon`: `;`, decimal commas and a BOM, for a spreadsheet set to French (see CsvSeparator). */
  separator?: CsvSeparator;
}

/** The header (unless `noHeader`), then one line per row; `null` and `undefined` are empty cells. */
export function csvText(
  header: readonly string[],
  rows: Iterable<readonly CsvCell[]>,
  options: CsvOptions = {},
): string {
  const semicolon = options.separator === 'semicolon';
  const number = (value: number) => (semicolon ? String(value).replace('.', ',') : String(value));
  const records: string[][] = [];
  for (const row of rows)
    records.push(
      row.map((cell) =>
        cell === null || cell === undefined ? '' : typeof cell === 'number' ? number(cell) : spreadsheetSafe(cell),
      ),
    );
  return (
    (semicolon ? '\ufeff' : '') +
    stringify(records, {
      delimiter: semicolon ? ';' : ',',
      header: !(options.noHeader ?? false),
      columns: [...header],
      quoted: options.quoteAll ?? false,
      // A reader that trims (pets import does) would lose leading and trailing spaces outside quotes.
      quoted_match: /^\s|\s$/,
      record_delimiter: '\r\n',
    })
  );
}
