/**
 * The front door on the adoption site's own host: `GET /forms/apply[?pet=ID]`, `GET /forms/foster`,
 * their `POST`, the thank-you page and the form's script and style (docs/contract.md, "The front
 * door"). The first public write: everything that can be judged from the request line and headers
 * (the form, the animal, the size, the type, the address's limit) is judged before a byte of the body
 * is read; the body is read up to 64 KiB, decoded strictly, and screened (honeypot, fill time, links,
 * the e-mail's limit) before the service sees it. Only the form re-shown to fix repeats what was
 * sent, escaped.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../shared/errors';
import { FORM_KINDS, SubmittedFieldsSchema, type FormKind } from '../../../shared/front-door';
import type { Engine } from '../../engine/engine';
import { answersTo } from '../../front-door/front-door';
import {
  CONSENT_FIELD,
  FORM_SCRIPT,
  TOKEN_FIELD,
  FORM_STYLE,
  consentShown,
  formPage,
  refusalPage,
  thanksPage,
  type Refusal,
} from '../../front-door/form-pages';
import { publishedWords } from '../../publishing/words/words';
import { screenFormPost } from './form-post';
import { answerReportForm, reportKindOf } from './report-forms';

/** The largest form body read: a long application is a few KiB. */
export const FORM_BODY_LIMIT = 64 * 1024;

const CLOSED_REFUSALS = { paused: 'paused', not_available: 'notAvailable', form_closed: 'closed' } as const;

/** Whether this path is the front door's (only on an adoption site's host). */
export function isFrontDoorPath(pathname: string): boolean {
  return pathname === '/forms' || pathname.startsWith('/forms/');
}

export async function answerFrontDoor(
  engine: Engine,
  request: FastifyRequest,
  reply: FastifyReply,
  pathname: string,
  query: URLSearchParams,
): Promise<void> {
  reply.header('cache-control', 'no-store');
  if (pathname === '/forms/form.js') return void (await reply.type('text/javascript; charset=utf-8').send(FORM_SCRIPT));
  if (pathname === '/forms/form.css') return void (await reply.type('text/css; charset=utf-8').send(FORM_STYLE));
  const { services } = engine;
  const shelter = services.shelter.get();
  const words = publishedWords(shelter.language);
  const shelterName = shelter.name ?? services.shelter.name() ?? '';
  const html = (status: number, page: string) => reply.code(status).type('text/html; charset=utf-8').send(page);
  if (pathname === '/forms/thanks') return void (await html(200, thanksPage(words, shelterName)));
  const reportKind = reportKindOf(pathname);
  if (reportKind) return answerReportForm(engine, request, reply, reportKind);

  const kind = pathname.slice('/forms/'.length) as FormKind;
  if (!FORM_KINDS.includes(kind)) return void (await html(404, refusalPage(words, shelterName, 'closed', null, null)));
  const petParam = kind === 'apply' ? query.get('pet') : null;
  const petId = petParam !== null && /^[1-9]\d{0,9}$/.test(petParam) ? Number(petParam) : null;
  const pet = petId === null ? undefined : services.pets.get(petId);
  if (petParam !== null && (pet === undefined || pet.status === 'sold'))
    return void (await html(404, refusalPage(words, shelterName, 'notAvailable', null, null)));
  const shownPet = pet ? { id: pet.id, name: pet.name } : null;
  const refuse = (status: number, refusal: Refusal, headers: Record<string, string> = {}) =>
    reply
      .headers(headers)
      .code(status)
      .type('text/html; charset=utf-8')
      .send(refusalPage(words, shelterName, refusal, shownPet, `${pathname}${petId ? `?pet=${petId}` : ''}`));

  const frontDoor = services.frontDoor;
  const closed = frontDoor.closedReason(kind, petId);
  if (closed) return void (await refuse(request.method === 'POST' ? 409 : 200, CLOSED_REFUSALS[closed]));
  const form = frontDoor.form(kind);
  const formName = `${kind}:${petId ?? ''}`;

  if (request.method === 'GET' || request.method === 'HEAD') {
    const token = frontDoor.tokens.issue(formName, frontDoor.now());
    return void (await html(200, formPage({ form, words, shelterName, pet: shownPet, token })));
  }
  if (request.method !== 'POST') {
    await reply.code(405).header('allow', 'GET, HEAD, POST').type('text/plain; charset=utf-8').send('Not allowed.\n');
    return;
  }

  // Screened as every public form's post is (form-post.ts), the size, type and address before the body.
  const { limits } = form;
  const screened = await screenFormPost(frontDoor, request, reply, {
    bodyLimit: FORM_BODY_LIMIT,
    limits,
    formName,
    refuse,
  });
  if (screened === undefined) return;
  const { fields } = screened;
  const field = (name: string) => (fields.get(name) ?? '').trim();
  const answers = Object.fromEntries(
    [...fields].filter(([name]) => name.startsWith('q-')).map(([name, value]) => [name.slice(2), value]),
  );
  // What a person must fix comes back on the form itself, with what they typed (escaped), never lost.
  const problems = new Set<string>();
  if (field('name') === '') problems.add('name');
  if (!SubmittedFieldsSchema.shape.email.safeParse(field('email')).success) problems.add('email');
  if (field(CONSENT_FIELD) !== 'yes') problems.add(CONSENT_FIELD);
  for (const question of answersTo(form, answers).missing) problems.add(`q-${question}`);
  if (problems.size > 0)
    return void (await html(
      400,
      formPage({
        form,
        words,
        shelterName,
        pet: shownPet,
        token: field(TOKEN_FIELD),
        sent: { values: fields, problems },
      }),
    ));
  const email = frontDoor.limits.hasRoom(`email:${field('email').toLowerCase()}`, limits.perEmailPerDay);
  if (!email) return void (await refuse(429, 'tooMany'));
  try {
    frontDoor.receive(
      kind,
      petId,
      {
        name: field('name'),
        email: field('email'),
        phone: field('phone') || null,
        postcode: field('postcode') || null,
        answers,
      },
      consentShown(form, words, shelterName),
    );
  } catch (error) {
    if (error instanceof AppError && error.code === 'validation_failed') return void (await refuse(400, 'fixFields'));
    if (error instanceof AppError && error.code === 'conflict') return void (await refuse(409, 'closed'));
    throw error;
  }
  frontDoor.limits.admit([{ subject: `email:${field('email').toLowerCase()}`, perDay: limits.perEmailPerDay }]);
  await reply.code(303).header('location', '/forms/thanks').send();
}
