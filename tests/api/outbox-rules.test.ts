/**
 * The outbox's rules around sending: a message exists only with what caused it (a rolled-back
 * transaction leaves none), the daily cap, the pause switch, an opt-out through the unsubscribe
 * token (an adoption's messages still go), and no mail to a forgotten person.
 */
import { afterAll, afterEach, beforeEach, expect, it } from 'vitest';
import { type Engine } from '../../src/main/engine/engine';
import { OutboxSender } from '../../src/main/mail/outbox-sender';
import { type ManualClock } from '../../src/shared/clock';
import { removeSmtpCertificates, type TestSmtpServer } from '../helpers/smtp-server';
import { startMailEngine, type MailEngine } from '../helpers/mail-engine';
import { waitFor } from '../helpers/wait-for';

const START = Date.UTC(2026, 11, 1, 9, 0, 0);
const HOUR = 3_600_000;
let smtp: TestSmtpServer;
let engine: Engine;
let clock: ManualClock;
let mail: MailEngine;

beforeEach(async () => {
  mail = await startMailEngine('outbox-rules', { dailyCap: 3 }, START);
  ({ smtp, engine, clock } = mail);
});
afterEach(() => mail.close());
afterAll(() => removeSmtpCertificates());

const note = (personId: number, essential = false) =>
  engine.services.outbox.enqueueAlone({
    kind: essential ? 'adoption' : 'message',
    essential,
    to: { personId },
    words: () => ({ subject: 'About {{pet}}', paragraphs: ['{{pet}}'] }),
    values: { pet: 'Noisette' },
  });

it('a message written in a transaction that rolls back does not exist; enqueue outside a transaction is refused', () => {
  const { outbox, people } = engine.services;
  const personId = people.add({ name: 'Élodie', email: 'elodie@example.test' }).person.id;
  expect(() =>
    engine.sqlite.transaction(() => {
      outbox.enqueue(engine.sqlite, {
        kind: 'message',
        to: { personId },
        words: () => ({ subject: 's', paragraphs: ['p'] }),
      });
      throw new Error('what caused it failed');
    })(),
  ).toThrow('what caused it failed');
  expect(outbox.list().rows).toHaveLength(0);
  expect(() =>
    outbox.enqueue(engine.sqlite, {
      kind: 'message',
      to: { personId },
      words: () => ({ subject: 's', paragraphs: [] }),
    }),
  ).toThrow(/inside the transaction/);
});

it('sends at most the daily cap in any 24 hours, the rest the next day; paused, nothing goes', async () => {
  const { outbox } = engine.services;
  const ids = [1, 2, 3, 4, 5].map((n) => {
    const queued = outbox.queueTest(`n${n}@example.test`);
    if (!queued.queued) throw new Error('not queued');
    return queued.id;
  });
  engine.startBackgroundJobs();
  await waitFor(() => outbox.list().counts.sent === 3, 10_000);
  // A run of its own at the cap, and one paused a day later: neither sends.
  const sender = new OutboxSender(outbox, engine.services.mailSettings, clock, engine.changes, {
    tls: { ca: smtp.caPem },
  });
  expect(await sender.drain()).toEqual({ sent: 0, more: false });
  expect(outbox.view()).toMatchObject({ sentLast24h: 3 });
  outbox.setPaused(true);
  clock.advance(25 * HOUR);
  expect(await sender.drain()).toEqual({ sent: 0, more: false });
  expect(outbox.list().counts).toMatchObject({ sent: 3, queued: 2 });
  outbox.setPaused(false);
  await waitFor(() => outbox.list().counts.sent === 5, 10_000);
  expect(smtp.received).toHaveLength(5);
  expect(new Set(ids.map((id) => outbox.store.get(id)?.status))).toEqual(new Set(['sent']));
});

it('an opt-out by the unsubscribe token stops all but an adoption’s messages; a forgotten person gets none', async () => {
  const { outbox, people } = engine.services;
  const personId = people.add({ name: 'Élodie', email: 'elodie@example.test' }).person.id;
  const before = note(personId);
  if (!before.queued) throw new Error('not queued');
  expect(outbox.unsubscribe(outbox.unsubscribeToken(personId)).done).toBe(true);
  expect(outbox.unsubscribe('not-a-token').done).toBe(false);
  expect(note(personId)).toEqual({ queued: false, reason: 'opted_out' });
  const adoption = note(personId, true);
  if (!adoption.queued) throw new Error('not queued');
  engine.startBackgroundJobs();
  await waitFor(() => outbox.store.get(adoption.id)?.status === 'sent', 10_000);
  // Queued before the opt-out: failed with why, not sent.
  expect(outbox.store.get(before.id)).toMatchObject({ status: 'failed', lastError: 'the person unsubscribed' });
  const adoptionMail = smtp.received.find((mail) => mail.messageId === adoption.messageId);
  expect(adoptionMail?.headerLines.some((line) => line.key === 'list-unsubscribe')).toBe(false);

  const other = people.add({ name: 'Marc', email: 'marc@example.test' }).person.id;
  outbox.setPaused(true);
  const queued = note(other);
  if (!queued.queued) throw new Error('not queued');
  people.forget(other);
  await waitFor(() => outbox.store.get(queued.id)?.status === 'failed', 10_000);
  expect(outbox.store.get(queued.id)).toMatchObject({
    toAddress: '',
    subject: '',
    lastError: 'the person was forgotten',
  });
  expect(note(other)).toEqual({ queued: false, reason: 'forgotten' });
  expect(smtp.arrived.some((mail) => JSON.stringify(mail.to).includes('marc@'))).toBe(false);
});
