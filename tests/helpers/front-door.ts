/** For the front-door tests: a visitor's form, fetched and posted over the wire to a site's Host. */
import http from 'node:http';
import type { ManualClock } from '../../src/shared/clock';
import { siteRequest, type SiteResponse } from './site-http';

/** The form page at `target`, and its signed token. */
export async function openForm(
  port: number,
  host: string,
  target: string,
): Promise<{ page: SiteResponse; token: string }> {
  const page = await siteRequest(port, host, target);
  const token = /name="token" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
  return { page, token };
}

/** Posts `body` (bytes as given) to the form, from `address` when given (X-Forwarded-For is not trusted: the socket's). */
export function postForm(
  port: number,
  host: string,
  target: string,
  body: Buffer | string,
  headers: Record<string, string> = {},
): Promise<SiteResponse> {
  return new Promise((resolve, reject) => {
    const bytes = typeof body === 'string' ? Buffer.from(body) : body;
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: target,
        method: 'POST',
        headers: {
          host,
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': String(bytes.length),
          ...headers,
        },
        agent: false,
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: Object.fromEntries(Object.entries(response.headers).map(([k, v]) => [k, String(v)])),
            body: text,
          }),
        );
      },
    );
    // A refused large body closes the connection before it is all sent: the answer came first, or nothing did.
    request.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EPIPE' || error.code === 'ECONNRESET'
        ? resolve({ status: 0, headers: {}, body: '' })
        : reject(error),
    );
    request.end(bytes);
  });
}

export function formBody(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

/** Opens the form, waits out the minimum fill time on the moved clock, and posts the fields. */
export async function applyThrough(
  port: number,
  host: string,
  target: string,
  clock: ManualClock,
  fields: Record<string, string>,
): Promise<SiteResponse> {
  const { token } = await openForm(port, host, target);
  clock.advance(5_000);
  return postForm(port, host, target, formBody({ token, consent: 'yes', website: '', ...fields }));
}
