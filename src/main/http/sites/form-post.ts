/**
 * The screening every public form's POST goes through, in one order: what the request line and
 * headers tell (declared size, type, the address's day) before a byte of the body is read, then the
 * body read up to its bound, decoded strictly, and screened (honeypot, fill time, links). What the
 * form itself asks (its fields, the e-mail's day) stays with the form.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FormLimits } from '../../../shared/front-door';
import type { FrontDoorService } from '../../front-door/front-door';
import { HONEYPOT_FIELD, TOKEN_FIELD, type Refusal } from '../../front-door/form-pages';
import { decodeFormBody, mostlyLinks, readBoundedBody } from '../../front-door/screening';

export interface FormPost {
  /** The largest body read, in bytes. */
  bodyLimit: number;
  limits: FormLimits;
  /** The name its form token was issued for. */
  formName: string;
  /** Sends the form's refusal page. */
  refuse: (status: number, refusal: Refusal, headers?: Record<string, string>) => FastifyReply;
}

/** The post's fields when it passed; `undefined` when it has been answered already (refused, or a robot thanked). */
export async function screenFormPost(
  frontDoor: FrontDoorService,
  request: FastifyRequest,
  reply: FastifyReply,
  { bodyLimit, limits, formName, refuse }: FormPost,
): Promise<Map<string, string> | undefined> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > bodyLimit) return void (await refuse(413, 'tooLarge', { connection: 'close' }));
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded')
    return void (await refuse(415, 'unreadable', { connection: 'close' }));
  const address = frontDoor.limits.admit([{ subject: `address:${request.ip}`, perDay: limits.perAddressPerDay }]);
  if (!address.admitted)
    return void (await refuse(429, 'tooMany', { 'retry-after': String(address.retryAfter), connection: 'close' }));

  const body = await readBoundedBody(request.raw, bodyLimit);
  if (body === undefined) return void (await refuse(413, 'tooLarge', { connection: 'close' }));
  const fields = decodeFormBody(body);
  if (fields === undefined) return void (await refuse(400, 'unreadable'));
  const field = (name: string) => (fields.get(name) ?? '').trim();
  // A filled honeypot is told it worked: a robot learns nothing, and nothing is kept.
  if (field(HONEYPOT_FIELD) !== '') return void (await reply.code(303).header('location', '/forms/thanks').send());
  const age = frontDoor.tokens.age(field(TOKEN_FIELD), formName, frontDoor.now());
  if (age === undefined || age < limits.minFillSeconds * 1000) return void (await refuse(400, 'tooSoon'));
  if (mostlyLinks([...fields.values()])) return void (await refuse(400, 'tooManyLinks'));
  return fields;
}
