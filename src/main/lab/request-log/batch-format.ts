/**
 * How a batch of answers is packed into one row's data. FORMAT 4 (written now): FORMAT; the number
 * of answers, the figures' bytes and the string table's bytes (u32 each); the figures: per answer a
 * mask of the SLOTS that differ from the answer before (all 0 before the first), then each such
 * slot's change; then the string table: each string as its length (u32) and its latin1 bytes (how
 * Node reads and writes HTTP heads), numbered in order. Mask and changes are unsigned LEB128
 * varints: a change of a whole number d is 2·zigzag(d), almost always one byte; any other value is
 * 1 followed by the value itself as a float64 (little-endian). The arrival is in whole microseconds.
 * Still read (batch-reader.ts): FORMAT 3 (the same, arrivals in whole milliseconds, no port or connection), FORMAT 2
 * kept every figure as a float64 (native byte order), masks too; the first release wrote text
 * (decodeTextBatch).
 */
export const FORMAT = 4;
export const MILLISECOND_FORMAT = 3;
export const FLOAT_FORMAT = 2;
/** FORMAT 4 keeps arrivals in whole microseconds: a change between answers stays a varint. */
export const MICROSECONDS = 1000;
export const PREFIX_BYTES = 13;
/** Where an answer's figures sit among its SLOTS; a string is its number in the table, -1 for none. */
export const SLOT = {
  /** Whole microseconds since the epoch in FORMAT 4, milliseconds before. */
  at: 0,
  /** Microseconds (whole) from FORMAT 3, milliseconds in FORMAT 2. */
  latency: 1,
  status: 2,
  keyId: 3,
  accountId: 4,
  method: 5,
  host: 6,
  url: 7,
  code: 8,
  address: 9,
  /** The head up to the rate-limit headers, or all of it when they were not cut out. */
  headBefore: 10,
  /**
   * The head after the rate-limit headers, its first line from FORMAT 3 (the one that varies most:
   * Location, Link); -1 when they were not cut out.
   */
  headAfter: 11,
  rateAt: 12,
  minuteLimit: 13,
  minuteUsed: 14,
  minuteResetAt: 15,
  dayLimit: 16,
  dayUsed: 17,
  dayResetAt: 18,
  /** From FORMAT 3: the rest of the head after headAfter's line; -1 for none. */
  headRest: 19,
  /** FORMAT 4: the client's port (-1: unknown). */
  port: 20,
  /** FORMAT 4: the connection's number, counted by the serving process from its start (-1: unknown). */
  connection: 21,
} as const;
export const SLOTS = 22;
/** A batch holds at most this many answers: it is written then (or every 250 ms, or when its table is full). */
export const BATCH_ANSWERS = 4_000;
/** The most an answer's figures take: the mask, then every slot as a tag and a float64. */
const MAX_ANSWER_BYTES = 4 + SLOTS * 9;
/** Changes of whole numbers up to this size are varints; larger ones, floats (2·zigzag stays exact). */
const MAX_VARINT_CHANGE = 2 ** 50;
/** The string table's bytes. */
const TABLE_BYTES = 1024 * 1024;

/** One answer as the log gives it back: the request's line and the head exactly as sent. */
export interface LoggedAnswer {
  at: number;
  method: string;
  host: string | null;
  url: string;
  status: number;
  code: string | null;
  keyId: number | null;
  accountId: number | null;
  address: string | null;
  /** The client's port and the serving process's number for its connection; null before FORMAT 4. */
  port: number | null;
  connection: number | null;
  latencyMs: number;
  readonly head: string;
}

/**
 * FORMAT 4 being written: the answer's figures are put in `current`, its strings numbered with
 * text(), then endAnswer() appends what differs from the answer before. Nothing is allocated per
 * answer or per batch: both buffers live as long as the encoder, outside the JavaScript heap.
 */
