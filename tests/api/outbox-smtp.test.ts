/**
 * The outbox against a real SMTP server (tests/helpers/smtp-server.ts): STARTTLS or TLS with login,
 * the server down, refusing for now (4xx) then accepting on the moved clock, refusing for good
 * (5xx), answering slowly, a certificate not trusted. Every message arrives once or is failed or
 * flagged with its reason.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { Engine } from '../../src/main/engine/engine';
import { ManualClock } from '../../src/shared/clock';
import type { OutboxRow } from '../../src/shared/mail';
import {
  startSmtpServer,
  removeSmtpCertificates,
  smtpCaPem,
  SMTP_PASSWORD,
  SMTP_USER,
  type TestSmtpServer,
} from '../helpers/smtp-server';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { waitFor } from '../helpers/wait-for';
import { freePort } from '../helpers/free-port';

const START = Date.UTC(2026, 11, 1, 9, 0, 0);
const MINUTE = 60_000;

const opened: { engine: Engine; dataDir: string }[] = [];
const servers: TestSmtpServer[] = [];

afterEach(async () => {
  for (const { engine, dataDir } of opened.splice(0)) {
    engine.close();
    removeTempDir(dataDir);
  }
  await Promise.all(servers.splice(0).map((server) => server.close()));
});
afterAll(() => removeSmtpCertificates());

async function server(options: Parameters<typeof startSmtpServer>[0] = {}): Promise<TestSmtpServer> {
  const made = await startSmtpServer(options);
  servers.push(made);
  return made;
}

function openEngine(port: number, caPem: string, options: { implicitTls?: boolean; answerMs?: number } = {}) {
  const dataDir = makeTempDir('outbox');
  const clock = new ManualClock(START);
  const engine = new Engine({
    dataDir,
    environment: 'production',
    clock,
    mail: { tls: { ca: caPem }, timeouts: { connectMs: 2_000, answerMs: options.answerMs ?? 2_000 } },
  });
  opened.push({ engine, dataDir });
  const { services } = engine;
  services.shelter.set({ name: 'Refuge des Monts d’Or', language: 'fr' });
  services.mailSettings.set({
    host: '127.0.0.1',
    port,
    security: options.implicitTls ? 'tls' : 'starttls',
    username: SMTP_USER,
    password: SMTP_PASSWORD,
    fromAddress: 'adoptions@refuge.test',
    fromName: 'Refuge des Monts d’Or',
    unsubscribeBase: 'https://desk.refuge.test:8443',
  });
  return { engine, clock, services };
}

function adopter(engine: Engine, name: string, email: string): number {
  return engine.services.people.add({ name, email }).person.id;
}

function queueNote(engine: Engine, personId: number, petName: string) {
  return engine.services.outbox.enqueueAlone({
    kind: 'message',
    to: { personId },
    words: (language) =>
      language === 'fr'
        ? { subject: 'Des nouvelles de {{pet}}', paragraphs: ['Bonjour {{name}},', '{{pet}} va bien.'] }
        : { subject: 'News of {{pet}}', paragraphs: ['Hello {{name}},', '{{pet}} is well.'] },
    values: { pet: petName, name: engine.services.people.get(personId).name },
  });
}

const row = (engine: Engine, id: number): OutboxRow => {
  const found = engine.services.outbox.store.get(id);
  if (!found) throw new Error(`no message ${id}`);
  return found;
};

/** No message of these is due at the clock's time any more: the outbox's run at that time is over. */
function settled(engine: Engine, clock: ManualClock, ids: number[]): boolean {
  return ids.every((id) => {
    const { status, nextAttemptAt } = row(engine, id);
    return status !== 'queued' && status !== 'sending'
      ? true
      : status === 'queued' && (nextAttemptAt ?? 0) > clock.now();
  });
}

/** Moves the records' clock a step at a time, the outbox looking at each, until `done` holds or `limitMs` has passed. */
async function moveUntil(
  engine: Engine,
  clock: ManualClock,
  ids: number[],
  stepMs: number,
  limitMs: number,
  done: () => boolean,
) {
  for (let moved = 0; moved < limitMs && !done(); moved += stepMs) {
    clock.advance(stepMs);
    engine.changes.emit('outbox');
    await waitFor(() => settled(engine, clock, ids), 10_000);
  }
}

const allSent = (engine: Engine, ids: number[]) => () => ids.every((id) => row(engine, id).status === 'sent');

