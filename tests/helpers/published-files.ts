/** For the privacy tests: every file a face wrote, as text, and the check that none of the seeded secrets is in it. */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { RunningServer } from '../../src/main/http/listen';
import { pdfText } from './pdf-render';

/** Every file below `dir`, as text (PDFs read back by pdftotext). */
export function filesOf(dir: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const bytes = fs.readFileSync(file);
    found.set(file, file.endsWith('.pdf') ? pdfText(bytes) : bytes.toString('utf8'));
  }
  return found;
}

/** A check that names each secret found and where. */
export function secretChecker(secrets: readonly string[]): (where: string, text: string) => void {
  return (where, text) => {
    for (const secret of secrets) expect(text.includes(secret), `${secret} in ${where}`).toBe(false);
  };
}

/** The public API's answers a stranger with a key reads: the list, two pets, the OpenAPI document. */
export async function publicApiAnswers(server: Pick<RunningServer, 'port'>, key: string): Promise<Map<string, string>> {
  const answers = new Map<string, string>();
  for (const target of ['/pets?limit=100', '/pets/1', '/pets/2', '/openapi.json']) {
    const response = await fetch(`http://127.0.0.1:${server.port}/v1${target}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    answers.set(target, await response.text());
  }
  return answers;
}

/** The RescueGroups.org, Petfinder and Adopt-a-Pet files, written into a new folder `out`, as text. */
export function portalExports(server: Pick<RunningServer, 'engine'>, out: string): Map<string, string> {
  fs.mkdirSync(out);
  const { portals } = server.engine.publishing;
  portals.exportRescueGroups(out, { allowDrops: true });
  portals.exportPetfinder(out, { allowDrops: true });
  portals.exportAdoptAPet(out, { allowDrops: true, confirmFirstUpload: true });
  return filesOf(out);
}
