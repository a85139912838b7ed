import type Database from 'better-sqlite3';
import { OUTBOX_STATUSES, type MailKind, type OutboxPage, type OutboxRow, type OutboxStatus } from '../../shared/mail';

/** A message as the sender needs it: the row and what its person's record says now. */
export interface DueMessage extends OutboxRow {
  essential: boolean;
  textBody: string;
  htmlBody: string;
  personForgotten: boolean;
  optedOut: boolean;
  unsubscribeToken: string | null;
}

export interface NewMessage {
  messageId: string;
  personId: number | null;
  toAddress: string;
  language: string;
  kind: MailKind;
  essential: boolean;
  subject: string;
  textBody: string;
  htmlBody: string;
  createdAt: number;
  occasion: string | null;
}

const ROW = `o.id, o.message_id AS messageId, o.person_id AS personId, o.to_address AS toAddress, o.language, o.kind,
  o.subject, o.status, o.attempts, o.next_attempt_at AS nextAttemptAt, o.last_error AS lastError,
  o.created_at AS createdAt, o.sent_at AS sentAt`;

/** Rows that count against the daily cap: handed to the server, whatever it answered. */
const HANDED_OVER = `status IN ('sent', 'sending', 'unsure')`;

/** The outbox's SQL, each statement prepared once. */
export class OutboxStore {
  private readonly statements;

  constructor(private readonly sqlite: Database.Database) {
    this.statements = {
      insert: sqlite.prepare(
        `INSERT INTO outbox (message_id, person_id, to_address, language, kind, essential, subject, text_body, html_body, status, next_attempt_at, created_at, occasion)
         VALUES (@messageId, @personId, @toAddress, @language, @kind, @essential, @subject, @textBody, @htmlBody, 'queued', @createdAt, @createdAt, @occasion)
         ON CONFLICT (occasion) DO NOTHING`,
      ),
      due: sqlite.prepare(
        `SELECT ${ROW}, o.essential, o.text_body AS textBody, o.html_body AS htmlBody,
           p.forgotten_at IS NOT NULL AS personForgotten, r.opted_out_at IS NOT NULL AS optedOut, r.unsubscribe_token AS unsubscribeToken
         FROM outbox o LEFT JOIN people p ON p.id = o.person_id LEFT JOIN mail_recipients r ON r.person_id = o.person_id
         WHERE o.status = 'queued' AND o.next_attempt_at <= ? ORDER BY o.next_attempt_at, o.id LIMIT ?`,
      ),
      claim: sqlite.prepare(
        `UPDATE outbox SET status = 'sending', attempts = attempts + 1, sent_at = ? WHERE id = ? AND status = 'queued'`,
      ),
      sent: sqlite.prepare(`UPDATE outbox SET status = 'sent', last_error = ?, next_attempt_at = NULL WHERE id = ?`),
      failed: sqlite.prepare(
        `UPDATE outbox SET status = 'failed', last_error = ?, next_attempt_at = NULL, sent_at = NULL WHERE id = ?`,
      ),
      deferSending: sqlite.prepare(
        `UPDATE outbox SET status = 'queued', last_error = ?, next_attempt_at = ?, sent_at = NULL WHERE id = ? AND status = 'sending'`,
      ),
      deferQueued: sqlite.prepare(
        `UPDATE outbox SET attempts = attempts + 1, last_error = ?, next_attempt_at = ? WHERE id = ? AND status = 'queued'`,
      ),
      unsure: sqlite.prepare(
        `UPDATE outbox SET status = 'unsure', last_error = ?, next_attempt_at = NULL WHERE id = ? AND status = 'sending'`,
      ),
      interrupted: sqlite.prepare(
        `UPDATE outbox SET status = 'unsure', last_error = ?, next_attempt_at = NULL WHERE status = 'sending'`,
      ),
      retry: sqlite.prepare(
        `UPDATE outbox SET status = 'queued', next_attempt_at = ?, sent_at = NULL WHERE id = ? AND status IN ('failed', 'unsure')`,
      ),
      handedOverSince: sqlite.prepare(`SELECT count(*) AS n FROM outbox WHERE sent_at > ? AND ${HANDED_OVER}`),
      nextDue: sqlite.prepare(`SELECT min(next_attempt_at) AS at FROM outbox WHERE status = 'queued'`),
      counts: sqlite.prepare(`SELECT status, count(*) AS n FROM outbox GROUP BY status`),
      get: sqlite.prepare(`SELECT ${ROW} FROM outbox o WHERE o.id = ?`),
      occasionTaken: sqlite.prepare(`SELECT 1 FROM outbox WHERE occasion = ?`),
      forPerson: sqlite.prepare(`SELECT ${ROW} FROM outbox o WHERE o.person_id = ? ORDER BY o.id DESC LIMIT 200`),
      // What a forgotten person was sent becomes unreadable: the row stays, so counts still add up.
      eraseForgotten: sqlite.prepare(
        `UPDATE outbox SET to_address = '', subject = '', text_body = '', html_body = '',
           status = CASE WHEN status = 'queued' THEN 'failed' ELSE status END,
           last_error = CASE WHEN status = 'queued' THEN 'the person was forgotten' ELSE last_error END
         WHERE to_address != '' AND person_id IN (SELECT id FROM people WHERE forgotten_at IS NOT NULL)`,
      ),
    };
  }

