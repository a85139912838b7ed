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
  mostlyLinks,
  readBoundedBody,
  readMultipartBody,
  type SentFile,
} from '../../front-door/screening';

/** How many text fields a form with a file may send: the longest form asks a few dozen questions. */
const MULTIPART_FIELDS = 100;

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

  const decoded = multipart
    ? await readMultipartBody(request.raw, { bodyLimit, fieldLimit: textLimit, fields: MULTIPART_FIELDS, files: 1 })
    : await readFormBody(request.raw, bodyLimit);
  if (decoded === 'tooLarge') return void (await refuse(413, 'tooLarge', { connection: 'close' }));
  // A multipart body refused part-way is not read to its end: the connection goes with it.
  if (decoded === 'unreadable') return void (await refuse(400, 'unreadable', multipart ? { connection: 'close' } : {}));
  const { fields } = decoded;
  const field = (name: string) => (fields.get(name) ?? '').trim();
  // A filled honeypot is told it worked: a robot learns nothing, and nothing is kept.
  if (field(HONEYPOT_FIELD) !== '') return void (await reply.code(303).header('location', '/forms/thanks').send());
  const age = frontDoor.tokens.age(field(TOKEN_FIELD), formName, frontDoor.now());
  if (age === undefined || age < limits.minFillSeconds * 1000) return void (await refuse(400, 'tooSoon'));
  if (mostlyLinks([...fields.values()])) return void (await refuse(400, 'tooManyLinks'));
  return decoded;
}

async function readFormBody(stream: FastifyRequest['raw'], limit: number) {
  const body = await readBoundedBody(stream, limit);
  if (body === undefined) return 'tooLarge';
  const fields = decodeFormBody(body);
  return fields === undefined ? 'unreadable' : { fields, files: [] as SentFile[] };
}
