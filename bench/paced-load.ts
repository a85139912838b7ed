/**
 * Load for the benches that measure the API's CPU per request beside other work in the same process
 * (bench/front-door.ts, bench/outbox.ts): plain HTTP requests, a paced schedule, the process's CPU.
 */
import http from 'node:http';

export interface Answer {
  status: number;
  body: string;
  ms: number;
}

/** One request on a connection of its own (as a visitor's browser, not a keep-alive client), timed. */
export function request(
  port: number,
  options: { host: string; path: string; method?: string; headers?: Record<string, string>; from?: string },
  body?: string | Buffer,
): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: '127.0.0.1',
        port,
        path: options.path,
        method: options.method ?? 'GET',
        localAddress: options.from,
        headers: { host: options.host, ...options.headers },
        agent: false,
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: text, ms: performance.now() - started }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** One `GET /v1/pets?limit=20` with the key, as an API client makes it: its time in ms (anything but 200 throws). */
export async function getPets(port: number, key: string): Promise<number> {
  const answer = await request(port, {
    host: `127.0.0.1:${port}`,
    path: '/v1/pets?limit=20',
    headers: { authorization: `Bearer ${key}` },
  });
  if (answer.status !== 200) throw new Error(`GET: ${answer.status}`);
  return answer.ms;
}

/** This process's CPU so far (user and system), in ms. */
export function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** Calls `send` `perSecond` times a second, on schedule, for `seconds`; resolves with each answer's time. */
export async function paced(perSecond: number, seconds: number, send: () => Promise<number>): Promise<number[]> {
  const started = performance.now();
  const answers: Promise<number>[] = [];
  for (let count = 0; count < perSecond * seconds; count++) {
    const wait = started + (count * 1000) / perSecond - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    answers.push(send());
  }
  return Promise.all(answers);
}