export class BatchEncoder {
  readonly current = new Float64Array(SLOTS);
  private readonly previous = new Float64Array(SLOTS);
  private readonly batch = Buffer.allocUnsafe(PREFIX_BYTES + BATCH_ANSWERS * MAX_ANSWER_BYTES + TABLE_BYTES);
  /** The figures are written straight into their place in the batch, after its prefix. */
  private readonly figures = this.batch.subarray(PREFIX_BYTES, PREFIX_BYTES + BATCH_ANSWERS * MAX_ANSWER_BYTES);
  private figureBytes = 0;
  private readonly table = Buffer.allocUnsafe(TABLE_BYTES);
  private tableOffset = 0;
  private tableEntries = 0;
  /** Per slot, the string last written for it in this batch and its number: a repeat is not written again. */
  private readonly lastText: (string | undefined)[] = new Array<string | undefined>(SLOTS).fill(undefined);
  private readonly lastEntry = new Float64Array(SLOTS);
  answers = 0;
  firstAt = Infinity;
  lastAt = 0;

  /** Whether strings of this many characters still fit in the table. */
  fits(characters: number): boolean {
    return this.tableOffset + characters <= TABLE_BYTES;
  }

  get full(): boolean {
    return this.answers >= BATCH_ANSWERS;
  }

  /** The number in this batch's table of a slot's string: written there unless it repeats the slot's last one. */
  text(slot: number, text: string): number {
    if (text === this.lastText[slot]) return this.lastEntry[slot] ?? -1;
    const entry = this.tableEntries++;
    this.table.writeUInt32LE(text.length, this.tableOffset);
    this.tableOffset += 4 + this.table.write(text, this.tableOffset + 4, 'latin1');
    this.lastText[slot] = text;
    this.lastEntry[slot] = entry;
    return entry;
  }

  /** Appends the current answer's mask and the changes of the slots that differ from the answer before. */
  endAnswer(): void {
    const { current, previous } = this;
    let mask = 0;
    for (let slot = 0; slot < SLOTS; slot++) if (current[slot] !== previous[slot]) mask |= 1 << slot;
    this.varint(mask);
    for (let slot = 0; mask !== 0; slot++, mask >>>= 1) {
      if ((mask & 1) === 0) continue;
      const value = current[slot] ?? 0;
      const before = previous[slot] ?? 0;
      const change = value - before;
      // The last test: a subtraction that rounded (a tiny value after a large one) must not be kept as a change.
      if (Number.isInteger(change) && Math.abs(change) <= MAX_VARINT_CHANGE && before + change === value) {
        this.varint(change < 0 ? -4 * change - 2 : 4 * change);
      } else {
        this.figures[this.figureBytes++] = 1;
        this.figureBytes = this.figures.writeDoubleLE(value, this.figureBytes);
      }
      previous[slot] = value;
    }
    const at = (current[SLOT.at] ?? 0) / MICROSECONDS;
    if (at > this.lastAt) this.lastAt = at;
    if (at < this.firstAt) this.firstAt = at;
    this.answers += 1;
  }

  private varint(value: number): void {
    const { figures } = this;
    let at = this.figureBytes;
    let rest = value;
    while (rest >= 128) {
      figures[at++] = (rest % 128) | 128;
      rest = Math.floor(rest / 128);
    }
    figures[at++] = rest;
    this.figureBytes = at;
  }

  /** The batch's data: a view of the encoder's own buffer, valid until reset(). */
  finish(): Buffer {
    const { batch } = this;
    batch[0] = FORMAT;
    batch.writeUInt32LE(this.answers, 1);
    batch.writeUInt32LE(this.figureBytes, 5);
    batch.writeUInt32LE(this.tableOffset, 9);
    this.table.copy(batch, PREFIX_BYTES + this.figureBytes, 0, this.tableOffset);
    return batch.subarray(0, PREFIX_BYTES + this.figureBytes + this.tableOffset);
  }

  reset(): void {
    this.tableOffset = 0;
    this.tableEntries = 0;
    this.figureBytes = 0;
    this.current.fill(0);
    this.previous.fill(0);
    this.lastText.fill(undefined);
    this.answers = 0;
    this.firstAt = Infinity;
    this.lastAt = 0;
  }
}
