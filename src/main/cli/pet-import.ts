import fs from 'node:fs';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { AppError } from '../../shared/errors';
import { PET_PROFILE_FIELDS, PetProfileSchema, type PetProfile } from '../../shared/pet-profile';

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
 * profile's columns (the same names as `pets export` writes). Any unknown column, or any profile
 * value that breaks its rule, refuses the whole file, naming the row and the column.
 */
export function readPetImport(file: string, format?: 'csv' | 'json'): ImportRow[] {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new AppError('validation_failed', `Cannot read ${file}: ${(error as Error).message}`);
  }
  const kind = format ?? (path.extname(file).toLowerCase() === '.csv' ? 'csv' : 'json');
  const records = kind === 'csv' ? fromCsv(text) : fromJson(text);
  return records.map((record, index) => splitRow(record, index + 1, kind));
}

function fromJson(text: string): Record<string, unknown>[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new AppError('validation_failed', `The file is not valid JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(value)) throw new AppError('validation_failed', 'The JSON file must hold an array of pets.');
  return value.map((item, index) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) throw new AppError('validation_failed', `row ${index + 1}: must be a JSON object`);
    return item as Record<string, unknown>;
  });
}

function fromCsv(text: string): Record<string, unknown>[] {
  let records: Record<string, string>[];
  try {
    records = parseCsv(text, { columns: true, skip_empty_lines: true, trim: true, bom: true });
  } catch (error) {
    throw new AppError('validation_failed', `The file is not valid CSV: ${(error as Error).message}`);
  }
  return records.map((record) => {
    const row: Record<string, unknown> = {};
    // An empty cell is "not recorded", but a pet's name and category are required: those the schema refuses by name.
    for (const [column, value] of Object.entries(record)) if (value !== '' || column === 'name' || column === 'categoryId') row[column] = csvValue(column, value);
    return row;
  });
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