  /** The new row's id; null when a message for the same occasion exists already. */
  insert(message: NewMessage): number | null {
    const result = this.statements.insert.run({ ...message, essential: message.essential ? 1 : 0 });
    return result.changes === 0 ? null : Number(result.lastInsertRowid);
  }

  occasionTaken(occasion: string): boolean {
    return this.statements.occasionTaken.get(occasion) !== undefined;
  }

  due(now: number, limit: number): DueMessage[] {
    return (this.statements.due.all(now, limit) as (DueMessage & Record<string, unknown>)[]).map((row) => ({
      ...row,
      essential: Boolean(row.essential),
      personForgotten: Boolean(row.personForgotten),
      optedOut: Boolean(row.optedOut),
    }));
  }

  /** Marked as being handed over, committed before a byte goes to the server; false if another run has it. */
  claim(id: number, now: number): boolean {
    return this.statements.claim.run(now, id).changes === 1;
  }

  markSent(id: number, response: string): void {
    this.statements.sent.run(response, id);
  }

  markFailed(id: number, reason: string): void {
    this.statements.failed.run(reason, id);
  }

  /** A claimed message refused for now: back in the queue until `at`. */
  deferClaimed(id: number, reason: string, at: number): void {
    this.statements.deferSending.run(reason, at, id);
  }

  /** A message never handed over (the server could not be reached): one more attempt counted. */
  deferQueued(id: number, reason: string, at: number): void {
    this.statements.deferQueued.run(reason, at, id);
  }

  markUnsure(id: number, reason: string): void {
    this.statements.unsure.run(reason, id);
  }

  /** Every message this process (or one that died) was handing over when it stopped. */
  markInterrupted(reason: string): number {
    return this.statements.interrupted.run(reason).changes;
  }

  retry(id: number, now: number): boolean {
    return this.statements.retry.run(now, id).changes === 1;
  }

  handedOverSince(since: number): number {
    return (this.statements.handedOverSince.get(since) as { n: number }).n;
  }

  nextDue(): number | null {
    return (this.statements.nextDue.get() as { at: number | null }).at;
  }

  get(id: number): OutboxRow | undefined {
    return this.statements.get.get(id) as OutboxRow | undefined;
  }

  forPerson(personId: number): OutboxRow[] {
    return this.statements.forPerson.all(personId) as OutboxRow[];
  }

  eraseForgotten(): number {
    return this.statements.eraseForgotten.run().changes;
  }

  /** Newest first, keyset paging by id. */
  page(status: OutboxStatus | undefined, before: number | undefined, limit: number): OutboxPage {
    const where: string[] = [];
    const args: (string | number)[] = [];
    if (status) {
      where.push('o.status = ?');
      args.push(status);
    }
    if (before) {
      where.push('o.id < ?');
      args.push(before);
    }
    const rows = this.sqlite
      .prepare(
        `SELECT ${ROW} FROM outbox o ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY o.id DESC LIMIT ?`,
      )
      .all(...args, limit + 1) as OutboxRow[];
    const more = rows.length > limit;
    if (more) rows.pop();
    const counts = Object.fromEntries(OUTBOX_STATUSES.map((s) => [s, 0])) as Record<OutboxStatus, number>;
    for (const { status: s, n } of this.statements.counts.all() as { status: OutboxStatus; n: number }[]) counts[s] = n;
    return { rows, nextBefore: more ? (rows.at(-1)?.id ?? null) : null, counts };
  }
}
