/**
 * What the checks read of an answer's headers as the log kept them: Retry-After in both of RFC
 * 9110's forms, the window's state (X-RateLimit-*, or the IETF draft's RateLimit field) and whether
 * the rate-limit fields were malformed. Whichever header profile answered, the checks judge what
 * the client was actually told.
 */
import { parseList } from 'structured-headers';
import type { ObservedRequest } from './compliance-model';
import { englishOf, words, type Words } from './lab-words';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAY_NAME = '(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)';
const LONG_DAY_NAME = '(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)';
const MONTH = `(${MONTHS.join('|')})`;
const TIME = '(\\d{2}):(\\d{2}):(\\d{2})';
/** RFC 9110 §5.6.7: IMF-fixdate (the one to send), and the obsolete RFC 850 and asctime forms a recipient must accept. */
const IMF_FIXDATE = new RegExp(`^${DAY_NAME}, (\\d{2}) ${MONTH} (\\d{4}) ${TIME} GMT$`);
const RFC850_DATE = new RegExp(`^${LONG_DAY_NAME}, (\\d{2})-${MONTH}-(\\d{2}) ${TIME} GMT$`);
const ASCTIME_DATE = new RegExp(`^${DAY_NAME} ${MONTH} ([ \\d]\\d) ${TIME} (\\d{4})$`);

/** An HTTP-date (RFC 9110 §5.6.7) as epoch ms, or null when the text is none of its three forms. */
export function parseHttpDate(text: string): number | null {
  const value = text.trim();
  let parts: { day: string; month: string; year: number; hour: string; minute: string; second: string } | undefined;
  let match = IMF_FIXDATE.exec(value);
  if (match)
    parts = {
      day: match[1]!,
      month: match[2]!,
      year: Number(match[3]),
      hour: match[4]!,
      minute: match[5]!,
      second: match[6]!,
    };
  else if ((match = RFC850_DATE.exec(value))) {
    // §5.6.7: a two-digit year more than 50 years in the future is the most recent past year with those digits.
    const twoDigits = Number(match[3]);
    const thisYear = new Date().getUTCFullYear();
    let year = Math.floor(thisYear / 100) * 100 + twoDigits;
    if (year > thisYear + 50) year -= 100;
    parts = { day: match[1]!, month: match[2]!, year, hour: match[4]!, minute: match[5]!, second: match[6]! };
  } else if ((match = ASCTIME_DATE.exec(value))) {
    parts = {
      day: match[2]!.trim(),
      month: match[1]!,
      year: Number(match[6]),
      hour: match[3]!,
      minute: match[4]!,
      second: match[5]!,
    };
  }
  if (!parts) return null;
  const month = MONTHS.indexOf(parts.month);
  const [day, hour, minute, second] = [parts.day, parts.hour, parts.minute, parts.second].map(Number) as [
    number,
    number,
    number,
    number,
  ];
  if (day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60) return null;
  const ms = Date.UTC(parts.year, month, day, hour, minute, Math.min(second, 59));
  // 31 Feb and the like roll over in Date.UTC: not a date.
  return new Date(ms).getUTCDate() === day ? ms : null;
}

/** A refusal's Retry-After as the client was told it: the text, and the wait it means in ms. */
export interface RetryAfter {
  text: string;
  form: 'seconds' | 'http-date';
  waitMs: number;
}

/**
 * RFC 9110 §10.2.3: `Retry-After = HTTP-date / delay-seconds`. An HTTP-date means a wait from the
 * moment of the answer, which the answer's own Date header gives (the server's clock: the lab
 * clock in the lab), else its arrival. Null when there is none, or it is neither form.
 */
export function retryAfterOf(request: ObservedRequest): RetryAfter | null {
  const text = request.headers?.['retry-after'];
  if (text === undefined)
    return request.retryAfter == null
      ? null
      : { text: String(request.retryAfter), form: 'seconds', waitMs: request.retryAfter * 1000 };
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return { text: trimmed, form: 'seconds', waitMs: Number(trimmed) * 1000 };
  const until = parseHttpDate(trimmed);
  if (until === null) return null;
  const dateHeader = request.headers?.date;
  const answeredAt =
    (dateHeader === undefined ? null : parseHttpDate(dateHeader)) ?? Math.floor(request.at / 1000) * 1000;
  return { text: trimmed, form: 'http-date', waitMs: Math.max(0, until - answeredAt) };
}

/** The IETF draft's RateLimit field as figures, or null when absent or malformed. */
function rateLimitField(
  headers: Readonly<Record<string, string>> | undefined,
): { remaining: number; resetSeconds: number }[] | null {
  const field = headers?.ratelimit;
  if (field === undefined || malformedField('ratelimit', field) !== null) return null;
  return parseList(field).map(([, parameters]) => ({
    remaining: parameters.get('r') as number,
    resetSeconds: parameters.get('t') as number,
  }));
}

/**
 * What the answer said of the window: requests left and, when none is, when the window resets
 * (epoch ms). From X-RateLimit-Remaining and -Reset (Unix seconds) when sent, else from the
 * draft's RateLimit field (`r` left, `t` seconds from the answer).
 */
export function windowStateOf(request: ObservedRequest): { remaining: number | null; resetAt: number | null } {
  if (request.remaining != null)
    return { remaining: request.remaining, resetAt: request.reset == null ? null : request.reset * 1000 };
  const items = rateLimitField(request.headers);
  if (!items || items.length === 0) return { remaining: null, resetAt: null };
  const remaining = Math.min(...items.map((item) => item.remaining));
  const closed = items.filter((item) => item.remaining === 0);
  const resetAt = closed.length === 0 ? null : request.at + Math.max(...closed.map((item) => item.resetSeconds)) * 1000;
  return { remaining, resetAt };
}

const NON_NEGATIVE_INTEGER = (value: unknown) => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** Why one rate-limit field is malformed, or null when it is well-formed. */
function malformedField(name: string, value: string): Words | null {
  const quoted = { name, value: JSON.stringify(value) };
  if (name.startsWith('x-ratelimit-'))
    return /^\s*\d+\s*$/.test(value) ? null : words('compliance.malformedField.notWhole', quoted);
  let list;
  try {
    list = parseList(value);
  } catch {
    return words('compliance.malformedField.notList', quoted);
  }
  const needed = name === 'ratelimit' ? ['r', 't'] : ['q'];
  for (const [, parameters] of list) {
    const [first, second] = needed.filter((parameter) => !NON_NEGATIVE_INTEGER(parameters.get(parameter)));
    if (first !== undefined)
      return second === undefined
        ? words('compliance.malformedField.lacks', { ...quoted, first })
        : words('compliance.malformedField.lacksBoth', { ...quoted, first, second });
  }
  return null;
}

const RATE_LIMIT_FIELDS = [
  'ratelimit',
  'ratelimit-policy',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
];

/**
 * Why an answer's rate-limit fields are malformed (RFC 9651 cannot parse them, RateLimit lacks
 * `r` or `t`, RateLimit-Policy `q`, an X-RateLimit-* is no whole number), or null when every
 * one sent is well-formed. The draft says a client MUST ignore malformed fields.
 */
export function malformedRateLimitFields(request: ObservedRequest): string | null {
  const why = malformedRateLimitWords(request);
  return why && englishOf(why);
}

/** The same, as words (the window's). */
export function malformedRateLimitWords(request: ObservedRequest): Words | null {
  const headers = request.headers;
  if (!headers) return null;
  for (const name of RATE_LIMIT_FIELDS) {
    const value = headers[name];
    if (value === undefined) continue;
    const why = malformedField(name, value);
    if (why !== null) return why;
  }
  return null;
}
