import { execFile } from 'node:child_process';
import tls from 'node:tls';

export interface CurlResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** `curl` as a user would run it; resolves with its exit code (35: the TLS handshake failed; 60: not trusted). */
export function curl(args: string[]): Promise<CurlResult> {
  return new Promise((resolve) => {
    execFile('curl', ['--silent', '--show-error', '--max-time', '10', ...args], (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

/**
 * A TLS handshake to 127.0.0.1:port asking for `servername`: the certificate served, or the error
 * when the server gives none. It trusts nothing (it reads what is served, it does not judge it).
 */
export function peerCertificate(port: number, servername: string): Promise<tls.PeerCertificate> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ host: '127.0.0.1', port, servername, rejectUnauthorized: false }, () => {
      const certificate = socket.getPeerCertificate();
      socket.end();
      resolve(certificate);
    });
    socket.on('error', reject);
  });
}

/**
 * RawConnection's counterpart over TLS to 127.0.0.1:port, asking for `servername`: bytes sent as
 * given once the handshake is done, everything received kept until the server closes.
 */
export class TlsConnection {
  private readonly socket: tls.TLSSocket;
  private readonly chunks: Buffer[] = [];
  readonly secured: Promise<void>;
  readonly closed: Promise<void>;

  constructor(port: number, servername: string, deadlineMs = 10_000) {
    this.socket = tls.connect({ host: '127.0.0.1', port, servername, rejectUnauthorized: false });
    this.secured = new Promise((resolve, reject) => {
      this.socket.once('secureConnect', () => resolve());
      this.socket.once('error', reject);
    });
    this.secured.catch(() => {});
    this.socket.on('data', (chunk: Buffer) => this.chunks.push(chunk));
    this.socket.on('error', () => {});
    const deadline = setTimeout(() => this.socket.destroy(), deadlineMs);
    this.closed = new Promise((resolve) => {
      this.socket.once('close', () => {
        clearTimeout(deadline);
        resolve();
      });
    });
  }

  send(data: string): void {
    if (!this.socket.destroyed) this.socket.write(Buffer.from(data, 'latin1'));
  }

  received(): Buffer {
    return Buffer.concat(this.chunks);
  }
}
