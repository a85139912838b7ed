/** Team mode's session cookie (issue 29 §2): httpOnly, SameSite=Strict, Secure over HTTPS, for the admin paths only. */
export const SESSION_COOKIE = 'adoption_desk_session';
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
export function sessionCookieValue(id: string | null, secure: boolean): string {
  const attributes = ['Path=/admin/', 'HttpOnly', 'SameSite=Strict', ...(secure ? ['Secure'] : []), ...(id === null ? ['Max-Age=0'] : [])];
  return [`${SESSION_COOKIE}=${id ?? ''}`, ...attributes].join('; ');
}
