/**
 * `mail settings|list|send|retry|test|pause` through the CLI (in-process, the password given on its stdin): the password read from
 * stdin lands 0600 beside the database and is never printed; a message the CLI queues is sent by
 * the running server, once; a 5xx-failed one is queued again by `mail retry`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { Engine } from '../../src/main/engine/engine';
import { runCliInProcess } from '../helpers/cli-in-process';
import { removeSmtpCertificates, SMTP_PASSWORD, SMTP_USER, startSmtpServer } from '../helpers/smtp-server';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { waitFor } from '../helpers/wait-for';

afterAll(() => removeSmtpCertificates());

it('sets up mail with the password on stdin, queues from the CLI, and the server sends it once', async () => {
  const smtp = await startSmtpServer();
  const dataDir = makeTempDir('mail-cli');
  const server = new Engine({ dataDir, environment: 'production', mail: { tls: { ca: smtp.caPem } } });
  try {
    const set = await runCliInProcess(
      dataDir,
      [
        '--json',
        'mail',
        'settings',
        '--host',
        '127.0.0.1',
        '--port',
        String(smtp.port),
        '--security',
        'starttls',
        '--user',
        SMTP_USER,
        '--from',
        'adoptions@refuge.test',
        '--password-stdin',
      ],
      { stdin: `${SMTP_PASSWORD}\n` },
    );
    expect(set.code).toBe(0);
    expect(JSON.parse(set.stdout)).toMatchObject({ host: '127.0.0.1', passwordStored: true, paused: false });
    expect(set.stdout + set.stderr).not.toContain(SMTP_PASSWORD);
    const file = path.join(dataDir, 'mail-password-production');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(file, 'utf8')).toBe(SMTP_PASSWORD);

    smtp.answer = (mail) =>
      mail.subject === 'Refused' ? { accept: false, code: 554, message: '5.7.1 Rejected' } : { accept: true };
    server.startBackgroundJobs();
    expect(
      (
        await runCliInProcess(dataDir, [
          'mail',
          'send',
          'elodie@example.test',
          '--subject',
          'Hello',
          '--text',
          'One\n\nTwo',
        ])
      ).code,
    ).toBe(0);
    expect(
      (await runCliInProcess(dataDir, ['mail', 'send', 'x@example.test', '--subject', 'Refused', '--text', 'No'])).code,
    ).toBe(0);
    await waitFor(
      () =>
        server.latest().services.outbox.list().counts.sent === 1 && server.services.outbox.list().counts.failed === 1,
      20_000,
    );
    const listed = await runCliInProcess(dataDir, ['--json', 'mail', 'list', '--status', 'failed']);
    expect(JSON.parse(listed.stdout)).toEqual([
      expect.objectContaining({ status: 'failed', why: expect.stringContaining('554 5.7.1 Rejected') }),
    ]);
    smtp.answer = () => ({ accept: true });
    const [failed] = JSON.parse(listed.stdout) as { id: number }[];
    expect((await runCliInProcess(dataDir, ['mail', 'retry', String(failed!.id)])).code).toBe(0);
    await waitFor(() => server.latest().services.outbox.list().counts.sent === 2, 20_000);
    expect(smtp.received.map((mail) => mail.subject).sort()).toEqual(['Hello', 'Refused']);
    expect(smtp.received.find((mail) => mail.subject === 'Hello')?.text).toBe('One\n\nTwo');

    expect((await runCliInProcess(dataDir, ['mail', 'pause', 'on'])).code).toBe(0);
    expect(server.latest().services.outbox.view().paused).toBe(true);
  } finally {
    server.close();
    await smtp.close();
    removeTempDir(dataDir);
  }
}, 90_000);
