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
    'ratelimit-policy': serializeList(windows.map((window) => [window.kind, new Map([['q', window.limit], ['w', WINDOW_MS[window.kind] / 1000]])])),
    ratelimit: serializeList(
      windows.map((window) => [window.kind, new Map([['r', remainingIn(window)], ['t', Math.max(0, Math.ceil((window.resetAt - now) / 1000))]])]),
    ),
  };
}
