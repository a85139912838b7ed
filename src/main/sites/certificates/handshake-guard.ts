import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type https from 'node:https';

/**
 * Connections still in their TLS handshake may hold at most half of the server's connections; past
 * that, a new connection pushes out the oldest handshake still pending. Clients that never finish a
 * handshake (or never send a ClientHello) then cannot keep a real client out: its handshake takes a
 * round trip or two, the flood's would have to outrun it. The other half is left to connections that
 * finished their handshake, which the HTTP timeouts bound as on the plain port. Without this, a full
 * server refuses every newcomer until the handshake timeout frees a place.
 */
export function limitPendingHandshakes(server: https.Server, maxConnections: number): void {
  const cap = Math.max(1, Math.floor(maxConnections / 2));
  // Keyed by the peer's address and port: a TLSSocket and the raw socket under it report the same pair.
  const pending = new Map<string, Socket>();
  const peer = (socket: Socket) => `${socket.remoteAddress ?? ''}|${socket.remotePort ?? ''}`;
  server.on('connection', (raw: Socket) => {
    if (pending.size >= cap) {
      const [oldestKey, oldest] = pending.entries().next().value as [string, Socket];
      pending.delete(oldestKey);
      oldest.destroy();
    }
    const key = peer(raw);
    pending.set(key, raw);
    raw.once('close', () => {
      if (pending.get(key) === raw) pending.delete(key);
    });
  });
  server.on('secureConnection', (socket: TLSSocket) => {
    pending.delete(peer(socket));
  });
}
