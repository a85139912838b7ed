import { serializeList } from 'structured-headers';
import { bindingWindow, remainingIn, WINDOW_MS, type WindowUsage } from '../../shared/quota';

/**
 * The seed's X-RateLimit-* for the window that binds most, plus the IETF draft's RateLimit-Policy
 * and RateLimit listing both windows, serialised as RFC 9651 structured fields.
 */
export function rateLimitHeaders(windows: readonly WindowUsage[], now: number): Record<string, string> {
  const binding = bindingWindow(windows);
  return {
    'x-ratelimit-limit': String(binding.limit),
    'x-ratelimit-remaining': String(remainingIn(binding)),
    'x-ratelimit-reset': String(Math.ceil(binding.resetAt / 1000)),
    'ratelimit-policy': policyHeader(windows),
    ratelimit: serializeList(
      windows.map((window) => [window.kind, new Map([['r', remainingIn(window)], ['t', Math.max(0, Math.ceil((window.resetAt - now) / 1000))]])]),
    ),
  };
}

const policies = new Map<string, string>();

/** Depends only on the limits, so it is serialised once per distinct pair of figures. */
function policyHeader(windows: readonly WindowUsage[]): string {
  const key = windows.map((window) => `${window.kind}=${window.limit}`).join(',');
  let header = policies.get(key);
  if (header === undefined) {
    header = serializeList(windows.map((window) => [window.kind, new Map([['q', window.limit], ['w', WINDOW_MS[window.kind] / 1000]])]));
    if (policies.size > 1_000) policies.clear();
    policies.set(key, header);
  }
  return header;
}
