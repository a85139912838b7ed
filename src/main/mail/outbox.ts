import { randomBytes, randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { Clock } from '../../shared/clock';
import { AppError } from '../../shared/errors';
import {
  MAIL_MAX_BYTES,
  type MailKind,
  type MailSettingsInput,
  type MailSettingsView,
  type OutboxListInput,
  type OutboxPage,
  type OutboxRow,
} from '../../shared/mail';
import { PUBLISHED_LANGUAGES, type PublishedLanguage } from '../../shared/shelter';
import type { Changes } from '../db/changes';
import type { PeopleService } from '../people/people';
import { renderMail, type MailValues, type MailWords } from './compose';
import { OutboxStore, type NewAttachment } from './outbox-store';
import type { MailSettingsStore } from './settings';
import { OUTBOX_WORDS } from './words';

/** What the rest of the engine hands the outbox: who, what for, and the words in whichever language the recipient reads. */
export interface MailDraft {
  kind: MailKind;
  to: { personId: number } | { address: string; language?: PublishedLanguage };
  /** Part of an adoption the person is in: sent even after they unsubscribed. */
  essential?: boolean;
  words: (language: PublishedLanguage) => MailWords;
  /** Dates and figures are said in the recipient's language, known only once the recipient is. */
  values?: MailValues | ((language: PublishedLanguage) => MailValues);
  attachments?: MailAttachmentDraft[];
  /** What caused an automatic message: at most one message per occasion is ever written. */
  occasion?: string;
}

/** A file sent with a message: its bytes, or a signed contract, whose stored PDF is read when sent (never copied). */
export type MailAttachmentDraft =
  { name: string; contentType: string; bytes: Buffer } | { name: string; signedContractId: number };

export type EnqueueResult =
  | { queued: true; id: number; messageId: string }
  | { queued: false; reason: 'forgotten' | 'opted_out' | 'no_address' }
  | { queued: false; reason: 'already_queued'; id: number };

/** The handle on a transaction in progress: better-sqlite3's connection inside `transaction()`. */
export type Transaction = Database.Database;

export interface OutboxSources {
  sqlite: Database.Database;
  clock: Clock;
  changes: Changes;
  people: PeopleService;
  settings: MailSettingsStore;
  shelterLanguage: () => PublishedLanguage | undefined;
  shelterName: () => string | null;
}

const DAY_MS = 86_400_000;

/**
 * The outbox: messages written with what caused them, the Outbox page's list, retries, and each
 * person's language and opt-out. Sending is outbox-sender.ts's, on the serving engine.
 */
export class Outbox {
  readonly store: OutboxStore;

  constructor(private readonly sources: OutboxSources) {
    this.store = new OutboxStore(sources.sqlite);
  }

  /**
   * Writes a message inside the caller's transaction, so it exists exactly when what caused it does;
   * a forgotten person, or one who unsubscribed from all but their adoptions, is not written to.
   */
  enqueue(tx: Transaction, draft: MailDraft): EnqueueResult {
    if (!tx.inTransaction) throw new Error('enqueue runs inside the transaction of what caused the message');
    const earlier = draft.occasion === undefined ? null : this.store.byOccasion(draft.occasion);
    if (earlier !== null) return { queued: false, reason: 'already_queued', id: earlier };
    const recipient = this.recipient(draft);
    if ('reason' in recipient) return { queued: false, reason: recipient.reason };
    const shelter = this.shelterName();
    const own = typeof draft.values === 'function' ? draft.values(recipient.language) : draft.values;
    const values = { shelter, ...own };
    const mail = renderMail(draft.words(recipient.language), values);
    const attachments = (draft.attachments ?? []).map((attachment) => this.attachment(attachment));
    const size =
      Buffer.byteLength(mail.text) + Buffer.byteLength(mail.html) + attachments.reduce((sum, a) => sum + a.size, 0);
    if (size > MAIL_MAX_BYTES)
      throw new AppError(
        'payload_too_large',
        `A message of ${size} bytes with its attachments is over the ${MAIL_MAX_BYTES} bytes a provider takes.`,
      );
    const messageId = `<${randomUUID()}@${this.messageIdDomain()}>`;
    const id = this.store.insert({
      messageId,
      personId: recipient.personId,
      toAddress: recipient.address,
      language: recipient.language,
      kind: draft.kind,
      essential: draft.essential ?? false,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      createdAt: this.sources.clock.now(),
      occasion: draft.occasion ?? null,
    });
    if (id === null)
      return { queued: false, reason: 'already_queued', id: this.store.byOccasion(draft.occasion ?? '') ?? 0 };
    for (const attachment of attachments) this.store.insertAttachment(id, attachment);
    this.sources.changes.emit('outbox');
    return { queued: true, id, messageId };
  }

  /** enqueue in a transaction of its own, for a message nothing else writes with (a staff member's own, a test). */
  enqueueAlone(draft: MailDraft): EnqueueResult {
    return this.sources.sqlite.transaction(() => this.enqueue(this.sources.sqlite, draft))();
  }

  /** A test message to an address, in the shelter's language unless said otherwise. */
  queueTest(address: string, language?: PublishedLanguage): EnqueueResult {
    return this.enqueueAlone({
      kind: 'test',
      essential: true,
      to: { address, language },
      words: (lang) => ({ subject: OUTBOX_WORDS[lang].testSubject, paragraphs: OUTBOX_WORDS[lang].testParagraphs }),
    });
  }

  list(input: OutboxListInput = {}): OutboxPage {
    return this.store.page(input.status, input.before, input.limit ?? 50);
  }

  forPerson(personId: number): OutboxRow[] {
    return this.store.forPerson(personId);
  }

  /** A failed or unsure message queued again, with its Message-ID: staff decide an unsure one did not arrive. */
  retry(id: number): OutboxRow {
    const row = this.store.get(id);
    if (!row) throw new AppError('not_found', `No message ${id} in the outbox.`);
    if (!this.store.retry(id, this.sources.clock.now()))
      throw new AppError('conflict', `Message ${id} is ${row.status}: only a failed or unsure message is retried.`);
    this.sources.changes.emit('outbox');
    return this.store.get(id) ?? row;
  }

  /** New settings: the waiting messages are looked at again at once (a fixed password, a new port). */
  configure(input: MailSettingsInput): void {
    this.sources.settings.set(input);
    this.sources.changes.emit('outbox');
  }

  setPaused(paused: boolean): void {
    this.sources.settings.setPaused(paused);
    this.sources.changes.emit('outbox');
  }

  view(): MailSettingsView {
    const { settings } = this.sources;
    return {
      settings: settings.get(),
      passwordStored: settings.passwordStored(),
      paused: settings.paused(),
      sentLast24h: this.store.handedOverSince(this.sources.clock.now() - DAY_MS),
    };
  }

  /** The language a person's mail is written in; null goes back to the shelter's. */
  setLanguage(personId: number, language: PublishedLanguage | null): void {
    this.sources.people.get(personId);
    this.ensureRecipient(personId);
    this.sources.sqlite.prepare('UPDATE mail_recipients SET language = ? WHERE person_id = ?').run(language, personId);
  }

  /** The token a person's unsubscribe link carries, made on first need. */
  unsubscribeToken(personId: number): string {
    return this.ensureRecipient(personId);
  }

  /** The language an unsubscribe link's page speaks: its person's, else the shelter's (also for a token nobody has). */
  unsubscribeLanguage(token: string): PublishedLanguage {
    return this.tokenHolder(token)?.language ?? this.shelterLanguage();
  }

  /** Answered by the unsubscribe link; the opt-out is recorded once (its first time kept); false for a token nobody has. */
  unsubscribe(token: string): { done: boolean; language: PublishedLanguage } {
    const holder = this.tokenHolder(token);
    const language = holder?.language ?? this.shelterLanguage();
    if (!holder) return { done: false, language };
    const { changes } = this.sources.sqlite
      .prepare('UPDATE mail_recipients SET opted_out_at = ? WHERE person_id = ? AND opted_out_at IS NULL')
      .run(this.sources.clock.now(), holder.personId);
    if (changes > 0) this.sources.changes.emit('outbox');
    return { done: true, language };
  }

  private tokenHolder(token: string): { personId: number; language: PublishedLanguage | null } | undefined {
    return this.sources.sqlite
      .prepare('SELECT person_id AS personId, language FROM mail_recipients WHERE unsubscribe_token = ?')
      .get(token) as { personId: number; language: PublishedLanguage | null } | undefined;
  }

  /** Whether a person (a member of staff, a coordinator) is told of every contract signed. */
  setContractNotices(personId: number, wanted: boolean): void {
    this.sources.people.get(personId);
    this.ensureRecipient(personId);
    this.sources.sqlite
      .prepare('UPDATE mail_recipients SET contract_notices = ? WHERE person_id = ?')
      .run(wanted ? 1 : 0, personId);
  }

  /** Whether a person of the register is told of every contract signed (no, for one never written to). */
  contractNotices(personId: number): boolean {
    this.sources.people.get(personId);
    const row = this.sources.sqlite
      .prepare('SELECT contract_notices AS wanted FROM mail_recipients WHERE person_id = ?')
      .get(personId) as { wanted: number } | undefined;
    return row?.wanted === 1;
  }

  contractNoticePeople(): number[] {
    return (
      this.sources.sqlite
        .prepare('SELECT person_id AS personId FROM mail_recipients WHERE contract_notices = 1 ORDER BY person_id')
        .all() as { personId: number }[]
    ).map((row) => row.personId);
  }

  optedOut(personId: number): boolean {
    const row = this.sources.sqlite
      .prepare('SELECT opted_out_at AS at FROM mail_recipients WHERE person_id = ?')
      .get(personId) as { at: number | null } | undefined;
    return row?.at != null;
  }

  /** How messages sign: the shelter profile's name, else the sender's name or address. */
  shelterName(): string {
    const settings = this.sources.settings.get();
    return this.sources.shelterName() ?? settings?.fromName ?? settings?.fromAddress ?? '';
  }

  shelterLanguage(): PublishedLanguage {
    return this.sources.shelterLanguage() ?? 'en';
  }

  private recipient(
    draft: MailDraft,
  ):
    | { personId: number | null; address: string; language: PublishedLanguage }
    | { reason: 'forgotten' | 'opted_out' | 'no_address' } {
    if ('address' in draft.to)
      return { personId: null, address: draft.to.address, language: draft.to.language ?? this.shelterLanguage() };
    const person = this.sources.people.get(draft.to.personId);
    if (person.forgottenAt !== null) return { reason: 'forgotten' };
    if (!person.email) return { reason: 'no_address' };
    const row = this.sources.sqlite
      .prepare('SELECT language, opted_out_at AS optedOutAt FROM mail_recipients WHERE person_id = ?')
      .get(person.id) as { language: PublishedLanguage | null; optedOutAt: number | null } | undefined;
    if (row?.optedOutAt != null && !draft.essential) return { reason: 'opted_out' };
    this.ensureRecipient(person.id);
    return { personId: person.id, address: person.email, language: row?.language ?? this.shelterLanguage() };
  }

  private attachment(draft: MailAttachmentDraft): NewAttachment {
    if ('bytes' in draft)
      return { name: draft.name, contentType: draft.contentType, size: draft.bytes.length, bytes: draft.bytes };
    const size = this.store.contractSize(draft.signedContractId);
    if (size === null)
      throw new AppError('not_found', `No signed contract ${draft.signedContractId}.`, {
        details: { missing: 'contract', contractId: draft.signedContractId },
      });
    return { name: draft.name, contentType: 'application/pdf', size, signedContractId: draft.signedContractId };
  }

  private ensureRecipient(personId: number): string {
    const { sqlite } = this.sources;
    sqlite
      .prepare('INSERT INTO mail_recipients (person_id, unsubscribe_token) VALUES (?, ?) ON CONFLICT DO NOTHING')
      .run(personId, randomBytes(24).toString('base64url'));
    return (
      sqlite.prepare('SELECT unsubscribe_token AS token FROM mail_recipients WHERE person_id = ?').get(personId) as {
        token: string;
      }
    ).token;
  }

  private messageIdDomain(): string {
    const from = this.sources.settings.get()?.fromAddress;
    return from?.split('@')[1] ?? 'adoption-desk.invalid';
  }
}

export function isPublishedLanguage(value: string): value is PublishedLanguage {
  return (PUBLISHED_LANGUAGES as readonly string[]).includes(value);
}
