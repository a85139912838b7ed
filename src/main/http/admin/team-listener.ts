import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../shared/errors';
import type { RunningTeamListener, TeamListener } from '../../team/listener';
import { buildAdminServer, type AdminHttpOptions } from './server';

/** The admin pages and contract over HTTPS on `host:port` (0.0.0.0 by default: the shelter's network). */
export async function startTeamListener(
  options: Omit<AdminHttpOptions, 'token'> & { team: TeamListener; host: string; port: number },
): Promise<RunningTeamListener> {
  // The team listener takes no token: its guard and its calls never look at one.
  const app: FastifyInstance = await buildAdminServer({ ...options, token: '' });
  try {
    await app.listen({ host: options.host, port: options.port });
  } catch (error) {
    await app.close();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new AppError('conflict', `Port ${options.port} on ${options.host} is already in use.`, {
        details: { reason: 'port_in_use', port: options.port, host: options.host, listener: 'https' },
      });
    }
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const server = app.server as unknown as { setSecureContext(context: { key: string; cert: string }): void };
  return {
    port,
    renew: ({ keyPem, chainPem }) => server.setSecureContext({ key: keyPem, cert: chainPem }),
    stop: () => app.close(),
  };
}
