/**
 * The admin channels as the tests call them, typed by the contract: `call` answers the channel's
 * output (or an Error body, with its status), `ok` expects 200 and answers the output, `raw` sends
 * what the contract would not type (a malformed payload on purpose, a channel that is none), and
 * `login` answers a staff session's cookie. One client over three transports: the in-process
 * dispatcher, the desk's admin server over HTTP (its token, a cookie, or neither), and the shelter
 * server's HTTPS team listener (a cookie, trusting only the data dir's CA).
 */
import { expect } from 'vitest';
import type { AdminCall } from '../../src/main/staff/access';
import {
  ADMIN_HTTP_PREFIX,
  type AdminChannel,
  type AdminInput,
  type AdminOutput,
  type AdminResult,
} from '../../src/shared/admin-contract';
import type { AdminHarness } from './admin-host';
import { teamRequest, type TeamHarness } from './team-listener';

/** The fields of an Error body, present when the channel refused. */
export interface ErrorFields {
  code?: string;
  message?: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each error says its own details; tests read them as they are
  details?: any;
}

/** `T`: the channel's answer as the test reads it (an Error body when refused). */
export interface AdminAnswer<T = Record<string, unknown>> {
  status: number;
  setCookie: string | null;
  body: ErrorFields & T;
}

/** Who calls: the session's cookie, the desk's admin token, or (neither) nobody. */
export interface AdminAuth {
  cookie?: string;
  token?: boolean;
}

/** Sends one channel's payload; answers its status, Set-Cookie and parsed body. */
export type AdminTransport = (channel: string, payload: unknown, auth: AdminAuth) => Promise<AdminAnswer<unknown>>;

/** A channel's input without the fields the client fills in (`defaults`), which a call may still give. */
export type InputGiven<C extends AdminChannel, D> =
  AdminInput<C> extends infer I
    ? I extends object
      ? Omit<I, keyof D & keyof I> & Partial<Pick<I, keyof D & keyof I>>
      : I
    : never;

/** What a test reads of an answer: objects and arrays as typed, anything else loosely. */
type Readable<T> = T extends object ? T : Record<string, unknown>;

export interface AdminClientOptions<D> {
  /** Fields put in every payload unless the call gives them (e.g. `{ environment: 'production' }`). */
  defaults?: D;
  /** Who calls when a call says nothing (by default nobody: neither token nor cookie). */
  auth?: AdminAuth;
  /** The password `login` uses when given none. */
  password?: string;
}

export function adminClient<D extends object = Record<never, never>>(
  transport: AdminTransport,
  options: AdminClientOptions<D> = {},
) {
  const withDefaults = (payload: unknown) =>
    options.defaults && payload && typeof payload === 'object' && !Array.isArray(payload)
      ? { ...options.defaults, ...payload }
      : payload;

  /** Any payload to any channel name, untyped (`T` as the test reads it): for what the contract would not let a caller write. */
  async function raw<T = Record<string, unknown>>(
    channel: string,
    payload: unknown,
    auth: AdminAuth = options.auth ?? {},
  ): Promise<AdminAnswer<T>> {
    return (await transport(channel, withDefaults(payload), auth)) as AdminAnswer<T>;
  }

  /** `raw` that expects 200 and answers the body as `T`. */
  async function rawOk<T>(channel: string, payload: unknown, auth?: AdminAuth): Promise<T> {
    const answer = await raw<T>(channel, payload, auth);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body as T;
  }

  async function call<C extends AdminChannel>(
    channel: C,
    input: InputGiven<C, D>,
    auth?: AdminAuth,
  ): Promise<AdminAnswer<Readable<AdminOutput<C>>>> {
    return raw<Readable<AdminOutput<C>>>(channel, input, auth);
  }

  async function ok<C extends AdminChannel>(
    channel: C,
    input: InputGiven<C, D>,
    auth?: AdminAuth,
  ): Promise<AdminOutput<C>> {
    return rawOk<AdminOutput<C>>(channel, input, auth);
  }

  /** Logs in and answers the session's cookie (`name=value`). */
  async function login(login: string, password = options.password ?? ''): Promise<string> {
    const answer = await transport('staff.login', { login, password }, {});
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return (answer.setCookie ?? '').split(';')[0] ?? '';
  }

  return { call, ok, raw, rawOk, login };
}

async function parsed(response: Response): Promise<AdminAnswer<unknown>> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: the test sees the text
  }
  return {
    status: response.status,
    setCookie: response.headers.get('set-cookie'),
    body: body as AdminAnswer<unknown>['body'],
  };
}

/** POST {ADMIN_HTTP_PREFIX}<channel> on the desk's admin server at `origin` (asked at each call: tests start servers in beforeAll). */
export function overHttp(origin: () => string, token: string): AdminTransport {
  return async (channel, payload, auth) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (auth.cookie) headers.cookie = auth.cookie;
    if (auth.token) headers['x-admin-token'] = token;
    return parsed(
      await fetch(`${origin()}${ADMIN_HTTP_PREFIX}${channel}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(payload),
      }),
    );
  };
}

/** The origin of an admin harness started later (in beforeAll). */
export function harnessOrigin(harness: () => AdminHarness): () => string {
  return () => new URL(harness().admin.url).origin;
}

/** The shelter server's HTTPS team listener, as a desk calls it: trusting only the harness's CA, with a session cookie. */
export function overTeam(harness: () => TeamHarness): AdminTransport {
  return async (channel, payload, auth) => {
    const answer = await teamRequest(harness(), `${ADMIN_HTTP_PREFIX}${channel}`, {
      body: payload,
      cookie: auth.cookie,
    });
    let body: unknown = answer.body;
    try {
      body = JSON.parse(answer.body);
    } catch {
      // not JSON: the test sees the text
    }
    const setCookie = answer.headers['set-cookie'];
    return {
      status: answer.status,
      setCookie: setCookie === undefined ? null : String(setCookie),
      body: body as AdminAnswer<unknown>['body'],
    };
  };
}

/** An in-process dispatcher (`adminDispatcher(...)`): a refusal answers its Error body with the status HTTP would give it. */
export function inProcess(
  dispatch: () => (channel: string, payload: unknown, call?: AdminCall) => Promise<AdminResult<unknown>>,
  call?: AdminCall,
): AdminTransport {
  return async (channel, payload) => {
    const result = await dispatch()(channel, payload, call);
    if (result.ok) return { status: 200, setCookie: null, body: result.value as AdminAnswer<unknown>['body'] };
    return {
      status: result.error.status,
      setCookie: null,
      body: result.error as unknown as AdminAnswer<unknown>['body'],
    };
  };
}

/**
 * The staff tests' calls: an admin harness over HTTP, its token when asked (`{ token: true }`),
 * `password` for every login; `call` as the untyped `raw` (these tests name the answer's type), and
 * the typed `client` beside it.
 */
export function adminCalls(harness: () => AdminHarness, token: string, password: string) {
  const client = adminClient(overHttp(harnessOrigin(harness), token), { password });
  return { call: client.raw, login: client.login, client };
}
