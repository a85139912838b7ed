/**
 * Every batch format the request log still reads gives back exactly what went in (fast-check): the
 * one written now (FORMAT 4, through the recorder, which cuts the rate-limit headers out of the
 * head), FORMAT 3 (arrivals in whole ms), FORMAT 2 (float64 figures) and the first release's text.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LoggedAnswer } from '../../src/main/lab/request-log/batch-format';
import { decodeBatch } from '../../src/main/lab/request-log/batch-reader';
import { RequestRecorder } from '../../src/main/lab/request-log/recorder';
import type { RequestLogStore } from '../../src/main/lab/request-log/store';
import { rateLimitHeaders } from '../../src/shared/rate-limit-headers';
import { float64Batch, textBatch, type AnswerSpec } from '../helpers/earlier-batch-formats';

/** Two answers as the previous release's recorder packed them (FORMAT 3): a 200, then a 429 with its rate-limit headers cut out. */
const FORMAT_3_BATCH =
  'AwIAAABAAAAAlAAAAN+fIKiB6eGgzwGIJ6AGDAgECAIMEAICh/o/BLYXlAcYCCCsgenhoM8B8AH0AYCj8OGgzwGgH/QBgMCUtKHPASQDAAAAR0VUDgAAADEyNy4wLjAuMTo0MDAwCAAAAC92MS9wZXRzCQAAADEyNy4wLjAuMREAAABIVFRQLzEuMSAyMDAgT0sNCgwAAAByYXRlX2xpbWl0ZWQgAAAASFRUUC8xLjEgNDI5IFRvbyBNYW55IFJlcXVlc3RzDQoRAAAAcmV0cnktYWZ0ZXI6IDMwDQoAAAAA';

const latin1 = (maxLength: number) =>
  fc.string({ unit: fc.integer({ min: 0, max: 255 }).map((code) => String.fromCharCode(code)), maxLength });
/** Header lines as Node writes them: names of letters and dashes, values without line breaks. */
const headerLines = fc
  .array(
    fc
      .tuple(fc.stringMatching(/^[a-z][a-z-]{0,12}$/), fc.stringMatching(/^[ -~]{0,30}$/))
      .map(([name, value]) => `${name}: ${value}\r\n`),
    { maxLength: 4 },
  )
  .map((lines) => lines.join(''));
const figure = fc.double({ noNaN: true, noDefaultInfinity: true }).map((value) => (Object.is(value, -0) ? 0 : value));
const count = fc.integer({ min: 0, max: 2 ** 40 });
const windowOf = (kind: 'minute' | 'day') =>
  fc.record({ kind: fc.constant(kind), limit: count, used: count, resetAt: count });

const answerSpec: fc.Arbitrary<AnswerSpec> = fc.record({
  // Whole microseconds (from FORMAT 4): what the recorder keeps of an arrival.
  at: fc.oneof(
    fc.integer({ min: 0, max: 2 ** 40 }),
    fc.integer({ min: 1_700_000_000_000_000, max: 1_900_000_000_000_000 }).map((micros) => micros / 1000),
  ),
  method: fc.oneof(fc.constantFrom('GET', 'POST', 'DELETE'), latin1(8)),
  host: fc.option(latin1(30)),
  url: latin1(60),
  status: fc.integer({ min: 100, max: 599 }),
  code: fc.option(fc.constantFrom('rate_limited', 'not_found', 'unauthorized')),
  keyId: fc.option(fc.nat()),
  accountId: fc.option(fc.nat()),
  address: fc.option(fc.constantFrom('127.0.0.1', '::1', '10.0.0.7')),
  // Whole microseconds: what the recorder keeps.
  latencyMs: fc.nat(10 ** 9).map((micros) => micros / 1000),
  headBefore: fc
    .tuple(fc.stringMatching(/^HTTP\/1\.1 [1-5]\d\d [A-Za-z ]{0,20}$/), headerLines)
    .map(([line, lines]) => `${line}\r\n${lines}`),
  rate: fc.option(fc.record({ windows: fc.tuple(windowOf('minute'), windowOf('day')), rateAt: count })),
  headAfter: headerLines,
});

/** The head exactly as sent. */
function headOf(spec: AnswerSpec): string {
  if (!spec.rate) return spec.headBefore;
  let head = spec.headBefore;
  for (const [name, value] of Object.entries(rateLimitHeaders(spec.rate.windows, spec.rate.rateAt)))
    head += `${name}: ${value}\r\n`;
  return head + spec.headAfter;
}

const expected = (spec: AnswerSpec) => ({ ...logged(spec), head: headOf(spec) });
function logged(spec: AnswerSpec) {
  const { at, method, host, url, status, code, keyId, accountId, address, latencyMs } = spec;
  return { at, method, host, url, status, code, keyId, accountId, address, latencyMs };
}
const plain = (answer: LoggedAnswer) => ({
  ...logged({ ...answer, headBefore: '', rate: null, headAfter: '' }),
  head: answer.head,
});

