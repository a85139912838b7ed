import { serializeList } from 'structured-headers';
import { bindingWindow, remainingIn, WINDOW_MS, type WindowUsage } from './quota';

/**
 * The seed's X-RateLimit-* for the window that binds most, plus the IETF draft's RateLimit-Policy
 * and RateLimit listing both windows, serialised as RFC 9651 structured fields.
 */
export function rateLimitHeaders(windows: readonly WindowUsage[], now: number): Record<string, string> {
  const first = windows[0];
  const second = windows[1];
  const binding = windows.length === 2 && first && second ? bindingOfTwo(first, second) : bindingWindow(windows);
  return {
    'x-ratelimit-limit': String(binding.limit),
    'x-ratelimit-remaining': String(remainingIn(binding)),
    'x-ratelimit-reset': String(Math.ceil(binding.resetAt / 1000)),
    'ratelimit-policy': policyHeader(windows),
    ratelimit: rateLimitField(windows, now),
  };
}

/** bindingWindow() of two windows, on every answer: the same choice without its array and callback. */
function bindingOfTwo(first: WindowUsage, second: WindowUsage): WindowUsage {
  const a = remainingIn(first);
  const b = remainingIn(second);
  if (b !== a) return b < a ? second : first;
  if (a === 0) return second.resetAt > first.resetAt ? second : first;
  return second.resetAt < first.resetAt ? second : first;
}

/** RFC 9651 integers have at most 15 digits; an Enterprise figure beyond that is, to any client, unlimited. */
const SF_INTEGER_MAX = 999_999_999_999_999;

function sfInteger(value: number): number {
  return Math.min(value, SF_INTEGER_MAX);
}

/**
 * Written out by hand because it changes on every response: a list of sf-strings (the window
 * kinds) with non-negative integer parameters, byte for byte what serializeList makes (a unit test
 * holds them equal), at a fraction of its cost.
 */
function rateLimitField(windows: readonly WindowUsage[], now: number): string {
  let field = '';
  for (const window of windows) {
    const resetSeconds = Math.max(0, Math.ceil((window.resetAt - now) / 1000));
    field += `${field === '' ? '' : ', '}"${window.kind}";r=${sfInteger(remainingIn(window))};t=${sfInteger(resetSeconds)}`;
  }
  return field;
}

const policies = new Map<string, string>();
/** The last answer's limits and policy: most answers in a row have the same caller, hence the same policy. */
let lastPolicy = { minute: NaN, day: NaN, header: '' };

/** Depends only on the limits, so it is serialised once per distinct pair of figures. */
function policyHeader(windows: readonly WindowUsage[]): string {
  const [minute, day] = windows;
  const usual = windows.length === 2 && minute?.kind === 'minute' && day?.kind === 'day';
  if (usual && minute.limit === lastPolicy.minute && day.limit === lastPolicy.day) return lastPolicy.header;
  let key = '';
  for (const window of windows) key += `${window.kind}=${window.limit},`;
  let header = policies.get(key);
  if (header === undefined) {
    header = serializeList(
      windows.map((window) => [
        window.kind,
        new Map([
          ['q', sfInteger(window.limit)],
          ['w', WINDOW_MS[window.kind] / 1000],
        ]),
      ]),
    );
    if (policies.size > 1_000) policies.clear();
    policies.set(key, header);
  }
  if (usual) lastPolicy = { minute: minute.limit, day: day.limit, header };
  return header;
}
