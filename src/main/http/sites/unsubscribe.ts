/**
 * The unsubscribe link of every message that is not part of an adoption (RFC 2369 List-Unsubscribe,
 * docs/contract.md "The unsubscribe link"), on the adoption site's own host: `GET` shows the question
 * (a link a mail scanner fetches unsubscribes nobody), `POST` — the button, or a mail client's
 * one-click (RFC 8058) — records the opt-out once. A token nobody has gets the same page as one that
 * is someone's, and no answer repeats the token. Counted per address like the public forms.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Engine } from '../../engine/engine';
import { readBoundedBody } from '../../front-door/screening';
import { unsubscribePage, type UnsubscribeStep } from '../../mail/unsubscribe-page';

export const UNSUBSCRIBE_PREFIX = '/mail/unsubscribe/';
/** One-click's body is `List-Unsubscribe=One-Click`: anything much longer is not one. */
export const UNSUBSCRIBE_BODY_LIMIT = 1024;
/** Opening links and pressing the button, per address and day: a household's worth, far below a guesser's. */
export const UNSUBSCRIBE_PER_ADDRESS_PER_DAY = 60;
/** The tokens the outbox makes (24 random bytes, base64url); anything else is nobody's, unread. */
const TOKEN = /^[A-Za-z0-9_-]{32}$/;

export function isUnsubscribePath(pathname: string): boolean {
  return pathname.startsWith(UNSUBSCRIBE_PREFIX);
}

export async function answerUnsubscribe(
  engine: Engine,
  request: FastifyRequest,
  reply: FastifyReply,
  pathname: string,
): Promise<void> {
  const { outbox, shelter, frontDoor } = engine.services;
  const token = pathname.slice(UNSUBSCRIBE_PREFIX.length);
  const known = TOKEN.test(token) ? token : null;
  const language = known ? outbox.unsubscribeLanguage(known) : outbox.shelterLanguage();
  const shelterName = shelter.get().name ?? shelter.name() ?? '';
  reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
  const page = (status: number, step: UnsubscribeStep, headers: Record<string, string> = {}) =>
    reply
      .code(status)
      .headers(headers)
      .type('text/html; charset=utf-8')
      .send(unsubscribePage(step, language, shelterName));

  if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'POST') {
    await reply.code(405).header('allow', 'GET, HEAD, POST').type('text/plain; charset=utf-8').send('Not allowed.\n');
    return;
  }
  const post = request.method === 'POST';
  if (post && Number(request.headers['content-length'] ?? 0) > UNSUBSCRIBE_BODY_LIMIT)
    return void (await page(413, 'tooLarge', { connection: 'close' }));
  const admitted = frontDoor.limits.admit([
    { subject: `unsubscribe:${request.ip}`, perDay: UNSUBSCRIBE_PER_ADDRESS_PER_DAY },
  ]);
  if (!admitted.admitted)
    return void (await page(429, 'tooMany', { 'retry-after': String(admitted.retryAfter), connection: 'close' }));
  if (!post) return void (await page(200, 'confirm'));
  if ((await readBoundedBody(request.raw, UNSUBSCRIBE_BODY_LIMIT)) === undefined)
    return void (await page(413, 'tooLarge', { connection: 'close' }));
  if (known) outbox.unsubscribe(known);
  await page(200, 'done');
}
