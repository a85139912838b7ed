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
import type { ErrorBody, ErrorCode } from '../../../shared/errors';

declare global {
  interface Window {
    /** Set by the preload inside Electron; absent in a browser. */
    adoptionDesk?: AdminApi;
  }
}

export class AdminCallError extends Error {
  readonly code: ErrorCode;
  readonly status: number;

  constructor(body: ErrorBody) {
    super(body.message);
    this.name = 'AdminCallError';
    this.code = body.code;
    this.status = body.status;
  }
}

/** Browser mode: the server printed a URL with `#token=…`; keep the token in memory only. */
function takeTokenFromLocation(): string {
  const token = new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
  if (token) window.history.replaceState(null, '', window.location.pathname + window.location.search);
  return token;
}

function httpTransport(token: string): AdminApi {
  const entries = ADMIN_CHANNELS.map((channel) => [
    channel,
    async (input: unknown): Promise<AdminResult<unknown>> => {
      let response: Response;
      try {
        response = await fetch(`${ADMIN_HTTP_PREFIX}${channel}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-admin-token': token },
          body: JSON.stringify(input ?? {}),
        });
      } catch {
        return { ok: false, error: { code: 'internal_error', message: 'The Adoption Desk server cannot be reached. Is it still running?', status: 0 } };
      }
      const body = (await response.json()) as AdminResult<unknown> | ErrorBody;
      // The server's guard answers with a plain Error body before any channel runs.
      return 'ok' in body ? body : { ok: false, error: body };
    },
  ]);
  return Object.fromEntries(entries) as AdminApi;
}

export const isElectron = window.adoptionDesk !== undefined;
const transport: AdminApi = window.adoptionDesk ?? httpTransport(takeTokenFromLocation());

/** Calls a channel; resolves with its value or throws an AdminCallError carrying the contract's code. */
export async function call<C extends AdminChannel>(channel: C, input: AdminInput<C>): Promise<AdminOutput<C>> {
  const send = transport[channel] as (input: AdminInput<C>) => Promise<AdminResult<AdminOutput<C>>>;
  const result = await send(input);
  if (!result.ok) throw new AdminCallError(result.error);
  return result.value;
}
