import { timingSafeEqual } from 'node:crypto';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_HTTP_PREFIX } from '../../shared/admin-contract';
import { AppError } from '../../shared/errors';
import { dispatchAdmin, type AdminHandlers } from './dispatch';

export interface AdminHttpOptions {
  handlers: AdminHandlers;
  /** Random per start; the page gets it in the URL fragment and sends it as x-admin-token. */
  token: string;
  /** The built renderer (index.html and assets). */
  rendererDir: string;
}

const LOOPBACK_ADDRESSES = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const LOOPBACK_HOSTNAMES = new Set(['127.0.0.1', 'localhost', '[::1]']);

function sameToken(given: string | string[] | undefined, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Only this machine, and only under a loopback name: no other host, no DNS rebinding, no other site. */
function guard(request: FastifyRequest): void {
  if (!LOOPBACK_ADDRESSES.has(request.socket.remoteAddress ?? '')) {
    throw new AppError('forbidden', 'The admin pages answer only to this computer.');
  }
  const hostname = (request.host ?? '').replace(/:\d+$/, '');
  if (!LOOPBACK_HOSTNAMES.has(hostname)) throw new AppError('forbidden', 'The admin pages answer only under 127.0.0.1 or localhost.');
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== `${request.protocol}://${request.host}`) {
    throw new AppError('forbidden', 'Requests from other sites are refused.');
  }
}

/** Browser mode: the renderer build under /admin/ and the admin contract under /admin/api/. */
export async function registerAdminHttp(app: FastifyInstance, options: AdminHttpOptions): Promise<void> {
  await app.register(async (admin) => {
    admin.addHook('onRequest', async (request) => guard(request));
    admin.addHook('onSend', async (_request, reply: FastifyReply) => {
      reply.header('cache-control', 'no-store');
      reply.header('x-frame-options', 'DENY');
      reply.header('x-content-type-options', 'nosniff');
      reply.header('referrer-policy', 'no-referrer');
    });

    admin.get('/admin', async (_request, reply) => reply.redirect('/admin/'));
    await admin.register(fastifyStatic, { root: options.rendererDir, prefix: '/admin/', index: 'index.html', wildcard: false });

    admin.post(`${ADMIN_HTTP_PREFIX}:channel`, async (request, reply) => {
      if (!sameToken(request.headers['x-admin-token'], options.token)) {
        const error = new AppError('unauthorized', 'The admin token is missing or wrong: open the address printed by `npm run serve -- --admin`.');
        return reply.code(error.status).send({ ok: false, error: error.toBody() });
      }
      const { channel } = request.params as { channel: string };
      return reply.send(await dispatchAdmin(options.handlers, channel, request.body ?? {}));
    });
  });
}
