/**
 * A form's own rules (the shared schemas' refinements) reach the window in its member's language: each
 * carries a reason with its figures, which the window words in en, fr, es and de, so no refinement
 * shows the API's English under a French field. The sweep reads every refinement in src/shared, so a
 * new one without a reason fails here rather than in a French window.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { showLanguage } from '../../src/renderer/src/i18n/i18n';
import { issueWords, RULE_REASONS } from '../../src/renderer/src/ui/zod-words';
import { IntakeInputSchema, AdoptInputSchema } from '../../src/shared/movements';
import { ConfirmInputSchema } from '../../src/shared/lost-found';
import { NewPersonSchema } from '../../src/shared/people';
import { paragraphsSchema, PetProfileSchema } from '../../src/shared/pet-profile';
import { ADMIN_CONTRACT } from '../../src/shared/admin-contract';
import { GiveInputSchema, ProtocolStepSchema, TreatmentInputSchema } from '../../src/shared/care';
import { LiveReleaseQuerySchema, SacQuerySchema } from '../../src/shared/reports';

const SHARED = path.resolve(__dirname, '../../src/shared');

/**
 * Refinements that need no reason: the name rules, worded by their own words (names.ts); checks of what
 * only a program sends (an id in a URL, a photo's base64 and size, which the window makes itself); an
 * alt text's control characters, whose words are the name rule's.
 */
const WITHOUT_REASON = new Map<string, number>([
  ['names.ts', 4],
  ['pet.ts', 1],
  ['photos.ts', 3],
]);

function sharedFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return sharedFiles(file);
    return entry.name.endsWith('.ts') ? [file] : [];
  });
}

/** Each `.refine(` or `addIssue(` of a file, and whether its call names `params` (within its next lines). */
function refinements(file: string): boolean[] {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  return lines.flatMap((line, index) => {
    if (!/\.refine\(|addIssue\(/.test(line)) return [];
    const call = lines.slice(index, index + 9).join('\n');
    const end = call.search(/\}\);|\}\),|^\s*\)\s*$/m);
    return [/params:/.test(end === -1 ? call : call.slice(0, end + 3))];
  });
}

const dose = { petId: 1, vaccine: 'DHPP', batch: 'B1' };

/** Custom issues each of these inputs raises: one per reason worded under a field. */
const SAMPLES: Array<[string, z.ZodType, unknown]> = [
  ['phone', NewPersonSchema, { name: 'Ana', phones: ['( )'] }],
  ['do not adopt', NewPersonSchema, { name: 'Ana', doNotAdopt: true }],
  ['animal or new animal', IntakeInputSchema, { type: 'stray' }],
  ['transfer from missing', IntakeInputSchema, { petId: 1, type: 'transfer_in' }],
  ['transfer from alone', IntakeInputSchema, { petId: 1, type: 'stray', transferFrom: 'abroad' }],
  ['fee cents', AdoptInputSchema, { petId: 1, personId: 1, fee: 10.123, feeMethod: 'cash' }],
  ['empty text', paragraphsSchema(10), '   '],
  ['control text', paragraphsSchema(10), 'a\u0007b'],
  ['text too long', paragraphsSchema(10), 'x'.repeat(11)],
  ['no such day', PetProfileSchema, { intakeDate: '2026-02-30' }],
  ['before 1900', PetProfileSchema, { intakeDate: '1850-01-01' }],
  ['birth date', PetProfileSchema, { birthDate: '2026-13' }],
  ['confirm one', ConfirmInputSchema, { reportId: 1 }],
  ['foster login', ADMIN_CONTRACT['staff.invite'].input, { name: 'Léa', role: 'foster' }],
  ['step timing', ProtocolStepSchema, { vaccine: 'DHPP', afterIntakeDays: 0, atAgeWeeks: 8 }],
  ['step minimum age', ProtocolStepSchema, { vaccine: 'DHPP', atAgeWeeks: 8, minAgeWeeks: 6 }],
  ['dose twice', GiveInputSchema, { doses: [dose, dose] }],
  ['result', TreatmentInputSchema, { petId: 1, kind: 'deworming', result: 'negative' }],
  ['care day', TreatmentInputSchema, { petId: 1, kind: 'deworming', givenDate: '2026-02-30' }],
  ['time zone', SacQuerySchema, { month: '2026-11', timeZone: 'Mars/Olympus' }],
  ['range', LiveReleaseQuerySchema, { from: '2026-11-02', to: '2026-11-01' }],
];

function customIssues(schema: z.ZodType, input: unknown): z.core.$ZodIssueCustom[] {
  const parsed = schema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.filter((issue) => issue.code === 'custom');
}

afterAll(() => showLanguage('en'));

describe('a form’s own rules in the window’s language', () => {
  it('every refinement in the shared schemas carries a reason, but the name rules and what only programs send', () => {
    const missing: string[] = [];
    for (const file of sharedFiles(SHARED)) {
      const found = refinements(file);
      const bare = found.filter((named) => !named).length;
      const allowed = WITHOUT_REASON.get(path.relative(SHARED, file)) ?? 0;
      if (bare !== allowed) missing.push(`${path.relative(SHARED, file)}: ${bare} without params (allowed ${allowed})`);
    }
    expect(missing).toEqual([]);
  });

  it.each(SAMPLES)('%s: raises a rule with its reason', (_name, schema, input) => {
    const issues = customIssues(schema, input);
    expect(issues.length).toBeGreaterThan(0);
    for (const issue of issues) expect(RULE_REASONS as readonly string[]).toContain(issue.params?.reason);
  });

  it.each(['fr', 'es', 'de'] as const)('in %s: each rule worded, never the English', async (language) => {
    await showLanguage(language);
    for (const [name, schema, input] of SAMPLES)
      for (const issue of customIssues(schema, input)) {
        const words = issueWords(issue);
        expect(words, name).not.toBe(issue.message);
        expect(words, name).not.toMatch(/rules\.|\{\{/);
      }
    await showLanguage('de');
    const [tooLong] = customIssues(paragraphsSchema(5_000), 'x'.repeat(5_001));
    expect(issueWords(tooLong!)).toContain('5.000');
  });

  it('every reason has words of its own in each language', async () => {
    const wordsIn = async (language: 'en' | 'fr' | 'es' | 'de') => {
      await showLanguage(language);
      return RULE_REASONS.map((reason) =>
        issueWords({
          code: 'custom',
          path: [],
          message: '(English)',
          input: undefined,
          params: { reason, perMinute: 5, host: '0.0.0.0', max: 10 },
        }),
      );
    };
    const english = await wordsIn('en');
    expect(new Set(english).size).toBe(RULE_REASONS.length);
    for (const language of ['fr', 'es', 'de'] as const) {
      const theirs = await wordsIn(language);
      theirs.forEach((words, index) => {
        expect(words, `${language} ${RULE_REASONS[index]}`).not.toMatch(/rules\.|\{\{|\(English\)/);
        expect(words, `${language} ${RULE_REASONS[index]}`).not.toBe(english[index]);
      });
    }
  });
});
