/** Requests of the fuzz tests (fuzz.test.ts, fuzz-headers.test.ts), sent as-is, and what every answer to one must be. */
import { expect } from 'vitest';
import { expectRateLimitHeaders, expectRawError } from './http';
import { httpRequest, rawRequest, type RawResponse } from './raw-http';

/** One request, byte for byte, on its own connection. */
export function sendRaw(
  port: number,
  method: string,
  target: string,
  headers: Record<string, string> = {},
  body = '',
): Promise<RawResponse> {
  const head = httpRequest(`${method} ${target} HTTP/1.1`, {
    host: `127.0.0.1:${port}`,
    connection: 'close',
    ...headers,
    ...(body === '' ? {} : { 'content-length': String(Buffer.byteLength(body)) }),
  });
  return rawRequest(port, Buffer.concat([Buffer.from(head, 'latin1'), Buffer.from(body, 'utf8')]), method === 'HEAD');
}

/** Never a 5xx; the rate-limit headers always; any failure the contract's Error body (none for HEAD). */
export function expectWellBehaved(response: RawResponse, head = false): void {
  expect(response.status, response.body).toBeLessThan(500);
  if (response.status >= 400) expectRawError(response, response.status, undefined, { head });
  else expectRateLimitHeaders(response.headers, `${response.status}`);
}
