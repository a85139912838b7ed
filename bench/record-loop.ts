/**
 * The request log's recording alone, in a loop: `npx tsx bench/record-loop.ts [ANSWERS]` prints the
 * CPU time per recorded list GET (its head as Node writes it, the rate-limit headers changing on
 * every answer, as under load), the median of 7 runs.
 */
import { rateLimitHeaders } from '../src/shared/rate-limit-headers';
import type { WindowUsage } from '../src/shared/quota';
import { RequestRecorder, type ApiExchange, type WrittenAnswer } from '../src/main/lab/request-log/recorder';
import type { RequestLogStore } from '../src/main/lab/request-log/store';

const ANSWERS = Number(process.argv[2] ?? 400_000);
const store = { tryInsert: () => null } as unknown as RequestLogStore;
const recorder = new RequestRecorder(store);
const socket = { remoteAddress: '127.0.0.1', remotePort: 40_000 };
const base = Date.UTC(2026, 10, 27, 11, 0, 0);

function answerAt(i: number): { answer: WrittenAnswer & { _header: string }; exchange: ApiExchange } {
  const now = base + Math.floor(i / 20);
  const windows: WindowUsage[] = [
    { kind: 'minute', limit: 100_000_000, used: i % 60_000, resetAt: base + 60_000 },
    { kind: 'day', limit: 1_000_000_000, used: i, resetAt: base + 86_400_000 },
  ];
  let head = 'HTTP/1.1 200 OK\r\n';
  for (const [name, value] of Object.entries(rateLimitHeaders(windows, now))) head += `${name}: ${value}\r\n`;
  head += `content-type: application/json; charset=utf-8\r\ncontent-length: 2345\r\nDate: ${new Date(now).toUTCString()}\r\nConnection: keep-alive\r\nKeep-Alive: timeout=5, max=10000\r\n\r\n`;
  const answer = {
    statusCode: 200,
    req: { method: 'GET', url: '/v1/pets?limit=20&status=available', headers: { host: '127.0.0.1:4710' } },
    socket,
    _header: head,
  };
  const exchange: ApiExchange = {
    log: recorder,
    startedAt: performance.now(),
    arrivedAt: now + 0.123,
    keyId: 1,
    accountId: 1,
    windows,
    rateAt: now,
    errorCode: null,
  };
  return { answer, exchange };
}

const prepared = Array.from({ length: 4_000 }, (_, i) => answerAt(i));
const runs: number[] = [];
for (let run = 0; run < 7; run++) {
  const start = process.cpuUsage();
  for (let i = 0; i < ANSWERS; i++) {
    const { answer, exchange } = prepared[i % prepared.length] as ReturnType<typeof answerAt>;
    recorder.answered(answer, exchange);
  }
  const used = process.cpuUsage(start);
  runs.push(((used.user + used.system) * 1000) / ANSWERS);
}
runs.sort((a, b) => a - b);
console.log(
  `recording a list GET: ${runs[3]?.toFixed(0)} ns CPU (median of 7 × ${ANSWERS}; all: ${runs.map((ns) => ns.toFixed(0)).join(', ')})`,
);
