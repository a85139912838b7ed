/**
 * docs/contract.md, "Every response means…", for any request at all: arbitrary methods, targets,
 * versions, headers and bodies over raw sockets (every-answer.test.ts has the named cases).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AnonymousBudget, startTestServer } from '../helpers/api-server';
import { expectRateLimitHeaders, expectRawError } from '../helpers/http';
import { parseResponses, RawConnection } from '../helpers/raw-http';

describe('any garbage', () => {
  it('any method, target, version, headers and body: the first answer is a success or the Error body, with the rate-limit headers; HEAD gets no body', async () => {
    // Short timeouts, so that a request that promises more than it sends ends in a 408 quickly.
    const garbage = await startTestServer({ connectionLimits: { requestTimeout: 1_000, headersTimeout: 500 } });
    const garbageBudget = new AnonymousBudget(garbage.clock);
    const latin1 = (low: number, high: number) =>
      fc.integer({ min: low, max: high }).map((code) => String.fromCharCode(code));
    const method = fc.oneof(
      {
        weight: 8,
        arbitrary: fc.constantFrom(
          'GET',
          'HEAD',
          'POST',
          'PUT',
          'DELETE',
          'OPTIONS',
          'PATCH',
          'CONNECT',
          'TRACE',
          'PROPFIND',
        ),
      },
      { weight: 1, arbitrary: fc.stringMatching(/^[A-Z]{1,7}$/) },
      { weight: 1, arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 6 }) },
    );
    const pathPiece = fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom('/', 'v1', 'pets', '1', '.', '..', 'a', '/v1/pets/', 'openapi.json') },
      { weight: 2, arbitrary: latin1(0x21, 0x7e) },
      { weight: 1, arbitrary: fc.constantFrom('%', '%ff', '%2F', '%00', '%ED%A0%80', '?', '#', '&', '=') },
      { weight: 1, arbitrary: latin1(0x80, 0xff) },
    );
    const target = fc.oneof(
      {
        weight: 3,
        arbitrary: fc.constantFrom(
          '/v1/pets',
          '/v1/pets/1',
          '/v1/openapi.json',
          '/',
          '*',
          'http://x/v1/pets',
          '/admin',
        ),
      },
      { weight: 6, arbitrary: fc.array(pathPiece, { maxLength: 8 }).map((pieces) => `/${pieces.join('')}`) },
      { weight: 1, arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 30 }) },
    );
    const version = fc.oneof(
      { weight: 9, arbitrary: fc.constant('HTTP/1.1') },
      { weight: 1, arbitrary: fc.constantFrom('HTTP/1.0', 'HTTP/2.0', 'HTTP/1.1 x', 'http/1.1', 'HTTP/1', '') },
    );
    const headerName = fc.oneof(
      {
        weight: 9,
        arbitrary: fc.constantFrom(
          'Authorization',
          'Content-Type',
          'Content-Length',
          'Transfer-Encoding',
          'Expect',
          'Host',
          'Accept',
          'Upgrade',
          'X-Custom',
        ),
      },
      { weight: 1, arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 10 }) },
    );
    const headerValue = fc.oneof(
      {
        weight: 4,
        arbitrary: fc.constantFrom(
          'Bearer x',
          `Bearer ${garbage.key}`,
          'application/json',
          'text/plain',
          'chunked',
          '100-continue',
          'websocket',
          '0',
          '2',
          '-1',
          'abc',
          '',
        ),
      },
      { weight: 1, arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 20 }) },
    );
    const request = fc.record({
      method,
      target,
      version,
      host: fc.oneof({ weight: 9, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
      headers: fc.array(fc.tuple(headerName, headerValue), { maxLength: 3 }),
      body: fc.string({ unit: 'binary-ascii', maxLength: 20 }),
    });
    try {
      await fc.assert(
        fc.asyncProperty(request, async (sent) => {
          garbageBudget.spend();
          const lines = [
            `${sent.method} ${sent.target} ${sent.version}`,
            ...(sent.host ? [`Host: 127.0.0.1:${garbage.port}`] : []),
            ...sent.headers.map(([name, value]) => `${name}: ${value}`),
            'Connection: close',
          ];
          const connection = new RawConnection(garbage.port, 5_000);
          connection.send(`${lines.join('\r\n')}\r\n\r\n${sent.body}`);
          await connection.closed;
          const head = sent.method === 'HEAD';
          const answers = parseResponses(connection.received(), [head]).filter(
            (answer) => answer.status < 100 || answer.status >= 200,
          );
          const label = JSON.stringify(sent);
          expect(answers.length, `an answer to ${label}`).toBeGreaterThan(0);
          expect(
            answers.map((answer) => answer.status),
            `only well-formed answers to ${label}`,
          ).not.toContain(0);
          const first = answers[0]!;
          expect(first.status, label).toBeLessThan(500);
          if (first.status >= 400) expectRawError(first, first.status, undefined, { head });
          else expectRateLimitHeaders(first.headers, label);
        }),
        { numRuns: 200 },
      );
    } finally {
      await garbage.stop();
    }
  });
});
