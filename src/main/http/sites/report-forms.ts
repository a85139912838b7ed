/**
 * The site's lost and found forms, `GET|POST /forms/lost` and `/forms/found`: the same screening as
 * the applications' forms (size and type judged before the body, the address's day counted by the
 * quota engine, a bounded strict body, honeypot, fill time, links, the e-mail's day), then
 * `recordReport` with the site as its source, its one photo (multipart) through the photo pipeline.
 * No answer repeats what was sent.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../shared/errors';
import { REPORT_KINDS, type ReportKind } from '../../../shared/lost-found';
import type { Engine } from '../../engine/engine';
import { CONSENT_FIELD, refusalPage, type Refusal } from '../../front-door/form-pages';
import { reportFormPage } from '../../front-door/report-form-page';
import { publishedWords } from '../../publishing/words/words';
import { screenFormPost } from './form-post';
import { processPhoto } from '../../photos/process-photo';
import type { ReportPhoto } from '../../lost-found/store';

/** A report's fields are a few KiB at most. */
export const REPORT_BODY_LIMIT = 64 * 1024;
/** With its one photo: a phone's picture. */
export const REPORT_WITH_PHOTO_LIMIT = 8 * 1024 * 1024;

/** Whether this path is one of the lost and found forms. */
export function reportKindOf(pathname: string): ReportKind | undefined {
  const kind = pathname.slice('/forms/'.length);
  return (REPORT_KINDS as readonly string[]).includes(kind) ? (kind as ReportKind) : undefined;
}

export async function answerReportForm(
  engine: Engine,
  request: FastifyRequest,
  reply: FastifyReply,
  kind: ReportKind,
): Promise<void> {
  const { services } = engine;
  const shelter = services.shelter.get();
  const words = publishedWords(shelter.language);
  const shelterName = shelter.name ?? services.shelter.name() ?? '';
  const frontDoor = services.frontDoor;
  const formName = `report:${kind}`;
  const html = (status: number, page: string) => reply.code(status).type('text/html; charset=utf-8').send(page);
  const refuse = (status: number, refusal: Refusal, headers: Record<string, string> = {}) =>
    reply
      .headers(headers)
      .code(status)
      .type('text/html; charset=utf-8')
      .send(refusalPage(words, shelterName, refusal, null, `/forms/${kind}`));

  if (request.method === 'GET' || request.method === 'HEAD') {
    const token = frontDoor.tokens.issue(formName, frontDoor.now());
    return void (await html(200, reportFormPage(kind, words, shelterName, token)));
  }
  if (request.method !== 'POST') {
    await reply.code(405).header('allow', 'GET, HEAD, POST').type('text/plain; charset=utf-8').send('Not allowed.\n');
    return;
  }
  // The lost and found forms take the general application form's limits: one setting for the site's doors.
  const { limits } = frontDoor.form('apply');
  const screened = await screenFormPost(frontDoor, request, reply, {
    bodyLimit: REPORT_BODY_LIMIT,
    limits,
    formName,
    files: { bodyLimit: REPORT_WITH_PHOTO_LIMIT },
    refuse,
  });
  if (screened === undefined) return;
  const { fields, files } = screened;
  // One photo per report, through the photo pipeline: upright, resized, metadata stripped.
  if (files.length > 1 || files.some((file) => file.field !== 'photo')) return void (await refuse(400, 'unreadable'));
  let photo: ReportPhoto | undefined;
  if (files[0]) {
    try {
      const processed = await processPhoto('photo', files[0].bytes);
      photo = { jpeg: processed.full, width: processed.width, height: processed.height };
    } catch (error) {
      if (error instanceof AppError) return void (await refuse(400, 'unreadable'));
      throw error;
    }
  }
  const field = (name: string) => (fields.get(name) ?? '').trim();
  const optional = (name: string) => field(name) || undefined;
  const email = field('email').toLowerCase();
  if (field(CONSENT_FIELD) !== 'yes' || field('name') === '' || (email === '' && field('phone') === ''))
    return void (await refuse(400, 'fixFields'));
  if (email !== '' && !frontDoor.limits.hasRoom(`email:${email}`, limits.perEmailPerDay))
    return void (await refuse(429, 'tooMany'));
  try {
    services.lostFound.recordReport(
      {
        kind,
        species: field('species') as never,
        sex: optional('sex') as never,
        colour: optional('colour'),
        breed: optional('breed'),
        size: optional('size') as never,
        // Read off a vet's paper with its spaces or dots: the register keeps letters and digits only.
        microchip: optional('microchip')?.replace(/[\s.-]/g, '') || undefined,
        postcode: optional('postcode'),
        place: optional('place'),
        seenAt: field('seenAt'),
        features: optional('features'),
        contact: { name: field('name'), phone: optional('phone'), email: optional('email') },
      },
      'site',
      photo,
    );
  } catch (error) {
    if (error instanceof AppError && error.code === 'validation_failed') return void (await refuse(400, 'fixFields'));
    throw error;
  }
  if (email !== '') frontDoor.limits.admit([{ subject: `email:${email}`, perDay: limits.perEmailPerDay }]);
  await reply.code(303).header('location', '/forms/thanks').send();
}
