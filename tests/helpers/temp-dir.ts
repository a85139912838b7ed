import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A fresh, empty data dir under the OS temp folder; remove it with removeTempDir. */
export function makeTempDir(label = 'adoption-desk-test'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `${label}-`));
}

export function removeTempDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
}
