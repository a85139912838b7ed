/**
 * Admin channels called as a browser calls them, against a running admin harness: with a staff
 * session's cookie, the desk's admin token, or neither; and staff.login giving the cookie.
 */
import { expect } from 'vitest';
import { ADMIN_HTTP_PREFIX } from '../../src/shared/admin-contract';
import type { AdminHarness } from './admin-host';

/** `T`: the channel's answer as the test reads it (an Error body when refused). */
export interface AdminAnswer<T = Record<string, unknown>> {
  status: number;
  setCookie: string | null;
  body: { code?: string; details?: unknown } & T;
}

export interface AdminAuth {
  cookie?: string;
  token?: boolean;
}

/** `harness` is asked at each call (tests start it in beforeAll); `token` is the one it was started with. */
export function adminCalls(harness: () => AdminHarness, token: string, password: string) {
  async function call<T = Record<string, unknown>>(channel: string, payload: unknown, auth: AdminAuth = {}): Promise<AdminAnswer<T>> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (auth.cookie) headers.cookie = auth.cookie;
    if (auth.token) headers['x-admin-token'] = token;
    const response = await fetch(`${new URL(harness().admin.url).origin}${ADMIN_HTTP_PREFIX}${channel}`, { method: 'POST', headers, body: JSON.stringify(payload) });
    return { status: response.status, setCookie: response.headers.get('set-cookie'), body: (await response.json()) as AdminAnswer<T>['body'] };
  }

  /** Logs in and answers the session's cookie (`name=value`). */
  async function login(login: string, loginPassword = password): Promise<string> {
    const answer = await call('staff.login', { login, password: loginPassword });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return (answer.setCookie ?? '').split(';')[0] ?? '';
  }

  return { call, login };
}
