/**
 * Team mode's session cookie: `__Host-` (RFC 6265bis §4.1.3.2), so no other host or path can set or
 * shadow it: Secure, Path=/, no Domain. Browsers take a Secure cookie from http://127.0.0.1 and
 * localhost too (a secure context), so the loopback pages keep the same cookie.
 */
export const SESSION_COOKIE = '__Host-adoption_desk_session';
const SESSION_ID = /^[A-Za-z0-9_-]{20,100}$/;

/** The session id the browser sent, if any well-formed one. */
export function sessionCookieOf(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    const id = value.join('=');
    if (name === SESSION_COOKIE && SESSION_ID.test(id)) return id;
  }
  return undefined;
}

/** Set-Cookie for a new session (an id), or one that clears it (null). No Max-Age: the server ends idle sessions itself. */
export function sessionCookieValue(id: string | null): string {
  const attributes = ['Path=/', 'HttpOnly', 'SameSite=Strict', 'Secure', ...(id === null ? ['Max-Age=0'] : [])];
  return [`${SESSION_COOKIE}=${id ?? ''}`, ...attributes].join('; ');
}
