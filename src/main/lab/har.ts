import { STATUS_CODES } from 'node:http';
import type { HarEntry, HarLog, LoggedRequest } from '../../shared/lab';

/**
 * The log as HAR 1.2, for the tools testers already use (browser DevTools, Charles, Fiddler). The
 * request side holds what the log keeps: method, URL, and the key as its display prefix (never the
 * key itself); bodies are not recorded, so sizes are -1 ("unknown") where HAR allows it.
 */
export function toHar(requests: readonly LoggedRequest[], fallbackHost: string, version: string): HarLog {
  return {
    log: {
      version: '1.2',
      creator: { name: 'Adoption Desk quota lab', version },
      entries: [...requests]
        .sort((a, b) => a.at - b.at || a.id - b.id)
        .map((request) => entryOf(request, fallbackHost)),
    },
  };
}

function entryOf(request: LoggedRequest, fallbackHost: string): HarEntry {
  const url = `http://${request.host ?? fallbackHost}${request.path.startsWith('/') ? request.path : `/${request.path}`}`;
  const queryString = URL.canParse(url) ? [...new URL(url).searchParams].map(([name, value]) => ({ name, value })) : [];
  // The display prefix ends in its own ellipsis (keys/key-format.ts).
  const requestHeaders = request.keyPrefix ? [{ name: 'authorization', value: `Bearer ${request.keyPrefix}` }] : [];
  const responseHeaders = Object.entries(request.headers).map(([name, value]) => ({ name, value }));
  const length = Number(request.headers['content-length'] ?? -1);
  const latency = Math.max(0, request.latencyMs);
  return {
    startedDateTime: new Date(request.at).toISOString(),
    time: latency,
    request: {
      method: request.method,
      url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: requestHeaders,
      queryString,
      headersSize: -1,
      bodySize: -1,
    },
    response: {
      status: request.status,
      statusText: STATUS_CODES[request.status] ?? '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: responseHeaders,
      content: { size: Number.isFinite(length) ? length : -1, mimeType: request.headers['content-type'] ?? '' },
      redirectURL: request.headers.location ?? '',
      headersSize: -1,
      bodySize: Number.isFinite(length) ? length : -1,
    },
    cache: {},
    timings: { send: 0, wait: latency, receive: 0 },
    comment: [
      request.code && `code ${request.code}`,
      request.keyId !== null && `key ${request.keyId}`,
      request.accountId !== null && `account ${request.accountId}`,
    ]
      .filter(Boolean)
      .join(', '),
  };
}
