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
