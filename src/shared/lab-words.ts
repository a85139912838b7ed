/**
 * The quota lab's engine sentences (the compliance report's titles, summaries and evidence notes, a
 * scenario run's note) as typed words: a key and its figures. The English the CLI, JUnit and the API
 * print is made here from those same words, so the window, which words them in its member's
 * language (the `lab` catalogues, under the same keys), can never drift from what the engine said.
 *
 * A value's name says what it is, for the window to format it: `…Ms` a duration, `…At` an instant
 * (epoch ms), `…Id` and `status` a bare number, words a sentence of their own; any other number is
 * a figure, `count` the one a plural follows.
 */
/** A duration readable at its own scale: "0.4 ms", "38 ms", "7.51 s", "21.0 s". */
export function duration(ms: number): string {
  if (ms < 10) return `${ms.toFixed(1)} ms`;
  if (ms < 1_000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

export interface Words {
  key: string;
  values: Readonly<Record<string, WordValue>>;
}
export type WordValue = string | number | Words;

export const words = (key: LabWordKey, values: Record<string, WordValue> = {}): Words => ({ key, values });

const ENGLISH = {
  'compliance.rules.retry-after.title': 'Honours Retry-After',
  'compliance.rules.ratelimit-window.title': 'Waits for the window when none is left',
  'compliance.rules.backoff.title': 'Backs off when 429s repeat',
  'compliance.rules.backoff-cap.title': 'Caps its backoff',
  'compliance.rules.gives-up.title': 'Gives up in the end',
  'compliance.rules.jitter.title': 'Spreads retries across workers',
  'compliance.rules.in-flight.title': 'Holds queued requests after a 429',
  'compliance.rules.malformed.title': 'Ignores malformed RateLimit fields',
  'compliance.rules.idempotency.title': 'Retries a POST only with an Idempotency-Key',
  'compliance.rules.ban.title': 'Avoids a ban',

  'compliance.summaries.retry-after.notRetried': 'No request retried a 429 after its answer in this range.',
  'compliance.summaries.retry-after.noWellFormed':
    'No well-formed refusal with a Retry-After in this range: the reset headers rule (ratelimit-window).',
  'compliance.summaries.retry-after.no429': 'No 429 in this range: nothing to honour yet.',
  'compliance.summaries.retry-after.pass':
    'Every retry after a 429 waited at least its Retry-After ({{count}} checked).',
  'compliance.summaries.retry-after.fail':
    '{{count}} request(s) were sent before the Retry-After of an earlier 429 had passed.',
  'compliance.summaries.ratelimit-window.notTested': 'No request followed an answer with X-RateLimit-Remaining: 0.',
  'compliance.summaries.ratelimit-window.pass':
    'Every request after X-RateLimit-Remaining: 0 waited for the reset ({{count}} checked).',
  'compliance.summaries.ratelimit-window.fail':
    "{{count}} request(s) were sent after X-RateLimit-Remaining: 0 and before the window's reset.",
  'compliance.summaries.backoff.no429': 'No 429 in this range: backoff was never needed.',
  'compliance.summaries.backoff.fail':
    '{{count}} retry(ies) after repeated 429s did not wait longer than the retry before (×{{factor}} at least).',
  'compliance.summaries.backoff.passNoRun': 'No 429 was followed by another: the client waited long enough each time.',
  'compliance.summaries.backoff.pass': 'Waits grew while 429s repeated ({{count}} run(s) of 429s).',
  'compliance.summaries.backoff-cap.notTested': 'No request followed a 429: no wait to judge.',
  'compliance.summaries.backoff-cap.pass':
    'No wait after a 429 went past {{capMs}} or its Retry-After ({{count}} checked).',
  'compliance.summaries.backoff-cap.fail':
    '{{count}} wait(s) after a 429 went past {{capMs}} and the Retry-After asked for.',
  'compliance.summaries.gives-up.no429': 'No 429 in this range: no retries to count.',
  'compliance.summaries.gives-up.pass': 'No request was refused more than {{count}} times in a row.',
  'compliance.summaries.gives-up.fail': '{{count}} attempt(s) went past {{max}} refusals in a row of the same request.',
  'compliance.summaries.jitter.oneAtATime': 'The client sent one request at a time: there were no workers to spread.',
  'compliance.summaries.jitter.noRun':
    'No 429s reached two or more connections at once: there were no workers to spread.',
  'compliance.summaries.jitter.pass':
    'Workers throttled together came back spread over {{spanMs}} at the least ({{count}} run(s) of 429s).',
  'compliance.summaries.jitter.fail':
    'Workers throttled by the same 429s came back within {{spanMs}} of each other: retries in lockstep hit the limit again together.',
  'compliance.summaries.in-flight.notFollowed': 'No other request followed a 429: nothing queued to hold.',
  'compliance.summaries.in-flight.no429': 'No 429 in this range: nothing to hold.',
  'compliance.summaries.in-flight.pass':
    "Nothing new was sent while a 429's wait ran ({{count}} later request(s) checked).",
  'compliance.summaries.in-flight.fail':
    '{{count}} new request(s) went out while a 429 said wait: the client released its queue.',
  'compliance.summaries.malformed.noneSent':
    'No refusal carried malformed RateLimit fields (the `malformed` header profile sends them).',
  'compliance.summaries.malformed.notRetried': 'Refusals carried malformed fields ({{why}}), but none was retried.',
  'compliance.summaries.malformed.pass':
    'Every retry after a refusal with malformed fields waited its Retry-After ({{count}} checked; {{why}}).',
  'compliance.summaries.malformed.fail':
    '{{count}} retry(ies) after a refusal with malformed RateLimit fields came before its Retry-After ({{why}}).',
  'compliance.summaries.idempotency.notTested': 'No POST followed a failed POST: no retry of a creation to judge.',
  'compliance.summaries.idempotency.pass':
    'Every POST after a failed POST carried an Idempotency-Key ({{count}} checked).',
  'compliance.summaries.idempotency.fail': '{{count}} POST(s) after a failed POST carried no Idempotency-Key.',
  'compliance.summaries.ban.no429': 'No 429 in this range: no ban was ever near.',
  'compliance.summaries.ban.pass': '{{count}} request(s) got 429, and none led to a ban.',
  'compliance.summaries.ban.fail':
    'The key was banned: {{count}} request(s) answered api_key_banned, the first at {{firstAt}}.',

  'compliance.notes.tooEarly':
    "sent {{sinceMs}} after request #{{refusalId}}'s {{status}} {{code}} ({{told}}): {{earlyMs}} too early",
  'compliance.notes.tooEarlyNoCode':
    "sent {{sinceMs}} after request #{{refusalId}}'s {{status}} ({{told}}): {{earlyMs}} too early",
  'compliance.notes.windowEarly':
    "sent {{earlyMs}} before the window's reset, after request #{{closerId}} was answered {{said}} (reset {{resetAt}})",
  'compliance.notes.noWait':
    'retried {{waitMs}} after another 429 (under {{noWaitMs}}: no wait), having waited {{lastWaitMs}} before',
  'compliance.notes.flat':
    'waited {{waitMs}} after another 429, having waited {{lastWaitMs}} before: backoff needs at least {{neededMs}} (×{{factor}})',
  'compliance.notes.stalled':
    "waited {{waitMs}} after request #{{refusalId}}'s 429: waits should stop growing at {{capMs}}",
  'compliance.notes.stalledTold':
    "waited {{waitMs}} after request #{{refusalId}}'s 429 ({{told}}): waits should stop growing at {{capMs}}",
  'compliance.notes.endless':
    'attempt {{attempt}} in a row of {{target}} refused with 429: a client should give up after {{max}}',
  'compliance.notes.lockstep':
    'one of {{count}} workers throttled by the 429s #{{firstId}}–#{{lastId}} ({{connections}} connections): all came back within {{spanMs}} (under {{limitMs}})',
  'compliance.notes.released':
    "a new request ({{target}}) sent {{sinceMs}} after request #{{refusalId}}'s {{status}} ({{refusedTarget}}, {{told}}): {{earlyMs}} before the wait was over",
  'compliance.notes.unsafe':
    "POST {{path}} sent after request #{{failedId}}'s {{status}} without an Idempotency-Key: a retried creation may create twice",
  'compliance.notes.banning': 'this request got the key banned: it kept sending after a 429',
  'compliance.notes.banned': 'sent while the key was banned',

  'compliance.said.remaining': 'X-RateLimit-Remaining: 0',
  'compliance.said.refused': '{{status}} without Retry-After',
  'compliance.said.field': 'RateLimit r=0',
  'compliance.told.seconds': 'Retry-After: {{text}} s',
  'compliance.told.date': 'Retry-After: {{text}}',
  'compliance.told.reset': 'no Retry-After; the window reset at {{resetAt}}',
  'compliance.malformedField.notWhole': '{{name}}: {{value}} is not a whole number',
  'compliance.malformedField.notList': '{{name}}: {{value}} is not an RFC 9651 list',
  'compliance.malformedField.lacks': '{{name}}: {{value}} lacks {{first}} as whole numbers',
  'compliance.malformedField.lacksBoth': '{{name}}: {{value}} lacks {{first}} and {{second}} as whole numbers',

  'scenarios.notes.cancelled': 'Cancelled after {{count}} request(s).',
  'scenarios.notes.timeBound': 'Stopped at the time bound ({{boundSeconds}} s) after {{count}} request(s).',
  'scenarios.notes.noAnswer': 'The API server did not answer ({{error}}); is it running?',
  'scenarios.notes.beyondBound':
    'Stopped: Retry-After asked for {{waitSeconds}} s, beyond the time bound ({{boundSeconds}} s). Turn the lab clock on to move time instead.',
} as const;

export type LabWordKey = keyof typeof ENGLISH;
export const LAB_WORD_KEYS = Object.keys(ENGLISH) as LabWordKey[];
/** A key's English with its `{{placeholders}}`, as the table holds it. */
export const englishTemplate = (key: LabWordKey): string => ENGLISH[key];

/** One value as the engine's English writes it. */
function englishValue(name: string, value: WordValue): string {
  if (typeof value === 'object') return englishOf(value);
  if (typeof value === 'string') return value;
  if (name.endsWith('Ms')) return duration(value);
  if (name.endsWith('At')) return new Date(value).toISOString();
  return String(value);
}

/** The engine's English for `words`: what the CLI, JUnit and the API say. */
export function englishOf({ key, values }: Words): string {
  const template: string = ENGLISH[key as LabWordKey];
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${key}: no value for ${name}`);
    return englishValue(name, value);
  });
}
