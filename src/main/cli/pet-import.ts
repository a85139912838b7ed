import path from 'node:path';
import { AppError } from '../../shared/errors';
import { PET_PROFILE_FIELDS, PetProfileSchema, type PetProfile } from '../../shared/pet-profile';
import { cellFromCsv } from '../files/csv';
import { IMPORT_LIMITS, readCsvRecords, readTextWithinLimit } from './import-file';

/** One row of an import: the pet (checked by PetService.importMany) and its profile (already checked here). */
export interface ImportRow {
  pet: Record<string, unknown>;
  profile: PetProfile;
}

/** The columns of a pet itself; `id` (a staff export's) is read and ignored: imported pets get new ids. */
const PET_COLUMNS = ['name', 'categoryId', 'status'];
const IGNORED_COLUMNS = ['id', 'createdAt', 'updatedAt'];
const KNOWN_COLUMNS = [...PET_COLUMNS, ...PET_PROFILE_FIELDS];
const BOOLEAN_FIELDS: readonly string[] = ['breedMixed', 'houseTrained', 'spayedNeutered'];
const BOOLEAN_WORDS: Readonly<Record<string, boolean>> = { yes: true, true: true, no: false, false: false };

/**
 * Reads pet rows from a JSON array or a CSV file with a header: name, categoryId, status and the
 * profile's columns (the same names as `pets export` writes). A CSV is streamed and checked as it
 * comes, within import-file.ts's limits; an unknown or repeated column, a cell that is not UTF-8, or
 * any profile value that breaks its rule refuses the whole file, naming the row and the column.
 */
export async function readPetImport(file: string, format?: 'csv' | 'json'): Promise<ImportRow[]> {
  const kind = format ?? (path.extname(file).toLowerCase() === '.csv' ? 'csv' : 'json');
  if (kind === 'json') return fromJson(readTextWithinLimit(file)).map((record, index) => splitRow(record, index + 1, kind));
  const rows: ImportRow[] = [];
  let header: string[] = [];
  await readCsvRecords(file, (cells, row) => {
    if (row === 0) {
      checkHeader(cells);
      header = cells;
      return;
    }
    rows.push(splitRow(csvRecord(header, cells), row, kind));
  });
  return rows;
}

/** Every column once, each one pets import knows: a typo or a stray `__proto__` refuses the file rather than being dropped. */
function checkHeader(header: readonly string[]): void {
  header.forEach((column, index) => {
    const first = header.indexOf(column);
    if (first !== index) throw new AppError('validation_failed', `header, column ${column}: appears twice (columns ${first + 1} and ${index + 1}); nothing was imported.`);
    if (!KNOWN_COLUMNS.includes(column) && !IGNORED_COLUMNS.includes(column)) {
      throw new AppError('validation_failed', `header, column ${column}: not a column pets import knows (${KNOWN_COLUMNS.join(', ')}); nothing was imported.`);
    }
  });
}

function fromJson(text: string): Record<string, unknown>[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new AppError('validation_failed', `The file is not valid JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(value)) throw new AppError('validation_failed', 'The JSON file must hold an array of pets.');
  if (value.length > IMPORT_LIMITS.rows) throw new AppError('validation_failed', `The file holds ${value.length.toLocaleString('en-US')} pets: pets import reads at most ${IMPORT_LIMITS.rows.toLocaleString('en-US')} at a time; split it into smaller files; nothing was imported.`);
  return value.map((item, index) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) throw new AppError('validation_failed', `row ${index + 1}: must be a JSON object`);
    return item as Record<string, unknown>;
  });
}

/** A CSV row by column, as the export wrote it (cellFromCsv takes off the quote that kept a formula text). */
function csvRecord(header: readonly string[], cells: readonly string[]): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  header.forEach((column, index) => {
    const value = cellFromCsv(cells[index] ?? '');
    // An empty cell is "not recorded", but a pet's name and category are required: those the schema refuses by name.
    if (value !== '' || column === 'name' || column === 'categoryId') row[column] = csvValue(column, value);
  });
  return row;
}

/** A CSV cell as the value its column takes: numbers and yes/no where those are meant; anything else stays text for the schema to refuse. */
function csvValue(column: string, value: string): unknown {
  if (column === 'categoryId' && /^\d+$/.test(value)) return Number(value);
  if (column === 'adoptionFee' && /^\d+(\.\d+)?$/.test(value)) return Number(value);
  if (BOOLEAN_FIELDS.includes(column)) return BOOLEAN_WORDS[value.toLowerCase()] ?? value;
  return value;
}

function splitRow(record: Record<string, unknown>, row: number, kind: 'csv' | 'json'): ImportRow {
  const pet: Record<string, unknown> = {};
  const profile: Record<string, unknown> = {};
  const cell = kind === 'csv' ? 'column' : 'field';
  for (const [column, value] of Object.entries(record)) {
    if (IGNORED_COLUMNS.includes(column)) continue;
    if (!KNOWN_COLUMNS.includes(column)) {
      throw new AppError('validation_failed', `row ${row}, ${cell} ${column}: not a ${cell} pets import knows (${KNOWN_COLUMNS.join(', ')}); nothing was imported.`);
    }
    if (value === null) continue;
    if (PET_COLUMNS.includes(column)) pet[column] = value;
    else profile[column] = value;
  }
  const parsed = PetProfileSchema.safeParse(profile);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError('validation_failed', `row ${row}, ${cell} ${issue?.path.map(String).join('.') ?? ''}: ${issue?.message ?? 'is not valid'}; nothing was imported.`);
  }
  return { pet, profile: parsed.data };
}

/** The longest the CLI steps aside between two slices of an import. */
const MAX_PAUSE_MS = 50;
const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * Between two slices, the CLI waits as long as the last slice took (at most 50 ms). SQLite's lock is
 * not fair: a writer committing back to back would take it again before the server's busy handler,
 * which polls every few to 100 ms, ever saw it free, and a request would time out waiting.
 */
export function stepAsideForServer(sliceMs: number): void {
  Atomics.wait(pause, 0, 0, Math.min(MAX_PAUSE_MS, Math.max(2, sliceMs)));
}
