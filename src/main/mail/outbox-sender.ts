import type { Clock } from '../../shared/clock';
import type { Changes } from '../db/changes';
import { mimeMessage } from './compose';
import { isPublishedLanguage, type Outbox } from './outbox';
import type { DueMessage } from './outbox-store';
import type { MailSettingsStore } from './settings';
import { describeSmtpError, SmtpSession, type SmtpOptions } from './smtp';
import { OUTBOX_WORDS } from './words';

const DAY_MS = 86_400_000;
/** Messages taken per run; the job runs again at once while more are due. */
const BATCH = 200;
/** After a temporary refusal: one minute, doubling, at most a quarter of an hour. */
const FIRST_RETRY_MS = 60_000;
const MAX_RETRY_MS = 15 * 60_000;
/** A desk offline for a day still sends when it is back; after three days a message is failed with its last reason. */
export const GIVE_UP_AFTER_MS = 3 * DAY_MS;

export const INTERRUPTED_REASON =
  'the program stopped while handing this message to the server: it may have arrived, so it is not resent by itself';

export function retryDelay(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

export interface DrainResult {
  sent: number;
  /** More are due now (a full batch): run again at once. */
  more: boolean;
}

/**
 * Sends what is due, on the serving engine only (one per environment: the instance lock). Each
 * message is marked `sending` — committed — before it is handed over, and `sent` once the server
 * said 250. A process that dies in between leaves `sending`, which its next start turns into
 * `unsure`: never resent by itself (a double is worse than a question), retried only by staff.
 */
export class OutboxSender {
  private recovered = false;

  constructor(
    private readonly outbox: Outbox,
    private readonly settings: MailSettingsStore,
    private readonly clock: Clock,
    private readonly changes: Changes,
    private readonly options: SmtpOptions = {},
  ) {}

  async drain(): Promise<DrainResult> {
    const { store } = this.outbox;
    if (!this.recovered) {
      this.recovered = true;
      if (store.markInterrupted(INTERRUPTED_REASON) > 0) this.changes.emit('outbox');
    }
    if (store.eraseForgotten() > 0) this.changes.emit('outbox');
    const settings = this.settings.get();
    if (!settings || this.settings.paused()) return { sent: 0, more: false };
    const now = this.clock.now();
    const budget = settings.dailyCap - store.handedOverSince(now - DAY_MS);
    if (budget <= 0) return { sent: 0, more: false };
    const due = store.due(now, Math.min(budget, BATCH));
    if (due.length === 0) return { sent: 0, more: false };
    let session: SmtpSession;
    try {
      session = await SmtpSession.open(settings, this.settings.password(), this.options);
    } catch (error) {
      const reason = describeSmtpError(error);
      for (const message of due) this.deferUnsent(message, reason);
      this.changes.emit('outbox');
      return { sent: 0, more: false };
    }
    let sent = 0;
    let broken = false;
    try {
      for (const message of due) {
        if (this.skipped(message)) continue;
        const raw = await mimeMessage(settings, {
          messageId: message.messageId,
          to: message.toAddress,
          language: message.language,
          subject: message.subject,
          text: message.textBody,
          html: message.htmlBody,
          unsubscribe: this.unsubscribeOf(message, settings.unsubscribeBase),
          attachments: store.attachmentContents(message.id),
        });
        if (!store.claim(message.id, this.clock.now())) continue;
        const outcome = await session.send(settings.fromAddress, message.toAddress, raw);
        if (outcome.kind === 'accepted') {
          store.markSent(message.id, outcome.response);
          sent += 1;
        } else if (outcome.kind === 'refused') {
          if (outcome.permanent) store.markFailed(message.id, outcome.reason);
          else this.deferClaimed(message, outcome.reason);
          if (!(await session.reset())) broken = true;
        } else {
          if (outcome.handedOver) store.markUnsure(message.id, outcome.reason);
          else this.deferClaimed(message, outcome.reason);
          broken = true;
        }
        this.changes.emit('outbox');
        if (broken) break;
      }
    } finally {
      if (broken) session.close();
      else session.quit();
    }
    return { sent, more: !broken && due.length === Math.min(budget, BATCH) };
  }

  /** A forgotten person, or an opt-out since the message was queued: failed, never sent. */
  private skipped(message: DueMessage): boolean {
    const reason = message.personForgotten
      ? 'the person was forgotten'
      : message.optedOut && !message.essential
        ? 'the person unsubscribed'
        : null;
    if (reason === null) return false;
    this.outbox.store.markFailed(message.id, reason);
    this.changes.emit('outbox');
    return true;
  }

  private unsubscribeOf(message: DueMessage, base: string | null): { url: string; footer: string } | null {
    if (message.essential || message.personId === null || !base) return null;
    const token = message.unsubscribeToken ?? this.outbox.unsubscribeToken(message.personId);
    const url = `${base.replace(/\/+$/, '')}/mail/unsubscribe/${token}`;
    const language = isPublishedLanguage(message.language) ? message.language : 'en';
    return { url, footer: OUTBOX_WORDS[language].unsubscribeFooter.replace('{{url}}', url) };
  }

  private deferClaimed(message: DueMessage, reason: string): void {
    if (this.givenUp(message)) this.outbox.store.markFailed(message.id, `${reason} (gave up after 3 days)`);
    else this.outbox.store.deferClaimed(message.id, reason, this.clock.now() + retryDelay(message.attempts + 1));
  }

  private deferUnsent(message: DueMessage, reason: string): void {
    if (this.givenUp(message)) this.outbox.store.markFailed(message.id, `${reason} (gave up after 3 days)`);
    else this.outbox.store.deferQueued(message.id, reason, this.clock.now() + retryDelay(message.attempts + 1));
  }

  private givenUp(message: DueMessage): boolean {
    return this.clock.now() - message.createdAt >= GIVE_UP_AFTER_MS;
  }
}
