import { Engine } from '../../src/main/engine/engine';
import { ManualClock } from '../../src/shared/clock';
import type { MailSettings } from '../../src/shared/mail';
import { SMTP_PASSWORD, SMTP_USER, startSmtpServer, type TestSmtpServer } from './smtp-server';
import { makeTempDir, removeTempDir } from './temp-dir';

/** An engine on its own data dir and moved clock whose outbox sends through a real SMTP server (STARTTLS, login). */
export interface MailEngine {
  smtp: TestSmtpServer;
  engine: Engine;
  clock: ManualClock;
  dataDir: string;
  close(): Promise<void>;
}

export async function startMailEngine(
  name: string,
  settings: Partial<Pick<MailSettings, 'dailyCap' | 'unsubscribeBase'>> = {},
  start = Date.UTC(2026, 11, 1, 9),
): Promise<MailEngine> {
  const smtp = await startSmtpServer();
  const dataDir = makeTempDir(name);
  const clock = new ManualClock(start);
  const engine = new Engine({ dataDir, environment: 'production', clock, mail: { tls: { ca: smtp.caPem } } });
  engine.services.mailSettings.set({
    host: '127.0.0.1',
    port: smtp.port,
    security: 'starttls',
    username: SMTP_USER,
    password: SMTP_PASSWORD,
    fromAddress: 'adoptions@refuge.test',
    unsubscribeBase: 'https://desk.refuge.test',
    dailyCap: 100,
    ...settings,
  });
  return {
    smtp,
    engine,
    clock,
    dataDir,
    async close() {
      engine.close();
      removeTempDir(dataDir);
      await smtp.close();
    },
  };
}
