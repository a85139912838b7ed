/**
 * Batches as earlier releases wrote them (the text format, then FORMAT 2), made here for the tests:
 * the log still reads them, and no code of the app writes them any more.
 */
import type { WindowUsage } from '../../src/shared/quota';

/** An answer as a test describes it: the head as the part before the rate-limit headers, those headers' figures, and the rest. */
export interface AnswerSpec {
  at: number;
  method: string;
  host: string | null;
  url: string;
  status: number;
  code: string | null;
  keyId: number | null;
  accountId: number | null;
  address: string | null;
  latencyMs: number;
  headBefore: string;
  rate: { windows: [WindowUsage, WindowUsage]; rateAt: number } | null;
  headAfter: string;
}

/** The first release: every field as text, each followed by \u0001; empty optional fields are null. */
export function textBatch(
  answers: readonly {
    at: number;
    method: string;
    host: string | null;
    url: string;
    status: number;
    code: string | null;
    keyId: number | null;
    accountId: number | null;
    address: string | null;
    latencyMs: number;
    head: string;
  }[],
): Buffer {
  let text = '';
  for (const answer of answers) {
    for (const field of [
      answer.at,
      answer.method,
      answer.host,
      answer.url,
      answer.status,
      answer.code,
      answer.keyId,
      answer.accountId,
      answer.address,
      answer.latencyMs,
      answer.head,
    ]) {
      text += `${field ?? ''}\u0001`;
    }
  }
  return Buffer.from(text, 'latin1');
}

/** FORMAT 2: per answer a float64 mask of the slots that changed, then their float64 values; then the string table. */
export function float64Batch(answers: readonly AnswerSpec[]): Buffer {
  const strings: string[] = [];
  const entry = (text: string | null) => {
    if (text === null) return -1;
    strings.push(text);
    return strings.length - 1;
  };
  const figures: number[] = [];
  const previous = new Array<number>(19).fill(0);
  for (const answer of answers) {
    const [minute, day] = answer.rate?.windows ?? [];
    const slots = [
      answer.at,
      answer.latencyMs,
      answer.status,
      answer.keyId ?? -1,
      answer.accountId ?? -1,
      entry(answer.method),
      entry(answer.host),
      entry(answer.url),
      entry(answer.code),
      entry(answer.address),
      entry(answer.headBefore),
      answer.rate ? entry(answer.headAfter) : -1,
      answer.rate?.rateAt ?? 0,
      minute?.limit ?? 0,
      minute?.used ?? 0,
      minute?.resetAt ?? 0,
      day?.limit ?? 0,
      day?.used ?? 0,
      day?.resetAt ?? 0,
    ];
    let mask = 0;
    const changed: number[] = [];
    slots.forEach((value, slot) => {
      if (Object.is(value, previous[slot])) return;
      mask |= 1 << slot;
      changed.push(value);
      previous[slot] = value;
    });
    figures.push(mask, ...changed);
  }
  const table = Buffer.concat(
    strings.map((text) =>
      Buffer.concat([Buffer.from(new Uint32Array([text.length]).buffer), Buffer.from(text, 'latin1')]),
    ),
  );
  const prefix = Buffer.alloc(13);
  prefix[0] = 2;
  prefix.writeUInt32LE(answers.length, 1);
  prefix.writeUInt32LE(figures.length, 5);
  prefix.writeUInt32LE(table.length, 9);
  return Buffer.concat([prefix, Buffer.from(new Float64Array(figures).buffer), table]);
}
