import { isUtf8 } from 'node:buffer';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { CsvError, parse, type InfoField } from 'csv-parse';
import type { CsvSeparator } from '../../shared/csv-separator';
import { AppError } from '../../shared/errors';
import { DESCRIPTION_MAX } from '../../shared/pet-profile';

/**
 * What `pets import` reads at most, so a file too big is refused at once and the import stays well
 * under 150 MB of memory (docs/guide/cli.md gives the measure). A shelter's whole backup is far
 * smaller: a few hundred bytes a pet.
 */
export const IMPORT_LIMITS = {
  bytes: 16 * 1024 * 1024,
  rows: 100_000,
  /** The longest field (a description) in four-byte characters: a longer cell can hold nothing valid. */
  cellBytes: 4 * DESCRIPTION_MAX,
} as const;

const refuse = (message: string) => new AppError('validation_failed', `${message}; nothing was imported.`);
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, '')} MiB`;

function tooLarge(file: string, bytes: string): AppError {
  return refuse(
    `${file} is ${bytes}: pets import reads files of at most ${mib(IMPORT_LIMITS.bytes)} (${IMPORT_LIMITS.rows.toLocaleString('en-US')} rows); split it into smaller files`,
  );
}

/** Opens the file and refuses one over the size limit before reading any of it. */
function openWithinLimit(file: string): number {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch (error) {
    throw new AppError('validation_failed', `Cannot read ${file}: ${(error as Error).message}`);
  }
  const { size } = fs.fstatSync(fd);
  if (size > IMPORT_LIMITS.bytes) {
    fs.closeSync(fd);
    throw tooLarge(file, mib(size));
  }
  return fd;
}

/** The file's bytes as they come, refused past the limit (a pipe or a file still growing has no size to check first). */
function withinLimit(file: string) {
  return async function* (chunks: AsyncIterable<Buffer>): AsyncIterable<Buffer> {
    let bytes = 0;
    for await (const chunk of chunks) {
      bytes += chunk.length;
      if (bytes > IMPORT_LIMITS.bytes) throw tooLarge(file, `over ${mib(IMPORT_LIMITS.bytes)}`);
      yield chunk;
    }
  };
}

/** Where a refusal points: the header's cells by position, a row's by the header's name. */
function cellName(header: readonly string[], row: number, index: number): string {
  return row === 0 ? `header, column ${index + 1}` : `row ${row}, column ${header[index] ?? index + 1}`;
}

/**
 * How the file separates its cells, read from its header line: `;` there and no `,` is a file for
 * a spreadsheet set to French, German or Spanish (`pets export --csv-separator semicolon`, or one
 * saved by such a spreadsheet); anything else is RFC 4180's comma. The columns' names hold neither.
 */
function separatorOf(fd: number): CsvSeparator {
  const head = Buffer.alloc(4096);
  const length = fs.readSync(fd, head, 0, head.length, 0);
  const text = head.subarray(0, length).toString('latin1');
  const end = text.search(/[\r\n]/);
  const line = end === -1 ? text : text.slice(0, end);
  return line.includes(';') && !line.includes(',') ? 'semicolon' : 'comma';
}

/**
 * Streams a CSV file (csv-parse's stream API) to `onRecord`, the header as row 0, each cell decoded
 * as strict UTF-8 and trimmed unless quoted, with the file's separator (separatorOf). Refuses,
 * naming the row and column, a cell that is not UTF-8 (never turned into U+FFFD) or is over the cell
 * limit, and the file past the row limit.
 */
export async function readCsvRecords(
  file: string,
  onRecord: (cells: string[], row: number, separator: CsvSeparator) => void,
): Promise<void> {
  const fd = openWithinLimit(file);
  const separator = separatorOf(fd);
  const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  // Set as the parser reads it: the parser runs ahead of onRecord.
  const header: string[] = [];
  // Bytes, not text, from the parser: csv-parse's own decoding would replace invalid UTF-8 silently.
  const parser = parse({
    encoding: null,
    delimiter: separator === 'semicolon' ? ';' : ',',
    ltrim: true,
    skip_empty_lines: true,
    max_record_size: IMPORT_LIMITS.cellBytes,
    cast: (value: unknown, context: InfoField) => {
      let text: string;
      try {
        text = utf8.decode(value as Uint8Array);
      } catch {
        throw refuse(
          `${cellName(header, context.records, context.index)}: is not valid UTF-8 (save the file as "CSV UTF-8")`,
        );
      }
      if (context.records === 0 && context.index === 0) text = text.replace(/^\uFEFF/, '');
      const cell = context.quoting ? text : text.trimEnd();
      if (context.records === 0) header[context.index] = cell;
      return cell;
    },
  });
  let row = 0;
  try {
    await pipeline(
      fs.createReadStream('', { fd, start: 0 }),
      withinLimit(file),
      parser,
      async (records: AsyncIterable<string[]>) => {
        for await (const cells of records) {
          if (row > IMPORT_LIMITS.rows)
            throw refuse(
              `${file} holds more than ${IMPORT_LIMITS.rows.toLocaleString('en-US')} rows: pets import reads at most that many at a time; split it into smaller files`,
            );
          onRecord(cells, row, separator);
          row += 1;
        }
      },
    );
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const at = error as CsvError & { records?: number; index?: number };
    if (error.code === 'CSV_MAX_RECORD_SIZE') {
      throw refuse(
        `${cellName(header, at.records ?? row, at.index ?? 0)}: longer than ${IMPORT_LIMITS.cellBytes.toLocaleString('en-US')} bytes, more than any column takes`,
      );
    }
    throw new AppError('validation_failed', `The file is not valid CSV: ${error.message}; nothing was imported.`);
  }
}

/** The whole file as strict UTF-8 text (a JSON import is parsed whole), within the size limit. */
export function readTextWithinLimit(file: string): string {
  const fd = openWithinLimit(file);
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  if (bytes.length > IMPORT_LIMITS.bytes) throw tooLarge(file, `over ${mib(IMPORT_LIMITS.bytes)}`);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw refuse(`${file}, line ${lineOfFirstInvalidByte(bytes)}: is not valid UTF-8 (save the file as UTF-8)`);
  }
}

/** The line holding the first byte that breaks UTF-8 (a line feed is never part of a multi-byte character). */
function lineOfFirstInvalidByte(bytes: Buffer): number {
  let start = 0;
  for (let line = 1; ; line += 1) {
    const end = bytes.indexOf(0x0a, start);
    if (end === -1 || !isUtf8(bytes.subarray(start, end))) return line;
    start = end + 1;
  }
}
