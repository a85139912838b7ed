import type { WindowUsage } from '../../../shared/quota';
import { rateLimitHeaders } from '../../../shared/rate-limit-headers';
import {
  FLOAT_FORMAT,
  FORMAT,
  MICROSECONDS,
  MILLISECOND_FORMAT,
  PREFIX_BYTES,
  SLOT,
  SLOTS,
  type LoggedAnswer,
} from './batch-format';

/** A packed answer: the head is put back together only when asked for (most answers a reader skips). */
class PackedAnswer implements LoggedAnswer {
  constructor(
    readonly at: number,
    readonly method: string,
    readonly host: string | null,
    readonly url: string,
    readonly status: number,
    readonly code: string | null,
    readonly keyId: number | null,
    readonly accountId: number | null,
    readonly address: string | null,
    readonly port: number | null,
    readonly connection: number | null,
    readonly latencyMs: number,
    private readonly headBefore: string,
    /** The rest of the head and the figures its rate-limit headers were made of, when they were cut out. */
    private readonly headAfter: string | null,
    private readonly rate: Float64Array | null,
  ) {}

  get head(): string {
    const { rate } = this;
    if (rate === null) return this.headBefore;
    const windows: WindowUsage[] = [
      { kind: 'minute', limit: rate[1] ?? NaN, used: rate[2] ?? NaN, resetAt: rate[3] ?? NaN },
      { kind: 'day', limit: rate[4] ?? NaN, used: rate[5] ?? NaN, resetAt: rate[6] ?? NaN },
    ];
    let head = this.headBefore;
    for (const [name, value] of Object.entries(rateLimitHeaders(windows, rate[0] ?? NaN)))
      head += `${name}: ${value}\r\n`;
    return head + (this.headAfter ?? '');
  }
}

/** What a reader asks for: answers that differ are skipped before anything of them is made. */
export interface AnswerFilter {
  accountId?: number;
  keyId?: number;
  status?: number;
  /** Part of the URL. */
  path?: string;
  from?: number;
  to?: number;
}

/**
 * A batch of any format still read back to its answers, in the order they were recorded (an
 * answer's place in the batch gives its id). Given a filter, the answers it rules out are holes.
 */
export function decodeBatch(data: Buffer | string): LoggedAnswer[];
export function decodeBatch(data: Buffer | string, filter: AnswerFilter): (LoggedAnswer | undefined)[];
export function decodeBatch(data: Buffer | string, filter?: AnswerFilter): (LoggedAnswer | undefined)[] {
  if (typeof data === 'string' || (data[0] !== FORMAT && data[0] !== MILLISECOND_FORMAT && data[0] !== FLOAT_FORMAT)) {
    const answers: (LoggedAnswer | undefined)[] = decodeTextBatch(data);
    return filter
      ? answers.map((answer) =>
          answer &&
          matches(answer.at, answer.status, answer.keyId ?? -1, answer.accountId ?? -1, () => answer.url, filter)
            ? answer
            : undefined,
        )
      : answers;
  }
  const varints = data[0] !== FLOAT_FORMAT;
  const atScale = data[0] === FORMAT ? MICROSECONDS : 1;
  const count = data.readUInt32LE(1);
  const figuresEnd = PREFIX_BYTES + data.readUInt32LE(5) * (varints ? 1 : Float64Array.BYTES_PER_ELEMENT);
  // Where each string of the table starts; a string is made only when an answer that a reader keeps needs it.
  const starts: number[] = [];
  for (let offset = figuresEnd; offset < figuresEnd + data.readUInt32LE(9); offset += 4 + data.readUInt32LE(offset))
    starts.push(offset);
  const table = new Array<string | undefined>(starts.length);
  const tableText = (entry: number) => {
    let text = table[entry];
    if (text === undefined) {
      const start = starts[entry] ?? 0;
      text = data.toString('latin1', start + 4, start + 4 + data.readUInt32LE(start));
      table[entry] = text;
    }
    return text;
  };
  const next = varints ? varintFigures(data) : floatFigures(data, figuresEnd);
  const answers = new Array<LoggedAnswer | undefined>(count);
  const answer = new Float64Array(SLOTS);
  // FORMAT 2 had no such slot (its headAfter holds the whole rest); FORMAT 3 and 4 start every slot at 0.
  if (!varints) answer[SLOT.headRest] = -1;
  // Nor these before FORMAT 4.
  if (atScale === 1) answer.fill(-1, SLOT.port, SLOT.connection + 1);
  const text = (slot: number) => {
    const entry = answer[slot] ?? -1;
    return entry < 0 ? null : entry < starts.length ? tableText(entry) : '';
  };
  const orNull = (slot: number) => {
    const figure = answer[slot] ?? -1;
    return figure < 0 ? null : figure;
  };
  for (let index = 0; index < count; index++) {
    next(answer);
    const at = (answer[SLOT.at] ?? NaN) / atScale;
    if (
      filter &&
      !matches(
        at,
        answer[SLOT.status] ?? NaN,
        answer[SLOT.keyId] ?? -1,
        answer[SLOT.accountId] ?? -1,
        () => text(SLOT.url) ?? '',
        filter,
      )
    )
      continue;
    const cut = (answer[SLOT.headAfter] ?? -1) >= 0;
    const rate = cut ? answer.slice(SLOT.rateAt, SLOT.dayResetAt + 1) : null;
    const headAfter = cut ? (text(SLOT.headAfter) ?? '') + (text(SLOT.headRest) ?? '') : null;
    const latency = answer[SLOT.latency] ?? NaN;
    answers[index] = new PackedAnswer(
      at,
      text(SLOT.method) ?? '',
      text(SLOT.host),
      text(SLOT.url) ?? '',
      answer[SLOT.status] ?? NaN,
      text(SLOT.code),
      orNull(SLOT.keyId),
      orNull(SLOT.accountId),
      text(SLOT.address),
      orNull(SLOT.port),
      orNull(SLOT.connection),
      varints ? latency / 1000 : latency,
      text(SLOT.headBefore) ?? '',
      headAfter,
      rate,
    );
  }
  return answers;
}

