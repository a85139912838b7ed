/** getPet's sunset is written once; everything people and clients read is made from it. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DEPRECATION_HEADERS,
  GET_PET_SUNSET_DAY,
  GET_PET_SUNSET_WORDS,
} from '../../src/main/http/api/routes/get-pet-sunset';
import { PROJECT_ROOT } from '../helpers/processes';

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? sourceFiles(full) : /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("getPet's sunset", () => {
  it('its year is written in one source file only', () => {
    const naming = sourceFiles(path.join(PROJECT_ROOT, 'src')).filter((file) =>
      fs.readFileSync(file, 'utf8').includes('2030'),
    );
    expect(naming.map((file) => path.relative(PROJECT_ROOT, file))).toEqual([
      path.join('src', 'main', 'http', 'api', 'routes', 'get-pet-sunset.ts'),
    ]);
  });

  it('gives the words, the day and the documented headers of the seed', () => {
    expect([GET_PET_SUNSET_WORDS, GET_PET_SUNSET_DAY]).toEqual(['5 December 2030', '2030-12-05']);
    expect(DEPRECATION_HEADERS.Deprecation?.description).toBe('RFC 9745: `@1767225600`, deprecated since 2026-01-01.');
    expect(DEPRECATION_HEADERS.Sunset?.description).toBe('RFC 8594: `Thu, 05 Dec 2030 00:00:00 GMT`.');
  });
});
