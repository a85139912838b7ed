import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { errorCodes, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { PhotoQueue } from '../../photos/photo-queue';

/**
 * One photo upload read at a time, three waiting with their bodies still unread (in the client and
 * the socket, not in this process); more are refused 503 with Retry-After before a byte is read.
 */
export const PHOTO_UPLOADS_AT_ONCE = 1;
export const PHOTO_UPLOADS_WAITING = 3;

export interface PhotoUploadRoute {
  path: string;
  bodyLimit: number;
  handle: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;
}

/** A string this long in an upload is the photo's base64: decoded from the body into bytes, never made a 33 MiB text. */
const LARGE_STRING_BYTES = 64 * 1024;
/** Base64 characters decoded at a time: a multiple of 4, so each piece decodes on its own. */
const BASE64_PIECE = 64 * 1024;
const BASE64_TEXT = /^[A-Za-z0-9+/]*={0,2}$/;

function isEscaped(json: Buffer, quote: number): boolean {
  let backslashes = 0;
  while (json[quote - 1 - backslashes] === 0x5c) backslashes += 1;
  return backslashes % 2 === 1;
}

/**
 * The content [start, end) of the first string of the JSON text longer than LARGE_STRING_BYTES and
 * free of escapes, or null. Outside a string a JSON text holds no quote, and no UTF-8 sequence holds
 * the byte of a quote or a backslash, so the quotes found here are the strings' own.
 */
function largeString(json: Buffer): [number, number] | null {
  for (let at = 0; ;) {
    const open = json.indexOf(0x22, at);
    if (open < 0) return null;
    let close = json.indexOf(0x22, open + 1);
    while (close > 0 && isEscaped(json, close)) close = json.indexOf(0x22, close + 1);
    if (close < 0) return null;
    if (close - open - 1 >= LARGE_STRING_BYTES && !json.subarray(open + 1, close).includes(0x5c))
      return [open + 1, close];
    at = close + 1;
  }
}

/**
 * The bytes of json[start, end) read as base64, or null when it is not base64. Decoded in place, over
 * the text they come from (four characters make three bytes, so the bytes written never overtake the
 * text still to read): the photo is a view of the body, not a second buffer of 24 MiB beside it.
 * Checked whole first, so that text which is not base64 is left as it came for JSON.parse.
 */
function base64Bytes(json: Buffer, start: number, end: number): Buffer | null {
  if ((end - start) % 4 !== 0) return null;
  for (let at = start; at < end; at += BASE64_PIECE) {
    const piece = json.toString('latin1', at, Math.min(end, at + BASE64_PIECE));
    if (!BASE64_TEXT.test(piece) || (at + BASE64_PIECE < end && piece.endsWith('='))) return null;
  }
  let written = 0;
  for (let at = start; at < end; at += BASE64_PIECE) {
    written += json.write(json.toString('latin1', at, Math.min(end, at + BASE64_PIECE)), start + written, 'base64');
  }
  return json.subarray(start, start + written);
}

/** The upload with its photo as bytes (PhotoUploadSchema takes both); any other body as JSON.parse reads it. */
function parseUpload(json: Buffer): unknown {
  const large = largeString(json);
  if (!large) return JSON.parse(json.toString('utf8'));
  // The text around the photo is read before the photo's bytes are decoded over its base64.
  const marker = `photo-bytes-${randomUUID()}`;
  const around = json.toString('utf8', 0, large[0]) + marker + json.toString('utf8', large[1]);
  const bytes = base64Bytes(json, ...large);
  if (!bytes) return JSON.parse(json.toString('utf8'));
  return JSON.parse(around, (_key, value: unknown) => (value === marker ? bytes : value));
}

/**
 * The JSON body in one buffer, copied in as it arrives: Fastify's own reader keeps every chunk
 * until the end and then joins them, three copies of a large upload alive at once.
 */
function readJson(
  request: FastifyRequest,
  payload: IncomingMessage,
  done: (error: Error | null, body?: unknown) => void,
): void {
  const limit = request.routeOptions.bodyLimit ?? 0;
  const declared = Number(request.headers['content-length']);
  if (declared > limit) return done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
  let body = Buffer.allocUnsafe(Number.isInteger(declared) ? declared : 64 * 1024);
  let length = 0;
  const finish = (error: Error | null, parsed?: unknown) => {
    payload.removeListener('data', onData).removeListener('end', onEnd).removeListener('error', finish);
    done(error, parsed);
  };
  const onData = (chunk: Buffer) => {
    if (length + chunk.length > limit) return finish(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
    if (length + chunk.length > body.length)
      body = Buffer.concat([body.subarray(0, length)], Math.min(limit, 2 * (length + chunk.length)));
    length += chunk.copy(body, length);
  };
  const onEnd = () => {
    try {
      // Every admin input is a strict zod object: a `__proto__` key JSON.parse makes an own property is refused there.
      finish(null, parseUpload(body.subarray(0, length)));
    } catch (error) {
      finish(Object.assign(error as Error, { statusCode: 400 }));
    }
  };
  payload.on('data', onData).on('end', onEnd).on('error', finish);
}

/** The photo upload route, with its own body reader and its turn taken before the body is read. */
export async function photoUploadRoute(app: FastifyInstance, route: PhotoUploadRoute): Promise<void> {
  const uploads = new PhotoQueue(PHOTO_UPLOADS_AT_ONCE, PHOTO_UPLOADS_WAITING);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', readJson);
  app.post(route.path, {
    bodyLimit: route.bodyLimit,
    // After the guard (a global hook): a request without the token never takes a turn.
    onRequest: async (_request, reply) => {
      const turn = uploads.turn();
      // Ended when the answer is sent or the client goes, even while it still waits (the turn then passes on at once).
      reply.raw.once(
        'close',
        () =>
          void turn.then(
            (end) => end(),
            () => undefined,
          ),
      );
      await turn;
    },
    handler: route.handle,
  });
}
