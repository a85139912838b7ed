/** The profile's rules in the window's words: under the field, whether the form or the engine found the break. */
import type { z } from 'zod';
import type { ErrorDetails, ProfileRuleProblem } from '../../../../shared/errors';
import { AdminCallError } from '../../client/transport';
import { windowI18n } from '../../i18n/i18n';

const REASONS: readonly string[] = [
  'birth_date_future',
  'microchip_characters',
  'fee_decimals',
] satisfies ProfileRuleProblem['reason'][];

function wordsOf(problem: ProfileRuleProblem): string {
  switch (problem.reason) {
    case 'birth_date_future':
      return windowI18n.t('pets:profileRule.birth_date_future', { today: problem.today });
    case 'microchip_characters':
      return windowI18n.t('pets:profileRule.microchip_characters', { max: problem.max });
    case 'fee_decimals':
      return windowI18n.t('pets:profileRule.fee_decimals');
  }
}

/** A broken rule the window words itself (the field and its words); null for the schema's own message. */
export function profileIssueWords(issue: z.core.$ZodIssue): { field: string; message: string } | null {
  if (issue.code !== 'custom') return null;
  const field = String(issue.path[0] ?? '');
  const reason: unknown = issue.params?.reason;
  if (typeof reason !== 'string' || !REASONS.includes(reason)) return null;
  return { field, message: wordsOf({ field, ...issue.params } as ProfileRuleProblem) };
}

/** The engine refused a save for one of the profile's rules (its typed details): the field and the window's words. */
export function profileRefusalWords(error: unknown): { field: string; message: string } | null {
  if (!(error instanceof AdminCallError) || error.code !== 'validation_failed') return null;
  const details = error.details as ErrorDetails['validation_failed'] | undefined;
  if (!details || !('reason' in details) || !REASONS.includes(details.reason)) return null;
  const problem = details as ProfileRuleProblem;
  return { field: problem.field, message: wordsOf(problem) };
}
