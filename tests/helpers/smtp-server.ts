/**
 * A real SMTP server in the test's process (smtp-server from npm), with TLS from the first byte or
 * STARTTLS, login required, and mailparser reading what arrived. What it answers is the test's to
 * choose, message by message: accept, refuse with a code, answer slowly, or hold the answer.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';
import { LocalCa } from '../../src/main/sites/certificates/local-ca';
import { systemClock } from '../../src/shared/clock';
import { makeTempDir, removeTempDir } from './temp-dir';

export const SMTP_USER = 'desk@shelter.test';
export const SMTP_PASSWORD = 'correct horse battery staple';

/** What the server says to the end of one message's data. */
export type SmtpAnswer =
  | { accept: true; delayMs?: number }
  | { accept: false; code: number; message: string; delayMs?: number }
  /** Never answers by itself: the test's `release` does, after it did what it wanted (killed the sender). */
  | { hold: true };

export interface TestSmtpServer {
  port: number;
  /** The CA the server's certificate chains to (PEM): what the engine must trust. */
  caPem: string;
  /** Every message accepted, parsed, in arrival order. */
  received: ParsedMail[];
  /** Every message whose data arrived, whatever was answered (a held one included). */
  arrived: ParsedMail[];
  logins: number;
  answer: (raw: ParsedMail) => SmtpAnswer;
  /** Answers a held message: accepted or not. */
  release(accept: boolean): void;
  close(): Promise<void>;
}

export interface SmtpServerOptions {
  /** TLS from the first byte (465's way); otherwise STARTTLS, required before login. */
  implicitTls?: boolean;
  /** A certificate from a CA the engine does not trust: the TLS failure. */
  untrusted?: boolean;
  port?: number;
}

async function certificateFor(dir: string, name: string): Promise<{ key: string; cert: string; caPem: string }> {
  const ca = new LocalCa(dir, systemClock, { file: `${name}.pem`, name: `Test SMTP CA ${name}` });
  const leaf = await ca.issue({ dns: ['localhost'], ips: ['127.0.0.1'] });
  return { key: leaf.keyPem, cert: leaf.chainPem, caPem: await ca.certificatePem() };
}

const caDir = makeTempDir('smtp-ca');
let trusted: Promise<{ key: string; cert: string; caPem: string }> | undefined;
let stranger: Promise<{ key: string; cert: string; caPem: string }> | undefined;

/** The CA every server's certificate chains to (unless untrusted): known before a server starts. */
export async function smtpCaPem(): Promise<string> {
  trusted ??= certificateFor(caDir, 'trusted');
  return (await trusted).caPem;
}

export async function startSmtpServer(options: SmtpServerOptions = {}): Promise<TestSmtpServer> {
  trusted ??= certificateFor(caDir, 'trusted');
  stranger ??= certificateFor(caDir, 'stranger');
  const trustedCert = await trusted;
  const served = options.untrusted ? await stranger : trustedCert;
  let held: ((accept: boolean) => void) | undefined;
  const state: TestSmtpServer = {
    port: 0,
    caPem: trustedCert.caPem,
    received: [],
    arrived: [],
    logins: 0,
    answer: () => ({ accept: true }),
    release: (accept) => {
      const answer = held;
      held = undefined;
      answer?.(accept);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    secure: options.implicitTls ?? false,
    key: served.key,
    cert: served.cert,
    logger: false,
    disabledCommands: [],
    // Login only over TLS, as a provider does.
    allowInsecureAuth: false,
    authMethods: ['PLAIN', 'LOGIN'],
    onAuth(auth, _session, callback) {
      if (auth.username !== SMTP_USER || auth.password !== SMTP_PASSWORD)
        return callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
      state.logins += 1;
      callback(null, { user: auth.username });
    },
    onData(stream: SMTPServerDataStream, _session, callback) {
      void simpleParser(stream).then((mail) => {
        state.arrived.push(mail);
        const answer = state.answer(mail);
        const reply = (accept: boolean, code = 0, message = '') => {
          if (accept) {
            state.received.push(mail);
            callback(null, 'Message queued');
          } else callback(Object.assign(new Error(message), { responseCode: code }));
        };
        if ('hold' in answer) held = (accept) => reply(accept, 451, 'released without acceptance');
        else
          setTimeout(
            () => (answer.accept ? reply(true) : reply(false, answer.code, answer.message)),
            answer.delayMs ?? 0,
          );
      });
    },
  });
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', () => resolve()));
  state.port = (server.server.address() as AddressInfo).port;
  return state;
}

/** The CA folder of every server this file made; called once after the file's tests. */
export function removeSmtpCertificates(): void {
  removeTempDir(caDir);
}