/** Whether an answer passes the filter; a key or account of -1 is none. */
function matches(
  at: number,
  status: number,
  keyId: number,
  accountId: number,
  url: () => string,
  filter: AnswerFilter,
): boolean {
  return (
    (filter.keyId === undefined || keyId === filter.keyId) &&
    (filter.accountId === undefined || accountId === filter.accountId) &&
    (filter.status === undefined || status === filter.status) &&
    (filter.from === undefined || at >= filter.from) &&
    (filter.to === undefined || at <= filter.to) &&
    (!filter.path || url().includes(filter.path))
  );
}

/** FORMAT 3 and 4's figures: each call moves `answer` on to the next answer's. */
function varintFigures(data: Buffer): (answer: Float64Array) => void {
  let at = PREFIX_BYTES;
  const varint = () => {
    let value = 0;
    let scale = 1;
    let byte = 128;
    while (byte & 128) {
      byte = data[at++] ?? 0;
      value += (byte & 127) * scale;
      scale *= 128;
    }
    return value;
  };
  return (answer) => {
    for (let mask = varint(), slot = 0; mask !== 0; slot++, mask = Math.floor(mask / 2)) {
      if (mask % 2 === 0) continue;
      const code = varint();
      if (code % 2 === 1) {
        answer[slot] = data.readDoubleLE(at);
        at += Float64Array.BYTES_PER_ELEMENT;
      } else {
        const zigzag = code / 2;
        answer[slot] = (answer[slot] ?? 0) + (zigzag % 2 === 1 ? -(zigzag + 1) / 2 : zigzag / 2);
      }
    }
  };
}

/** FORMAT 2's figures: a float64 mask, then the float64 values of the slots it names. */
function floatFigures(data: Buffer, figuresEnd: number): (answer: Float64Array) => void {
  // Copied to a fresh buffer: a Float64Array needs its start aligned to 8 bytes.
  const figures = new Float64Array(Uint8Array.prototype.slice.call(data, PREFIX_BYTES, figuresEnd).buffer);
  let at = 0;
  return (answer) => {
    const mask = figures[at++] ?? 0;
    for (let slot = 0; slot < SLOTS; slot++) if (mask & (1 << slot)) answer[slot] = figures[at++] ?? NaN;
  };
}

const TEXT_FIELDS = 11;

/** Batches written before the packed formats: fields joined by \u0001, numbers as text, empty optional fields as null. */
function decodeTextBatch(data: Buffer | string): LoggedAnswer[] {
  const fields = (typeof data === 'string' ? data : data.toString('latin1')).split('\u0001');
  fields.pop();
  const answers: LoggedAnswer[] = [];
  const optional = (field: string | undefined) => (field === undefined || field === '' ? null : field);
  const optionalNumber = (field: string | undefined) => (field === undefined || field === '' ? null : Number(field));
  for (let i = 0; i + TEXT_FIELDS <= fields.length; i += TEXT_FIELDS) {
    const [at, method, host, url, status, code, keyId, accountId, address, latencyMs, head] = fields.slice(
      i,
      i + TEXT_FIELDS,
    );
    answers.push({
      at: Number(at),
      method: method ?? '',
      host: optional(host),
      url: url ?? '',
      status: Number(status),
      code: optional(code),
      keyId: optionalNumber(keyId),
      accountId: optionalNumber(accountId),
      address: optional(address),
      port: null,
      connection: null,
      latencyMs: Number(latencyMs),
      head: head ?? '',
    });
  }
  return answers;
}
