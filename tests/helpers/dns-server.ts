import dgram from 'node:dgram';
import { ZoneDnsServer, type Zone } from '../../src/main/sites/zone-dns-server';

export interface TestDns {
  /** HOST:PORT, as given to --dns-server. */
  server: string;
  /** The zone the server answers from; tests change it between queries. */
  zone: Zone;
  close(): Promise<void>;
}

/** A DNS server on 127.0.0.1 (a free port) answering from `zone`, which the test edits. */
export async function startTestDns(initial: Zone = {}): Promise<TestDns> {
  const state: TestDns = { server: '', zone: initial, close: async () => undefined };
  const dns = new ZoneDnsServer(() => state.zone);
  const port = await dns.listen(0);
  state.server = `127.0.0.1:${port}`;
  state.close = () => dns.close();
  return state;
}

/** A UDP socket on 127.0.0.1 that reads every query and never answers: a resolver that is down. */
export async function startSilentResolver(): Promise<{ server: string; queries(): number; close(): Promise<void> }> {
  const socket = dgram.createSocket('udp4');
  let queries = 0;
  socket.on('message', () => (queries += 1));
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    server: `127.0.0.1:${socket.address().port}`,
    queries: () => queries,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
