import type Database from 'better-sqlite3';
import {
  OUTBOX_STATUSES,
  type MailKind,
  type OutboxAttachment,
  type OutboxPage,
  type OutboxRow,
  type OutboxStatus,
} from '../../shared/mail';

/** A message as the sender needs it: the row and what its person's record says now. */
export interface DueMessage extends Omit<OutboxRow, 'attachments'> {
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

/** An attachment as written: its bytes, or the signed contract whose PDF it is. */
export type NewAttachment = OutboxAttachment & ({ bytes: Buffer } | { signedContractId: number });

/** An attachment as it goes on the wire. */
export interface AttachmentContent {
  name: string;
  contentType: string;
  content: Buffer;
}

type RowWithoutAttachments = Omit<OutboxRow, 'attachments'>;

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
      occasionTaken: sqlite.prepare(`SELECT id FROM outbox WHERE occasion = ?`),
      insertAttachment: sqlite.prepare(
        `INSERT INTO outbox_attachments (outbox_id, name, content_type, size, bytes, signed_contract_id)
         VALUES (@outboxId, @name, @contentType, @size, @bytes, @signedContractId)`,
      ),
      contractSize: sqlite.prepare(`SELECT length(pdf) AS size FROM signed_contracts WHERE id = ?`),
      attachmentContents: sqlite.prepare(
        `SELECT a.name, a.content_type AS contentType, coalesce(a.bytes, c.pdf) AS content
         FROM outbox_attachments a LEFT JOIN signed_contracts c ON c.id = a.signed_contract_id
         WHERE a.outbox_id = ? ORDER BY a.id`,
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
      forPerson: sqlite.prepare(`SELECT ${ROW} FROM outbox o WHERE o.person_id = ? ORDER BY o.id DESC LIMIT 200`),
      eraseForgottenAttachments: sqlite.prepare(
        `DELETE FROM outbox_attachments WHERE outbox_id IN (SELECT o.id FROM outbox o
           JOIN people p ON p.id = o.person_id WHERE p.forgotten_at IS NOT NULL)`,
      ),
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

  /** The message already queued for this occasion, if any. */
  byOccasion(occasion: string): number | null {
    return (this.statements.occasionTaken.get(occasion) as { id: number } | undefined)?.id ?? null;
  }

  insertAttachment(outboxId: number, attachment: NewAttachment): void {
    this.statements.insertAttachment.run({
      outboxId,
      name: attachment.name,
      contentType: attachment.contentType,
      size: attachment.size,
      bytes: 'bytes' in attachment ? attachment.bytes : null,
      signedContractId: 'signedContractId' in attachment ? attachment.signedContractId : null,
    });
  }

  /** A signed contract's PDF size, or null when there is no such contract. */
  contractSize(contractId: number): number | null {
    return (this.statements.contractSize.get(contractId) as { size: number } | undefined)?.size ?? null;
  }

  attachmentContents(outboxId: number): AttachmentContent[] {
    return this.statements.attachmentContents.all(outboxId) as AttachmentContent[];
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
    const row = this.statements.get.get(id) as RowWithoutAttachments | undefined;
    return row ? this.withAttachments([row])[0] : undefined;
  }

  forPerson(personId: number): OutboxRow[] {
    return this.withAttachments(this.statements.forPerson.all(personId) as RowWithoutAttachments[]);
  }

  eraseForgotten(): number {
    this.statements.eraseForgottenAttachments.run();
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
      .all(...args, limit + 1) as RowWithoutAttachments[];
    const more = rows.length > limit;
    if (more) rows.pop();
    const counts = Object.fromEntries(OUTBOX_STATUSES.map((s) => [s, 0])) as Record<OutboxStatus, number>;
    for (const { status: s, n } of this.statements.counts.all() as { status: OutboxStatus; n: number }[]) counts[s] = n;
    return { rows: this.withAttachments(rows), nextBefore: more ? (rows.at(-1)?.id ?? null) : null, counts };
  }

  /** One query for a page's attachments (names and sizes, never the bytes). */
  private withAttachments(rows: RowWithoutAttachments[]): OutboxRow[] {
    const byMessage = new Map<number, OutboxAttachment[]>(rows.map((row) => [row.id, []]));
    if (rows.length > 0) {
      const listed = this.sqlite
        .prepare(
          `SELECT outbox_id AS outboxId, name, content_type AS contentType, size FROM outbox_attachments
           WHERE outbox_id IN (${rows.map(() => '?').join(', ')}) ORDER BY id`,
        )
        .all(...rows.map((row) => row.id)) as (OutboxAttachment & { outboxId: number })[];
      for (const { outboxId, ...attachment } of listed) byMessage.get(outboxId)?.push(attachment);
    }
    return rows.map((row) => ({ ...row, attachments: byMessage.get(row.id) ?? [] }));
  }
}
