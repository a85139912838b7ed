/**
 * A serving process killed (SIGKILL) while the SMTP server holds its answer to a message it already
 * has: the message was delivered, but the desk never heard. On restart it is `unsure` and not sent
 * again; the messages behind it go out once each.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { Engine } from '../../src/main/engine/engine';
import { INTERRUPTED_REASON } from '../../src/main/mail/outbox-sender';
import { PROJECT_ROOT } from '../helpers/processes';
import { removeSmtpCertificates, SMTP_PASSWORD, SMTP_USER, startSmtpServer } from '../helpers/smtp-server';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { waitFor } from '../helpers/wait-for';

afterAll(() => removeSmtpCertificates());

function startWorker(dataDir: string, caFile: string): { child: ChildProcess; exited: Promise<void> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/helpers/outbox-worker.ts', dataDir, caFile], {
    cwd: PROJECT_ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return { child, exited };
}

it('a kill between the server taking a message and the desk writing it down doubles nothing', async () => {
  const smtp = await startSmtpServer();
  const dataDir = makeTempDir('outbox-kill');
  const caFile = path.join(dataDir, 'smtp-ca.pem');
  fs.writeFileSync(caFile, smtp.caPem);
  const reader = new Engine({ dataDir, environment: 'production' });
  let worker: ReturnType<typeof startWorker> | undefined;
  try {
    const { services } = reader;
    services.mailSettings.set({
      host: '127.0.0.1',
      port: smtp.port,
      security: 'starttls',
      username: SMTP_USER,
      password: SMTP_PASSWORD,
      fromAddress: 'adoptions@refuge.test',
    });
    const ids = ['first', 'second', 'third'].map((name) => {
      const queued = services.outbox.queueTest(`${name}@example.test`, 'fr');
      if (!queued.queued) throw new Error('not queued');
      return queued.id;
    });
    const [held] = ids;
    smtp.answer = (mail) => (mail.to && JSON.stringify(mail.to).includes('first@') ? { hold: true } : { accept: true });

    worker = startWorker(dataDir, caFile);
    await waitFor(() => smtp.arrived.length === 1, 20_000);
    expect(reader.latest().services.outbox.store.get(held!)?.status).toBe('sending');
    worker.child.kill('SIGKILL');
    await worker.exited;
    // The server had it all along: it takes the message though the desk is gone.
    smtp.release(true);
    expect(smtp.received).toHaveLength(1);

    worker = startWorker(dataDir, caFile);
    const store = () => reader.latest().services.outbox.store;
    await waitFor(() => ids.slice(1).every((id) => store().get(id)?.status === 'sent'), 20_000);
    expect(store().get(held!)).toMatchObject({ status: 'unsure', lastError: INTERRUPTED_REASON });
    const perMessage = new Map<string, number>();
    for (const mail of smtp.arrived)
      perMessage.set(mail.messageId ?? '', (perMessage.get(mail.messageId ?? '') ?? 0) + 1);
    expect([...perMessage.values()]).toEqual([1, 1, 1]);
    expect(smtp.received).toHaveLength(3);
    expect(smtp.received[0]?.subject).toBe('Message d’essai de adoptions@refuge.test');
  } finally {
    worker?.child.kill('SIGKILL');
    await worker?.exited;
    reader.close();
    await smtp.close();
    removeTempDir(dataDir);
  }
}, 60_000);
