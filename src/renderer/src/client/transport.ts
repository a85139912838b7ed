/**
 * The one place that knows how the window reaches the engine: the preload's IPC bridge inside
 * Electron, or HTTP to the serving process in browser mode. Nothing else in the renderer knows.
 */
import {
  ADMIN_CHANNELS,
  ADMIN_HTTP_PREFIX,
  type AdminApi,
  type AdminChannel,
  type AdminInput,
  type AdminOutput,
  type AdminResult,
} from '../../../shared/admin-contract';
import type { AdminErrorBody, AnyErrorDetails, ErrorBody, ErrorCode } from '../../../shared/errors';
import { ADMIN_EVENTS_PATH, type OnChange } from '../../../shared/live-updates';

declare global {
  interface Window {
    /** Set by the preload inside Electron; absent in a browser. */
    adoptionDesk?: AdminApi & { onChange?: OnChange };
  }
}

export class AdminCallError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** The code's typed details (src/shared/errors.ts), for wording the failure in the window's own words. */
  readonly details: AnyErrorDetails | undefined;

  constructor(body: AdminErrorBody) {
    super(body.message);
    this.name = 'AdminCallError';
    this.code = body.code;
    this.status = body.status;
    this.details = body.details;
  }
}

const TOKEN_KEY = 'adoption-desk:admin-token';

/**
 * Browser mode: the server printed a URL with `#token=…`. The token leaves the address bar at once
 * and is kept in this tab's sessionStorage, so a reload still works; a new tab needs the printed URL.
 */
function takeToken(): string {
  const fromAddress = new URLSearchParams(window.location.hash.slice(1)).get('token');
  if (fromAddress) {
    window.sessionStorage.setItem(TOKEN_KEY, fromAddress);
    window.history.replaceState(null, '', window.location.pathname + window.location.search);
    return fromAddress;
  }
  return window.sessionStorage.getItem(TOKEN_KEY) ?? '';
}

function isErrorBody(body: unknown): body is AdminErrorBody {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as ErrorBody).code === 'string' &&
    typeof (body as ErrorBody).message === 'string'
  );
}

/** An HTTP answer as the value IPC would give: 2xx carries the channel's value, anything else an Error body. */
async function resultOf(response: Response): Promise<AdminResult<unknown>> {
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (response.ok && body !== undefined) return { ok: true, value: body };
  if (isErrorBody(body))
    return {
      ok: false,
      error: {
        code: body.code,
        message: body.message,
        status: response.status,
        ...(body.details === undefined ? {} : { details: body.details }),
      },
    };
  const message = `The Adoption Desk server answered ${response.status} ${response.statusText} without an explanation.`;
  return { ok: false, error: { code: 'internal_error', message, status: response.status } };
}

function httpTransport(token: string): AdminApi {
  const entries = ADMIN_CHANNELS.map((channel) => [
    channel,
    async (input: unknown): Promise<AdminResult<unknown>> => {
      let response: Response;
      try {
        response = await fetch(`${ADMIN_HTTP_PREFIX}${channel}`, {
          method: 'POST',
          // Staff on other desks have no token, only their session cookie (sent by fetch on its own).
          headers: token
            ? { 'content-type': 'application/json', 'x-admin-token': token }
            : { 'content-type': 'application/json' },
          body: JSON.stringify(input ?? {}),
        });
      } catch {
        return {
          ok: false,
          error: {
            code: 'internal_error',
            message: 'The Adoption Desk server cannot be reached. Is it still running?',
            status: 0,
          },
        };
      }
      return resultOf(response);
    },
  ]);
  return Object.fromEntries(entries) as AdminApi;
}

const desktop = window.adoptionDesk;
const token = desktop ? '' : takeToken();
const transport: AdminApi = desktop ?? httpTransport(token);

/** How the window hears the engine's changes: the preload's messages inside Electron, else browser mode's event stream (read with fetch, which can send the token). */
export type ChangeSource =
  { kind: 'ipc'; onChange: OnChange } | { kind: 'stream'; open: (signal: AbortSignal) => Promise<Response> };

export const changeSource: ChangeSource = desktop?.onChange
  ? { kind: 'ipc', onChange: desktop.onChange }
  : {
      kind: 'stream',
      open: (signal) =>
        fetch(ADMIN_EVENTS_PATH, {
          headers: { accept: 'text/event-stream', 'x-admin-token': token },
          cache: 'no-store',
          signal,
        }),
    };

/** Calls a channel; resolves with its value or throws an AdminCallError carrying the contract's code. */
export async function call<C extends AdminChannel>(channel: C, input: AdminInput<C>): Promise<AdminOutput<C>> {
  const send = transport[channel] as (input: AdminInput<C>) => Promise<AdminResult<AdminOutput<C>>>;
  const result = await send(input);
  if (!result.ok) throw new AdminCallError(result.error);
  return result.value;
}

/** An XHR's answer as the value IPC would give, as `resultOf` reads a fetch's. */
function xhrResult(request: XMLHttpRequest): Promise<AdminResult<unknown>> {
  return resultOf(new Response(request.responseText, { status: request.status, statusText: request.statusText }));
}

/**
 * Calls a channel with a large body (a photo), telling how much of it has gone up (0 to 1): XHR is
 * what reports an upload's progress in a browser; over IPC the body never crosses a network, so it
 * is all sent at once. A failure throws as `call` does; the engine keeps nothing of a call that failed.
 */
export async function callWithProgress<C extends AdminChannel>(
  channel: C,
  input: AdminInput<C>,
  onProgress: (sent: number) => void,
): Promise<AdminOutput<C>> {
  if (desktop) {
    const value = await call(channel, input);
    onProgress(1);
    return value;
  }
  const result = await new Promise<AdminResult<unknown>>((resolve) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${ADMIN_HTTP_PREFIX}${channel}`);
    request.setRequestHeader('content-type', 'application/json');
    if (token) request.setRequestHeader('x-admin-token', token);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => void xhrResult(request).then(resolve);
    request.onerror = () =>
      resolve({
        ok: false,
        error: {
          code: 'internal_error',
          message: 'The Adoption Desk server cannot be reached. Is it still running?',
          status: 0,
        },
      });
    request.send(JSON.stringify(input ?? {}));
  });
  if (!result.ok) throw new AdminCallError(result.error);
  return result.value as AdminOutput<C>;
}
