import fs from 'node:fs';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { AppError } from '../../shared/errors';

/** Reads NewPet rows from a JSON array or a CSV file with a header (name,categoryId[,status]). */
export function readPetImport(file: string, format?: 'csv' | 'json'): unknown[] {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new AppError('validation_failed', `Cannot read ${file}: ${(error as Error).message}`);
  }
  const kind = format ?? (path.extname(file).toLowerCase() === '.csv' ? 'csv' : 'json');
  return kind === 'csv' ? fromCsv(text) : fromJson(text);
}

function fromJson(text: string): unknown[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new AppError('validation_failed', `The file is not valid JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(value)) throw new AppError('validation_failed', 'The JSON file must hold an array of pets.');
  return value;
}

function fromCsv(text: string): unknown[] {
  let records: Record<string, string>[];
  try {
    records = parseCsv(text, { columns: true, skip_empty_lines: true, trim: true, bom: true });
  } catch (error) {
    throw new AppError('validation_failed', `The file is not valid CSV: ${(error as Error).message}`);
  }
  return records.map((record) => {
    const row: Record<string, unknown> = { ...record };
    if (typeof record.categoryId === 'string' && /^\d+$/.test(record.categoryId)) row.categoryId = Number(record.categoryId);
    if (record.status === '') delete row.status;
    return row;
  });
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
