import { isIP } from 'node:net';
import { Readable } from 'node:stream';
import type { ConnectionOptions } from 'node:tls';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
import type { MailSettings } from '../../shared/mail';

/** How long the provider may take: to connect, to greet, and to answer any one command (the end of DATA included). */
export interface SmtpTimeouts {
  connectMs: number;
  answerMs: number;
}

export const DEFAULT_SMTP_TIMEOUTS: SmtpTimeouts = { connectMs: 15_000, answerMs: 60_000 };

/** Where the engine reaches the provider from; tests trust their own CA here. */
export interface SmtpOptions {
  timeouts?: SmtpTimeouts;
  tls?: ConnectionOptions;
}

/**
 * What became of one message:
 * - accepted: the server said 250 to its end of data;
 * - refused: the server answered with a code — 5xx for good, 4xx for now;
 * - lost: no answer (timeout, a dropped line, TLS gone wrong). `handedOver` says whether the whole
 *   message had been written to the server by then: if so it may have arrived, and is not resent blindly.
 */
export type SendOutcome =
  | { kind: 'accepted'; response: string }
  | { kind: 'refused'; permanent: boolean; reason: string }
  | { kind: 'lost'; handedOver: boolean; reason: string };

interface SmtpError extends Error {
  code?: string;
  responseCode?: number;
  response?: string;
}

export function describeSmtpError(error: unknown): string {
  const e = error as SmtpError;
  const said = e.response ?? e.message;
  return e.code ? `${e.code}: ${said}` : said;
}

/** One connection to the provider, logged in, sending messages one after another. */
export class SmtpSession {
  private constructor(private readonly connection: SMTPConnection) {}

  /** Connects (TLS or STARTTLS as set) and logs in; throws what went wrong, for all the messages waiting. */
  static async open(settings: MailSettings, password: string | null, options: SmtpOptions = {}): Promise<SmtpSession> {
    const timeouts = options.timeouts ?? DEFAULT_SMTP_TIMEOUTS;
    const connection = new SMTPConnection({
      host: settings.host,
      port: settings.port,
      secure: settings.security === 'tls',
      requireTLS: settings.security === 'starttls',
      ignoreTLS: settings.security === 'none',
      connectionTimeout: timeouts.connectMs,
      greetingTimeout: timeouts.connectMs,
      socketTimeout: timeouts.answerMs,
      // The provider's address as the staff typed it: a loopback or LAN relay is theirs to choose.
      allowInternalNetworkInterfaces: true,
      // SNI names a host, never an address (RFC 6066); the certificate is checked against either.
      tls: { servername: isIP(settings.host) ? undefined : settings.host, ...options.tls },
      logger: false,
    });
    const session = new SmtpSession(connection);
    // A late error after close (a socket reset) must not become an uncaught 'error' event.
    connection.on('error', () => undefined);
    try {
      await new Promise<void>((resolve, reject) => {
        connection.once('error', reject);
        connection.connect(() => {
          connection.removeListener('error', reject);
          resolve();
        });
      });
      if (settings.username)
        await new Promise<void>((resolve, reject) =>
          connection.login({ user: settings.username ?? '', pass: password ?? '' }, (error) =>
            error ? reject(error) : resolve(),
          ),
        );
    } catch (error) {
      session.close();
      throw error;
    }
    return session;
  }

  send(from: string, to: string, raw: Buffer): Promise<SendOutcome> {
    let handedOver = false;
    const body = new Readable({
      read() {
        this.push(raw);
        this.push(null);
      },
    });
    body.on('end', () => (handedOver = true));
    return new Promise((resolve) => {
      this.connection.send({ from, to: [to] }, body, (error, info) => {
        if (!error) return resolve({ kind: 'accepted', response: info?.response ?? '250' });
        const e = error as SmtpError;
        const reason = describeSmtpError(e);
        if (e.responseCode && e.responseCode >= 400)
          return resolve({ kind: 'refused', permanent: e.responseCode >= 500, reason });
        resolve({ kind: 'lost', handedOver, reason });
      });
    });
  }

  /** Ready for the next message on the same connection (RSET). */
  reset(): Promise<boolean> {
    return new Promise((resolve) => this.connection.reset((error) => resolve(!error)));
  }

  quit(): void {
    this.connection.quit();
  }

  close(): void {
    this.connection.close();
  }
}

/** Connects and logs in as the outbox would, then says goodbye: `mail test`'s first half. */
export async function checkSmtp(
  settings: MailSettings,
  password: string | null,
  options: SmtpOptions = {},
): Promise<void> {
  const session = await SmtpSession.open(settings, password, options);
  session.quit();
}
