import { z } from 'zod';

/**
 * How a CSV file separates its cells. `comma` is RFC 4180, what English spreadsheets open; a
 * spreadsheet set to French, German, Spanish… (whose decimal mark is a comma) opens `semicolon`
 * files: `;` between cells, a comma as the decimal mark, and a UTF-8 byte order mark so accents
 * are read as UTF-8.
 */
export const CSV_SEPARATORS = ['comma', 'semicolon'] as const;
export type CsvSeparator = (typeof CSV_SEPARATORS)[number];
export const CsvSeparatorSchema = z.enum(CSV_SEPARATORS, { error: `must be one of ${CSV_SEPARATORS.join(', ')}` });
