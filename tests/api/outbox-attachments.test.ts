/**
 * A message's attachments: written with the message, sent as MIME parts byte for byte, listed on the
 * Outbox page by name and size, counted in the message's bound, and gone with a forgotten person's
 * words. An occasion queues one message, however often it is drafted.
 */
import { afterAll, afterEach, beforeEach, expect, it } from 'vitest';
import { type Engine } from '../../src/main/engine/engine';
import { MAIL_MAX_BYTES } from '../../src/shared/mail';
import { removeSmtpCertificates, type TestSmtpServer } from '../helpers/smtp-server';
import { startMailEngine, type MailEngine } from '../helpers/mail-engine';
import { waitFor } from '../helpers/wait-for';

let smtp: TestSmtpServer;
let engine: Engine;
let mail: MailEngine;

beforeEach(async () => {
  mail = await startMailEngine('outbox-attachments', { unsubscribeBase: null });
  ({ smtp, engine } = mail);
});
afterEach(() => mail.close());
afterAll(() => removeSmtpCertificates());

/** Bytes no text encoding would keep: every byte value, twice. */
const BINARY = Buffer.from([...Array(512).keys()].map((n) => n % 256));

function withFile(personId: number, bytes: Buffer, occasion?: string) {
  return engine.services.outbox.enqueueAlone({
    kind: 'message',
    to: { personId },
    words: () => ({ subject: 'Photos of {{pet}}', paragraphs: ['{{pet}} at home.'] }),
    values: { pet: 'Noisette' },
    attachments: [{ name: 'noisette & co.bin', contentType: 'application/octet-stream', bytes }],
    occasion,
  });
}

it('an attachment goes out byte for byte and the Outbox page lists its name and size, not its bytes', async () => {
  const personId = engine.services.people.add({ name: 'Élodie', email: 'elodie@example.test' }).person.id;
  const queued = withFile(personId, BINARY);
  if (!queued.queued) throw new Error('not queued');
  const [listed] = engine.services.outbox.list().rows;
  expect(listed?.attachments).toEqual([
    { name: 'noisette & co.bin', contentType: 'application/octet-stream', size: 512 },
  ]);
  expect(JSON.stringify(listed)).not.toContain('bytes');
  engine.startBackgroundJobs();
  await waitFor(() => engine.services.outbox.store.get(queued.id)?.status === 'sent', 10_000);
  const [mail] = smtp.received;
  expect(mail?.attachments).toHaveLength(1);
  expect(mail?.attachments[0]?.filename).toBe('noisette & co.bin');
  expect(mail?.attachments[0]?.contentType).toBe('application/octet-stream');
  expect(Buffer.compare(mail!.attachments[0]!.content, BINARY)).toBe(0);
  expect(mail?.text).toContain('Noisette at home.');
});

it('the words and the attachments together are bounded: one byte over is refused and nothing is written', () => {
  const personId = engine.services.people.add({ name: 'Élodie', email: 'elodie@example.test' }).person.id;
  const words = Buffer.byteLength('Noisette at home.') + Buffer.byteLength('<p>Noisette at home.</p>');
  expect(withFile(personId, Buffer.alloc(MAIL_MAX_BYTES - words)).queued).toBe(true);
  expect(() => withFile(personId, Buffer.alloc(MAIL_MAX_BYTES - words + 1))).toThrow(
    expect.objectContaining({ code: 'payload_too_large' }),
  );
  expect(engine.services.outbox.list().rows).toHaveLength(1);
  const count = engine.sqlite.prepare('SELECT count(*) AS n FROM outbox_attachments').get() as { n: number };
  expect(count.n).toBe(1);
});

it('an occasion queues one message: the second draft names the first and writes nothing', () => {
  const personId = engine.services.people.add({ name: 'Élodie', email: 'elodie@example.test' }).person.id;
  const first = withFile(personId, BINARY, 'photos-sent:1');
  if (!first.queued) throw new Error('not queued');
  expect(withFile(personId, BINARY, 'photos-sent:1')).toEqual({
    queued: false,
    reason: 'already_queued',
    id: first.id,
  });
  expect(withFile(personId, BINARY, 'photos-sent:2').queued).toBe(true);
  expect(engine.services.outbox.list().rows).toHaveLength(2);
});

it('a forgotten person’s attachments are erased with the words of what they were sent', async () => {
  const { people, outbox } = engine.services;
  const personId = people.add({ name: 'Élodie', email: 'elodie@example.test' }).person.id;
  const queued = withFile(personId, BINARY);
  if (!queued.queued) throw new Error('not queued');
  people.forget(personId);
  engine.startBackgroundJobs();
  await waitFor(() => outbox.store.get(queued.id)?.status === 'failed', 10_000);
  expect(outbox.store.get(queued.id)?.attachments).toEqual([]);
  expect(outbox.store.attachmentContents(queued.id)).toEqual([]);
  expect(smtp.received).toHaveLength(0);
});