describe('the outbox over a real SMTP server', () => {
  it('sends over STARTTLS with login, in the person’s language, HTML and text with every value escaped, once', async () => {
    const smtp = await server();
    const { engine } = openEngine(smtp.port, smtp.caPem);
    const personId = adopter(engine, 'Élodie <b>Martin</b>', 'elodie@example.test');
    const queued = queueNote(engine, personId, 'Noisette & <script>');
    if (!queued.queued) throw new Error('not queued');
    engine.startBackgroundJobs();
    await waitFor(() => row(engine, queued.id).status === 'sent', 10_000);
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.messageId).toBe(queued.messageId);
    expect(mail.subject).toBe('Des nouvelles de Noisette & <script>');
    expect(mail.text).toContain('Bonjour Élodie <b>Martin</b>,');
    expect(mail.html).toContain('Noisette &amp; &lt;script&gt;');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Élodie &lt;b&gt;Martin&lt;/b&gt;');
    expect(mail.headers.get('content-language')).toBe('fr');
    const unsubscribe = mail.headerLines.find((line) => line.key === 'list-unsubscribe')?.line;
    expect(unsubscribe?.replace(/\r\n\s+/g, ' ')).toMatch(
      /^List-Unsubscribe: <https:\/\/desk\.refuge\.test:8443\/mail\/unsubscribe\/[\w-]+>$/,
    );
    expect(mail.text).toContain('Pour ne plus recevoir ce type de message');
    expect(smtp.logins).toBe(1);
  });

  it('sends over TLS from the first byte; a person with a language of their own reads it in theirs', async () => {
    const smtp = await server({ implicitTls: true });
    const { engine } = openEngine(smtp.port, smtp.caPem, { implicitTls: true });
    const personId = adopter(engine, 'Hannah Weber', 'hannah@example.test');
    engine.services.outbox.setLanguage(personId, 'en');
    const queued = queueNote(engine, personId, 'Noisette');
    if (!queued.queued) throw new Error('not queued');
    engine.startBackgroundJobs();
    await waitFor(() => row(engine, queued.id).status === 'sent', 10_000);
    expect(smtp.received.map((mail) => mail.subject)).toEqual(['News of Noisette']);
  });

  it('waits while the server is down and sends every message once when it is back', async () => {
    const port = await freePort();
    const { engine, clock } = openEngine(port, await smtpCaPem());
    const ids = [1, 2, 3].map((n) => {
      const queued = queueNote(engine, adopter(engine, `Adopter ${n}`, `a${n}@example.test`), `Pet ${n}`);
      if (!queued.queued) throw new Error('not queued');
      return queued.id;
    });
    engine.startBackgroundJobs();
    await waitFor(() => ids.every((id) => row(engine, id).attempts === 1), 10_000);
    for (const id of ids)
      expect(row(engine, id)).toMatchObject({
        status: 'queued',
        lastError: expect.stringMatching(/ECONNECTION|ECONNREFUSED/),
      });
    // A day offline, then the server answers again on the same port.
    clock.advance(24 * 60 * MINUTE);
    const smtp = await startSmtpServer({ port });
    servers.push(smtp);
    await moveUntil(engine, clock, ids, 15 * MINUTE, 60 * MINUTE, allSent(engine, ids));
    expect(ids.map((id) => row(engine, id).status)).toEqual(['sent', 'sent', 'sent']);
    expect(smtp.received).toHaveLength(3);
  });

  it('refused for now (4xx) for ten minutes of the moved clock, then accepted: each message arrives once', async () => {
    const smtp = await server();
    const { engine, clock } = openEngine(smtp.port, smtp.caPem);
    const acceptFrom = START + 10 * MINUTE;
    smtp.answer = () =>
      clock.now() < acceptFrom ? { accept: false, code: 451, message: '4.7.1 Try again later' } : { accept: true };
    const ids = [1, 2, 3, 4, 5].map((n) => {
      const queued = queueNote(engine, adopter(engine, `Adopter ${n}`, `a${n}@example.test`), `Pet ${n}`);
      if (!queued.queued) throw new Error('not queued');
      return queued.id;
    });
    engine.startBackgroundJobs();
    await waitFor(() => settled(engine, clock, ids), 10_000);
    expect(row(engine, ids[0]!)).toMatchObject({
      status: 'queued',
      attempts: 1,
      lastError: expect.stringContaining('451'),
    });
    await moveUntil(engine, clock, ids, MINUTE, 40 * MINUTE, allSent(engine, ids));
    expect(ids.map((id) => row(engine, id).status)).toEqual(ids.map(() => 'sent'));
    expect(smtp.received.map((mail) => mail.messageId).sort()).toEqual(
      ids.map((id) => row(engine, id).messageId).sort(),
    );
    // Every refused attempt carried the same Message-ID as the one accepted.
    expect(new Set(smtp.arrived.map((mail) => mail.messageId)).size).toBe(5);
    expect(smtp.arrived.length).toBeGreaterThan(5);
  });

  it('refused for good (5xx): failed with the server’s reason, never tried again; the others still go', async () => {
    const smtp = await server();
    const { engine, clock } = openEngine(smtp.port, smtp.caPem);
    smtp.answer = (mail) =>
      mail.subject?.includes('Refusé')
        ? { accept: false, code: 550, message: '5.1.1 Mailbox unavailable' }
        : { accept: true };
    const refused = queueNote(engine, adopter(engine, 'Nobody', 'nobody@example.test'), 'Refusé');
    const fine = queueNote(engine, adopter(engine, 'Somebody', 'somebody@example.test'), 'Noisette');
    if (!refused.queued || !fine.queued) throw new Error('not queued');
    engine.startBackgroundJobs();
    await waitFor(() => row(engine, fine.id).status === 'sent', 10_000);
    expect(row(engine, refused.id)).toMatchObject({
      status: 'failed',
      lastError: expect.stringContaining('550 5.1.1 Mailbox unavailable'),
    });
    await moveUntil(engine, clock, [refused.id], 30 * MINUTE, 60 * MINUTE, () => false);
    expect(smtp.arrived.filter((mail) => mail.messageId === refused.messageId)).toHaveLength(1);
    // Staff may send it again, with its Message-ID.
    smtp.answer = () => ({ accept: true });
    engine.services.outbox.retry(refused.id);
    await waitFor(() => row(engine, refused.id).status === 'sent', 10_000);
    expect(smtp.received.map((mail) => mail.messageId)).toContain(refused.messageId);
  });

  it('a slow answer within the timeout is a success; one past it leaves the message unsure, never resent by itself', async () => {
    const smtp = await server();
    const { engine, clock } = openEngine(smtp.port, smtp.caPem, { answerMs: 1_000 });
    smtp.answer = (mail) => ({ accept: true, delayMs: mail.subject?.includes('Lent') ? 1_600 : 400 });
    const slow = queueNote(engine, adopter(engine, 'Slow', 'slow@example.test'), 'Lent');
    if (!slow.queued) throw new Error('not queued');
    engine.startBackgroundJobs();
    await waitFor(() => row(engine, slow.id).status === 'unsure', 10_000);
    expect(row(engine, slow.id).lastError).toMatch(/ETIMEDOUT|Timeout/);
    // The server took it after all: the desk did not hear, and did not send it twice.
    await waitFor(() => smtp.received.length === 1, 5_000);
    const fine = queueNote(engine, adopter(engine, 'Patient', 'patient@example.test'), 'Noisette');
    if (!fine.queued) throw new Error('not queued');
    await waitFor(() => row(engine, fine.id).status === 'sent', 10_000);
    await moveUntil(engine, clock, [slow.id], 30 * MINUTE, 120 * MINUTE, () => false);
    expect(smtp.arrived.filter((mail) => mail.messageId === slow.messageId)).toHaveLength(1);
    expect(row(engine, slow.id).status).toBe('unsure');
  });

  it('a certificate the desk does not trust: kept with the TLS reason, sent once the server’s certificate is good', async () => {
    const bad = await server({ untrusted: true });
    const { engine, clock } = openEngine(bad.port, bad.caPem);
    const queued = queueNote(engine, adopter(engine, 'Élodie', 'elodie@example.test'), 'Noisette');
    if (!queued.queued) throw new Error('not queued');
    engine.startBackgroundJobs();
    await waitFor(() => row(engine, queued.id).attempts >= 1, 10_000);
    expect(row(engine, queued.id)).toMatchObject({
      status: 'queued',
      lastError: expect.stringMatching(/ETLS|certificate/i),
    });
    expect(bad.arrived).toHaveLength(0);
    const good = await server();
    engine.services.mailSettings.set({ port: good.port });
    await moveUntil(engine, clock, [queued.id], 15 * MINUTE, 60 * MINUTE, allSent(engine, [queued.id]));
    expect(good.received.map((mail) => mail.messageId)).toEqual([queued.messageId]);
  });

  it('a login refused (535) keeps the messages waiting with the reason, not failed', async () => {
    const smtp = await server();
    const { engine } = openEngine(smtp.port, smtp.caPem);
    engine.services.mailSettings.setPassword('wrong');
    const queued = queueNote(engine, adopter(engine, 'Élodie', 'elodie@example.test'), 'Noisette');
    if (!queued.queued) throw new Error('not queued');
    engine.startBackgroundJobs();
    await waitFor(() => row(engine, queued.id).attempts >= 1, 10_000);
    expect(row(engine, queued.id)).toMatchObject({ status: 'queued', lastError: expect.stringContaining('535') });
  });
});
