/**
 * The outbox's figures: 5,000 queued messages drained through a local SMTP server (smtp-server
 * in this process, STARTTLS and login, as the tests use) by the engine's own sender, the drain rate
 * printed; then the Outbox list channel's first page (all, and one status) timed at 100,000 messages.
 * Target: the list ≤ 200 ms (the window's budget).
 *
 *   npm exec -- tsx bench/outbox.ts [MESSAGES] [LISTED]   (default 5000 and 100000)
 */
import { Engine } from '../src/main/engine/engine';
import { OutboxSender } from '../src/main/mail/outbox-sender';
import { makeTempDir, removeTempDir } from '../tests/helpers/temp-dir';
import { removeSmtpCertificates, SMTP_PASSWORD, SMTP_USER, startSmtpServer } from '../tests/helpers/smtp-server';

const MESSAGES = Number(process.argv[2] ?? 5_000);
const LISTED = Number(process.argv[3] ?? 100_000);
const TARGET_MS = 200;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
}

async function main(): Promise<void> {
  const smtp = await startSmtpServer();
  const dataDir = makeTempDir('bench-outbox');
  const engine = new Engine({ dataDir, environment: 'production' });
  try {
    const { outbox, mailSettings } = engine.services;
    mailSettings.set({
      host: '127.0.0.1',
      port: smtp.port,
      security: 'starttls',
      username: SMTP_USER,
      password: SMTP_PASSWORD,
      fromAddress: 'adoptions@refuge.test',
      dailyCap: 1_000_000,
    });
    const words = () => ({ subject: 'News of {{pet}}', paragraphs: ['Hello,', '{{pet}} is well and sends a paw.'] });
    engine.sqlite.transaction(() => {
      for (let n = 0; n < MESSAGES; n++)
        outbox.enqueue(engine.sqlite, {
          kind: 'message',
          to: { address: `adopter${n}@example.test` },
          words,
          values: { pet: `Pet ${n}` },
        });
    })();
    const sender = new OutboxSender(outbox, mailSettings, { now: () => Date.now() }, engine.changes, {
      tls: { ca: smtp.caPem },
    });
    const started = performance.now();
    let sent = 0;
    for (;;) {
      const run = await sender.drain();
      sent += run.sent;
      if (!run.more) break;
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `drained ${sent} of ${MESSAGES} messages in ${seconds.toFixed(1)} s: ${(sent / seconds).toFixed(0)} messages/s; the server received ${smtp.received.length}`,
    );

    // Up to LISTED rows in the table, of every status, for the list's timing.
    const insert = engine.sqlite.prepare(
      `INSERT INTO outbox (message_id, to_address, language, kind, subject, text_body, html_body, status, created_at, sent_at, last_error)
       VALUES (?, ?, 'fr', 'message', ?, 'text', '<p>html</p>', ?, ?, ?, ?)`,
    );
    const statuses = ['sent', 'sent', 'sent', 'failed', 'queued', 'unsure'] as const;
    engine.sqlite.transaction(() => {
      for (let n = MESSAGES; n < LISTED; n++) {
        const status = statuses[n % statuses.length]!;
        insert.run(
          `<bench-${n}@refuge.test>`,
          `p${n}@example.test`,
          `Subject ${n}`,
          status,
          n,
          n,
          status === 'failed' ? '550 no' : null,
        );
      }
    })();
    for (const status of [undefined, 'failed'] as const) {
      const times: number[] = [];
      for (let n = 0; n < 50; n++) {
        const t0 = performance.now();
        outbox.list({ status, limit: 50 });
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      const p50 = percentile(times, 50);
      const p95 = percentile(times, 95);
      console.log(
        `outbox.list (${status ?? 'all'}) at ${LISTED} messages: p50 ${p50.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms (target ≤ ${TARGET_MS} ms: ${p95 <= TARGET_MS ? 'met' : 'MISSED'})`,
      );
    }
  } finally {
    engine.close();
    await smtp.close();
    removeTempDir(dataDir);
    removeSmtpCertificates();
  }
}

void main();
