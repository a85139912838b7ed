import http from 'node:http';
import net from 'node:net';

export interface SiteResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One request to 127.0.0.1:port with the given Host; the path is sent exactly as written. */
export function siteRequest(
  port: number,
  host: string,
  target: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<SiteResponse> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: target,
        method: options.method ?? 'GET',
        headers: { host, ...options.headers },
        agent: false,
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: flatten(response.headers), body }),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/**
 * The same over a raw socket, so nothing on the client side rewrites the request line (dot
 * segments, backslashes, encoded slashes reach the server exactly as typed).
 */
export function rawRequest(port: number, host: string, target: string): Promise<SiteResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () =>
      socket.write(`GET ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`),
    );
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const split = text.indexOf('\r\n\r\n');
      const [statusLine = '', ...lines] = text.slice(0, split).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: text.slice(split + 4) });
    });
  });
}

function flatten(headers: http.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  return out;
}
