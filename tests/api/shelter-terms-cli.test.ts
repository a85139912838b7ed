/** The adoption contract's terms through the CLI: set from text or a file, bounded, shown by their length, cleared. */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Engine } from '../../src/main/engine/engine';
import { CONTRACT_TERMS_MAX, type ShelterProfile } from '../../src/shared/shelter';
import { runCliInProcess } from '../helpers/cli-in-process';
import type { ProcessResult } from '../helpers/processes';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

let dataDir: string;

beforeAll(() => {
  dataDir = makeTempDir();
  new Engine({ dataDir, environment: 'production' }).close();
});

afterAll(() => removeTempDir(dataDir));

const cli = (...args: string[]): Promise<ProcessResult> => runCliInProcess(dataDir, args);

function refused(result: ProcessResult, message: RegExp): void {
  expect(result.code).toBe(1);
  expect(result.stderr).toMatch(message);
}

it('sets the terms from a file or the command line, keeps their paragraphs, shows their length, refuses too long or both at once, and clears them', async () => {
  const file = path.join(dataDir, 'terms.txt');
  fs.writeFileSync(file, 'First clause.\r\n\r\nSecond clause,\r\non two lines.\r\n');
  const saved = await cli('--json', 'shelter', 'set', '--contract-terms-file', file);
  expect(saved.code, saved.stderr).toBe(0);
  expect((JSON.parse(saved.stdout) as ShelterProfile).contractTerms).toBe(
    'First clause.\n\nSecond clause,\non two lines.',
  );
  expect((await cli('shelter', 'show')).stdout).toMatch(/contractTerms\s+43 characters \(the text: --json\)/);

  refused(
    await cli('shelter', 'set', '--contract-terms', 'x'.repeat(CONTRACT_TERMS_MAX + 1)),
    /contractTerms: must be at most 10,000 characters/,
  );
  refused(await cli('shelter', 'set', '--contract-terms', 'A', '--contract-terms-file', file), /both given: pick one/);
  refused(
    await cli('shelter', 'set', '--contract-terms-file', path.join(dataDir, 'missing.txt')),
    /--contract-terms-file: cannot read/,
  );
  refused(
    await cli('shelter', 'set', '--contract-terms-file', file, '--clear', 'contract-terms'),
    /--contract-terms is both given and cleared/,
  );

  const typed = await cli('--json', 'shelter', 'set', '--contract-terms', 'One clause.');
  expect((JSON.parse(typed.stdout) as ShelterProfile).contractTerms).toBe('One clause.');
  const cleared = await cli('--json', 'shelter', 'set', '--clear', 'contract-terms');
  // Cleared: nothing left but the absent logo and the profile's version (three saves so far).
  expect(JSON.parse(cleared.stdout)).toEqual({ logo: null, version: 3 });
});
