import { ServerResponse, type IncomingMessage } from 'node:http';
import type { FastifyReply } from 'fastify';
import type { ApiExchange } from '../lab/request-log/recorder';

/**
 * The API server's responses (Node's `ServerResponse` option): an API request's answer is handed to
 * the request log the moment it is written, by `end()`. No Fastify hook, no listener, nothing kept
 * for later: an onResponse hook makes Fastify attach two listeners to every response, and holding
 * answers until the event loop comes round costs more than recording them at once.
 */
export class RecordedResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
  /** What the pipeline knows of the API request, until its answer is recorded; null for other answers. */
  apiExchange: ApiExchange | null;

  constructor(...args: ConstructorParameters<typeof ServerResponse<Request>>) {
    super(...args);
    // Assigned, not a class field: V8 defines class fields on this subclass of a function-style
    // constructor through its slow runtime path, several microseconds per response.
    this.apiExchange = null;
  }

  override end(chunk?: unknown, encoding?: unknown, callback?: unknown): this {
    const exchange = this.apiExchange;
    if (exchange === null) return super.end(chunk as string, encoding as BufferEncoding, callback as () => void);
    this.apiExchange = null;
    // Fastify has written the head (writeHead) by now: recorded before Node sends it, since reading it
    // makes V8 flatten the string Node built piece by piece, and Node then sends the flat copy for free.
    const headWritten = (this as { _header?: string | null })._header != null;
    if (headWritten) exchange.log.answered(this, exchange);
    super.end(chunk as string, encoding as BufferEncoding, callback as () => void);
    if (!headWritten) exchange.log.answered(this, exchange);
    return this;
  }
}

/** The exchange of an API request being answered, or null (not the API server's, or already recorded). */
export function apiExchangeOf(reply: FastifyReply): ApiExchange | null {
  return reply.raw instanceof RecordedResponse ? reply.raw.apiExchange : null;
}
