/**
 * A form's zod checks in the window's language. The shared schemas carry the API's English messages
 * (the same for every face), and zod lets no global map outrank a schema's own message
 * (`z.config({ customError })` only fills the gaps), so the window words each issue again from its
 * code and figures (`errors:fields.*`). In English the schema's own message stays: it is the
 * most precise. A refinement with words of its own (`custom`) is worded from the reason its
 * `params` name (with their figures), or as one of the name rules (shared/names.ts); else it keeps them.
 */
import type { z } from 'zod';
import type { FormRuleProblem } from '../../../shared/errors';
import { NAME_RULES } from '../../../shared/names';
import { detailWords } from '../client/error-words';
import { shownLanguage, windowI18n, windowLocale } from '../i18n/i18n';
import { formatFigure, formatList } from './format';

type Issue = z.core.$ZodIssue;

const NAME_RULE_OF = new Map<string, string>(Object.entries(NAME_RULES).map(([rule, words]) => [words, rule]));

const figure = (value: number | bigint) => formatFigure(Number(value));

type RuleReason = FormRuleProblem['reason'];

/** Every reason a form's refinement names that the window words under its field (`errors:fields.rules.<reason>`). */
export const RULE_REASONS = [
  'ports_same',
  'port_taken',
  'currency_unknown',
  'per_day_below_per_minute',
  'exposure_unconfirmed',
  'scenario_rate_required',
  'scenario_seconds_required',
  'scenario_count_required',
  'scenario_too_many_requests',
  'phone_digits',
  'do_not_adopt_unexplained',
  'pet_or_new_pet',
  'confirm_one_match',
  'transfer_from_missing',
  'transfer_from_not_transfer',
  'amount_decimals',
  'text_empty',
  'text_control',
  'text_not_unicode',
  'text_too_long',
  'date_not_real',
  'date_before_1900',
  'birth_date_unreadable',
  'foster_person_missing',
  'step_timing_both',
  'step_min_age_without_days',
  'result_without_test',
  'dose_twice',
  'time_zone_unknown',
  'range_reversed',
] as const satisfies readonly RuleReason[];

// Fails the type-check when a reason of FormRuleProblem is missing above.
const everyReason: Exclude<RuleReason, (typeof RULE_REASONS)[number]> extends never ? true : never = true;
void everyReason;

const RULES: ReadonlySet<string> = new Set(RULE_REASONS);

/** The figures a rule's words show, formatted the window's way; names and texts as given. */
function ruleValues(params: FormRuleProblem): Record<string, string | number> {
  switch (params.reason) {
    case 'per_day_below_per_minute':
      return { perMinute: figure(params.perMinute) };
    case 'scenario_too_many_requests':
      return { max: figure(params.max) };
    case 'text_too_long':
      return { count: params.max, max: figure(params.max) };
    case 'exposure_unconfirmed':
      return { host: params.host };
    case 'dose_twice':
      return { vaccine: params.vaccine };
    default:
      return {};
  }
}

/** A refinement's reason, in the words for the field it is under (or the sentence for a refusal's details). */
function reasonWords(params: Record<string, unknown> | undefined): string | null {
  const reason = params?.reason;
  if (typeof reason !== 'string') return null;
  if (RULES.has(reason))
    return windowI18n.t(`errors:fields.rules.${reason as RuleReason}`, ruleValues(params as FormRuleProblem));
  return detailWords(params);
}

function customWords(issue: z.core.$ZodIssueCustom): string {
  const worded = reasonWords(issue.params);
  if (worded !== null) return worded;
  const [, rule, character] = /^(.*?)(?: \(found (U\+[0-9A-F]+)\))?$/.exec(issue.message) ?? [];
  const name = NAME_RULE_OF.get(rule ?? '') as keyof typeof NAME_RULES | undefined;
  if (!name) return issue.message;
  const words = windowI18n.t(`errors:fields.names.${name}`);
  return character ? windowI18n.t('errors:fields.found', { rule: words, character }) : words;
}

const either = (items: readonly string[]) => new Intl.ListFormat(windowLocale(), { type: 'disjunction' }).format(items);

/** One issue as the window says it in the language shown. */
export function issueWords(issue: Issue): string {
  const t = windowI18n.t.bind(windowI18n);
  switch (issue.code) {
    case 'invalid_type':
      if (issue.expected === 'string') return t('errors:fields.string');
      if (issue.expected === 'number' || issue.expected === 'int') return t('errors:fields.number');
      if (issue.expected === 'boolean') return t('errors:fields.boolean');
      return t('errors:fields.invalid');
    case 'too_small': {
      const count = Number(issue.minimum);
      if (issue.origin === 'string')
        return count <= 1 ? t('errors:fields.required') : t('errors:fields.tooShort', { count });
      if (issue.origin === 'array' || issue.origin === 'set') return t('errors:fields.tooFew', { count });
      const min = figure(issue.minimum);
      return issue.inclusive === false ? t('errors:fields.above', { min }) : t('errors:fields.atLeast', { min });
    }
    case 'too_big': {
      const count = Number(issue.maximum);
      if (issue.origin === 'string') return t('errors:fields.tooLong', { count });
      if (issue.origin === 'array' || issue.origin === 'set') return t('errors:fields.tooMany', { count });
      const max = figure(issue.maximum);
      return issue.inclusive === false ? t('errors:fields.below', { max }) : t('errors:fields.atMost', { max });
    }
    case 'invalid_format':
      if (issue.format === 'email') return t('errors:fields.email');
      if (issue.format === 'url') return t('errors:fields.url');
      if (issue.format === 'date') return t('errors:fields.date');
      return t('errors:fields.format');
    case 'invalid_value':
      return t('errors:fields.oneOf', { values: either(issue.values.map(String)) });
    case 'not_multiple_of':
      return t('errors:fields.multipleOf', { divisor: figure(issue.divisor) });
    case 'unrecognized_keys':
      return t('errors:fields.unknownFields', { keys: formatList(issue.keys) });
    case 'custom':
      return customWords(issue);
    default:
      return t('errors:fields.invalid');
  }
}

/** What the window shows under a field for one issue: the schema's own message in English, else its words in the language shown. */
export function windowIssueMessage(issue: Issue): string {
  return shownLanguage() === 'en' ? issue.message : issueWords(issue);
}

/** mantine-form's `validate` from a schema, like mantine-form-zod-resolver's, each message in the window's words. */
export function windowResolver<T>(schema: z.ZodType<T>) {
  return (values: unknown): Record<string, string> => {
    const parsed = schema.safeParse(values);
    if (parsed.success) return {};
    const errors: Record<string, string> = {};
    // The last issue of a path wins, as with zod4Resolver.
    for (const issue of parsed.error.issues) errors[issue.path.join('.')] = windowIssueMessage(issue);
    return errors;
  };
}