describe('request log batch formats', () => {
  it('FORMAT 4 (written now): what the recorder packs unpacks to the same answers, each head byte for byte', () => {
    fc.assert(
      fc.property(fc.array(answerSpec, { minLength: 1, maxLength: 40 }), (specs) => {
        const batches: Buffer[] = [];
        const store = {
          tryInsert: (data: Buffer) => (batches.push(Buffer.from(data)), null),
        } as unknown as RequestLogStore;
        const recorder = new RequestRecorder(store);
        for (const spec of specs) {
          recorder.record(
            spec.at,
            spec.method,
            spec.host ?? undefined,
            spec.url,
            spec.status,
            spec.code,
            spec.keyId,
            spec.accountId,
            spec.address ?? undefined,
            spec.latencyMs,
            headOf(spec),
            spec.rate?.windows ?? null,
            spec.rate?.rateAt ?? 0,
          );
        }
        recorder.write();
        expect(batches.flatMap((batch) => decodeBatch(batch).map(plain))).toEqual(specs.map(expected));
      }),
      { numRuns: 100 },
    );
  });

  it('FORMAT 4 keeps the arrival to the microsecond and the connection (port, number) each answer came on', () => {
    const batches: Buffer[] = [];
    const store = {
      tryInsert: (data: Buffer) => (batches.push(Buffer.from(data)), null),
    } as unknown as RequestLogStore;
    const recorder = new RequestRecorder(store);
    const first = { remoteAddress: '127.0.0.1', remotePort: 50_123 };
    const second = { remoteAddress: '127.0.0.1', remotePort: 50_124 };
    const at = 1_780_315_230_250.125;
    for (const [offset, socket] of [
      [0, first],
      [0.001, second],
      [0.5, first],
    ] as const) {
      recorder.record(
        at + offset,
        'GET',
        undefined,
        '/v1/pets',
        200,
        null,
        1,
        1,
        socket.remoteAddress,
        0.2,
        'HTTP/1.1 200 OK\r\n',
        null,
        0,
        socket,
      );
    }
    recorder.write();
    const answers = decodeBatch(batches[0]!);
    expect(answers.map((answer) => answer.at)).toEqual([at, at + 0.001, at + 0.5]);
    expect(answers.map((answer) => answer.port)).toEqual([50_123, 50_124, 50_123]);
    const [a, b, c] = answers.map((answer) => answer.connection);
    expect(a).toBeGreaterThan(0);
    expect(b).not.toBe(a);
    expect(c).toBe(a);
  });

  it('FORMAT 3 (the previous release: arrivals in whole ms, no connection) still reads', () => {
    const [accepted, refused] = decodeBatch(Buffer.from(FORMAT_3_BATCH, 'base64'));
    expect(accepted).toMatchObject({
      at: 1_780_315_230_250,
      status: 200,
      keyId: 3,
      accountId: 2,
      address: '127.0.0.1',
      port: null,
      connection: null,
      latencyMs: 1.25,
    });
    expect(refused).toMatchObject({
      at: 1_780_315_230_251,
      status: 429,
      code: 'rate_limited',
      port: null,
      connection: null,
      latencyMs: 0.5,
    });
    expect(refused?.head).toContain('\r\nx-ratelimit-remaining: 0\r\n');
    expect(refused?.head).toMatch(/\r\nretry-after: 30\r\n$/);
  });

  it('FORMAT 2 (float64 figures) unpacks to the answers it was made of', () => {
    fc.assert(
      fc.property(
        fc.array(
          answerSpec.map((spec) => ({ ...spec, latencyMs: spec.latencyMs * 1.5 })),
          { minLength: 1, maxLength: 40 },
        ),
        (specs) => {
          expect(decodeBatch(float64Batch(specs)).map(plain)).toEqual(specs.map(expected));
        },
      ),
      { numRuns: 100 },
    );
  });

  it('the first release’s text batches unpack to their answers (empty optional fields read as none)', () => {
    const field = (maxLength: number) => latin1(maxLength).filter((text) => !text.includes('\u0001'));
    const answer = fc.record({
      at: figure,
      method: field(8),
      host: fc.option(field(20).filter((text) => text !== '')),
      url: field(40),
      status: fc.integer({ min: 100, max: 599 }),
      code: fc.option(field(12).filter((text) => text !== '')),
      keyId: fc.option(fc.nat()),
      accountId: fc.option(fc.nat()),
      address: fc.option(field(15).filter((text) => text !== '')),
      latencyMs: figure,
      head: field(80),
    });
    fc.assert(
      fc.property(fc.array(answer, { minLength: 1, maxLength: 40 }), (answers) => {
        expect(decodeBatch(textBatch(answers)).map(plain)).toEqual(answers);
        // Stored as TEXT by that release: read the same from a string.
        expect(decodeBatch(textBatch(answers).toString('latin1')).map(plain)).toEqual(answers);
      }),
      { numRuns: 100 },
    );
  });
});
