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
import {
  decodeFormBody,
  decodeMultipartBody,
  mostlyLinks,
  readBoundedBody,
  type SentFile,
} from '../../front-door/screening';

export interface FormPost {
  /** The largest body read, in bytes. */
  bodyLimit: number;
  limits: FormLimits;
  /** The name its form token was issued for. */
  formName: string;
  /** When the form may send a file: `multipart/form-data` is taken too, up to this larger bound. */
  files?: { bodyLimit: number };
  /** Sends the form's refusal page. */
  refuse: (status: number, refusal: Refusal, headers?: Record<string, string>) => FastifyReply;
}

/** The post's fields and files when it passed; `undefined` when it has been answered already (refused, or a robot thanked). */
export async function screenFormPost(
  frontDoor: FrontDoorService,
  request: FastifyRequest,
  reply: FastifyReply,
  { bodyLimit: textLimit, limits, formName, files: takesFiles, refuse }: FormPost,
): Promise<{ fields: Map<string, string>; files: SentFile[] } | undefined> {
  const [typeLine = '', ...parameters] = (request.headers['content-type'] ?? '').split(';');
  const type = typeLine.trim().toLowerCase();
  const boundary = parameters
    .map((parameter) => /^\s*boundary="?([^"]*)"?\s*$/i.exec(parameter)?.[1])
    .find((value) => value !== undefined);
  const multipart = takesFiles !== undefined && type === 'multipart/form-data' && boundary !== undefined;
  const bodyLimit = multipart ? takesFiles.bodyLimit : textLimit;
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > bodyLimit) return void (await refuse(413, 'tooLarge', { connection: 'close' }));
  if (type !== 'application/x-www-form-urlencoded' && !multipart)
    return void (await refuse(415, 'unreadable', { connection: 'close' }));
  const address = frontDoor.limits.admit([{ subject: `address:${request.ip}`, perDay: limits.perAddressPerDay }]);
  if (!address.admitted)
    return void (await refuse(429, 'tooMany', { 'retry-after': String(address.retryAfter), connection: 'close' }));

  const body = await readBoundedBody(request.raw, bodyLimit);
  if (body === undefined) return void (await refuse(413, 'tooLarge', { connection: 'close' }));
  const decoded = multipart ? decodeMultipartBody(body, boundary!) : { fields: decodeFormBody(body), files: [] };
  const fields = decoded?.fields;
  if (fields === undefined) return void (await refuse(400, 'unreadable'));
  const field = (name: string) => (fields.get(name) ?? '').trim();
  // A filled honeypot is told it worked: a robot learns nothing, and nothing is kept.
  if (field(HONEYPOT_FIELD) !== '') return void (await reply.code(303).header('location', '/forms/thanks').send());
  const age = frontDoor.tokens.age(field(TOKEN_FIELD), formName, frontDoor.now());
  if (age === undefined || age < limits.minFillSeconds * 1000) return void (await refuse(400, 'tooSoon'));
  if (mostlyLinks([...fields.values()])) return void (await refuse(400, 'tooManyLinks'));
  return { fields, files: decoded!.files };
}
