import path from 'node:path';
import { AppError } from '../../shared/errors';
import { PET_PROFILE_FIELDS, PetProfileSchema, type PetProfile } from '../../shared/pet-profile';
import { NewPetSchema, type Pet } from '../../shared/pet';
import { parseOrThrow } from '../../shared/validation';
import type { CsvSeparator } from '../../shared/csv-separator';
import { cellFromCsv } from '../files/csv';
import type { CategoryService } from './categories';
import type { PetService } from './pets';
import type { PetProfileService } from './profiles';
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
 * Calls `onRow` with each pet row of a JSON array or a CSV file with a header: name, categoryId,
 * status and the profile's columns (the same names as `pets export` writes). A CSV is streamed and
 * checked as it comes, within import-file.ts's limits; an unknown or repeated column, a cell that is
 * not UTF-8, or any profile value that breaks its rule refuses the whole file, naming the row and
 * the column.
 */
export async function forEachImportRow(
  file: string,
  format: 'csv' | 'json' | undefined,
  onRow: (row: ImportRow, index: number) => void,
): Promise<void> {
  const kind = format ?? (path.extname(file).toLowerCase() === '.csv' ? 'csv' : 'json');
  if (kind === 'json') {
    fromJson(readTextWithinLimit(file)).forEach((record, index) => onRow(splitRow(record, index + 1, kind), index));
    return;
  }
  let header: string[] = [];
  await readCsvRecords(file, (cells, row, separator) => {
    if (row === 0) {
      checkHeader(cells);
      header = cells;
    } else onRow(splitRow(csvRecord(header, cells, separator), row, kind), row - 1);
  });
}

/** Every row of the file, held at once (tests, small files); `pets import` itself goes through importPetFile. */
export async function readPetImport(file: string, format?: 'csv' | 'json'): Promise<ImportRow[]> {
  const rows: ImportRow[] = [];
  await forEachImportRow(file, format, (row) => rows.push(row));
  return rows;
}

/** Rows held at once while writing: memory stays flat however long the file. */
const WRITE_CHUNK_ROWS = 5_000;

export interface ImportServices {
  pets: Pick<PetService, 'importMany' | 'remove'>;
  petProfiles: Pick<PetProfileService, 'writeImported'>;
  categories: Pick<CategoryService, 'exists'>;
}

/**
 * `pets import`, all or nothing in bounded memory: the file is read twice, first to check every row
 * (keeping none), then to write it a chunk at a time in small slices (PetService.importMany). A
 * chunk that still fails (another process removed a category meanwhile) takes the earlier ones back.
 */
export async function importPetFile(
  file: string,
  format: 'csv' | 'json' | undefined,
  services: ImportServices,
): Promise<Pet[]> {
  await forEachImportRow(file, format, (row, index) => {
    try {
      parseOrThrow(NewPetSchema, row.pet);
    } catch (error) {
      if (error instanceof AppError) throw new AppError(error.code, `row ${index + 1}: ${error.message}`);
      throw error;
    }
    if (!services.categories.exists(row.pet.categoryId as number))
      throw new AppError(
        'validation_failed',
        `row ${index + 1}: categoryId: ${String(row.pet.categoryId)} is not an existing category`,
      );
  });
  const created: Pet[] = [];
  let chunk: ImportRow[] = [];
  const writeChunk = () => {
    const rows = chunk;
    chunk = [];
    created.push(
      ...services.pets.importMany(
        rows.map((row) => row.pet),
        stepAsideForServer,
        (pet, index) => services.petProfiles.writeImported(pet.id, rows[index]?.profile ?? {}),
      ),
    );
  };
  try {
    await forEachImportRow(file, format, (row) => {
      chunk.push(row);
      if (chunk.length === WRITE_CHUNK_ROWS) writeChunk();
    });
    if (chunk.length > 0) writeChunk();
  } catch (error) {
    for (const pet of created) services.pets.remove(pet.id);
    throw error;
  }
  return created;
}

/** Every column once, each one pets import knows: a typo or a stray `__proto__` refuses the file rather than being dropped. */
function checkHeader(header: readonly string[]): void {
  header.forEach((column, index) => {
    const first = header.indexOf(column);
    if (first !== index)
      throw new AppError(
        'validation_failed',
        `header, column ${column}: appears twice (columns ${first + 1} and ${index + 1}); nothing was imported.`,
      );
    if (!KNOWN_COLUMNS.includes(column) && !IGNORED_COLUMNS.includes(column)) {
      throw new AppError(
        'validation_failed',
        `header, column ${column}: not a column pets import knows (${KNOWN_COLUMNS.join(', ')}); nothing was imported.`,
      );
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
  if (value.length > IMPORT_LIMITS.rows)
    throw new AppError(
      'validation_failed',
      `The file holds ${value.length.toLocaleString('en-US')} pets: pets import reads at most ${IMPORT_LIMITS.rows.toLocaleString('en-US')} at a time; split it into smaller files; nothing was imported.`,
    );
  return value.map((item, index) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item))
      throw new AppError('validation_failed', `row ${index + 1}: must be a JSON object`);
    return item as Record<string, unknown>;
  });
}

/** A CSV row by column, as the export wrote it (cellFromCsv takes off the quote that kept a formula text). */
function csvRecord(
  header: readonly string[],
  cells: readonly string[],
  separator: CsvSeparator,
): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  header.forEach((column, index) => {
    const value = cellFromCsv(cells[index] ?? '');
    // An empty cell is "not recorded", but a pet's name and category are required: those the schema refuses by name.
    if (value !== '' || column === 'name' || column === 'categoryId') row[column] = csvValue(column, value, separator);
  });
  return row;
}

/**
 * A CSV cell as the value its column takes: numbers and yes/no where those are meant; anything else
 * stays text for the schema to refuse. A semicolon file writes its decimals with a comma.
 */
function csvValue(column: string, value: string, separator: CsvSeparator): unknown {
  if (column === 'categoryId' && /^\d+$/.test(value)) return Number(value);
  const decimal = separator === 'semicolon' ? /^\d+(,\d+)?$/ : /^\d+(\.\d+)?$/;
  if (column === 'adoptionFee' && decimal.test(value)) return Number(value.replace(',', '.'));
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
      throw new AppError(
        'validation_failed',
        `row ${row}, ${cell} ${column}: not a ${cell} pets import knows (${KNOWN_COLUMNS.join(', ')}); nothing was imported.`,
      );
    }
    if (value === null) continue;
    if (PET_COLUMNS.includes(column)) pet[column] = value;
    else profile[column] = value;
  }
  const parsed = PetProfileSchema.safeParse(profile);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError(
      'validation_failed',
      `row ${row}, ${cell} ${issue?.path.map(String).join('.') ?? ''}: ${issue?.message ?? 'is not valid'}; nothing was imported.`,
    );
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
