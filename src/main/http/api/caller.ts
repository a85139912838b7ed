import { KEY_PREFIX } from '../../../shared/environments';
import { AppError } from '../../../shared/errors';
import type { Engine } from '../../engine/engine';
import type { KeyIdentity } from '../../keys/keys';
import type { QuotaSubject } from '../../quota/quota';

/** Who sent a request: a valid key, or an address with the reason its key (if any) was refused. */
export type Caller = ({ kind: 'key' } & KeyIdentity) | { kind: 'anonymous'; address: string; refusal: string };

/** From the Authorization header as sent (if any) and the socket's remote address. */
export function identifyCaller(
  engine: Engine,
  authorization: string | undefined,
  remoteAddress: string | undefined,
): Caller {
  const refuse = (refusal: string): Caller => ({ kind: 'anonymous', address: clientAddress(remoteAddress), refusal });
  if (authorization === undefined) return refuse('No API key: send it as "Authorization: Bearer <API_KEY>".');
  const key = bearerToken(authorization);
  if (key === undefined)
    return refuse('The Authorization header must use the Bearer scheme: "Authorization: Bearer <API_KEY>".');
  if (key === '') return refuse('The bearer token is empty: send "Authorization: Bearer <API_KEY>".');
  const identity = engine.services.keys.authenticate(key);
  if (!identity) {
    const prefix = KEY_PREFIX[engine.environment];
    return refuse(
      `The API key is not valid here: it is unknown, revoked, or mistyped (${engine.environment} keys start with ${prefix}).`,
    );
  }
  return { kind: 'key', keyId: identity.keyId, accountId: identity.accountId };
}

/**
 * The token of a Bearer credential (the scheme in any case), '' when empty, undefined for another
 * scheme. The usual `Bearer <key>` is read without the regular expression, on every request.
 */
function bearerToken(authorization: string): string | undefined {
  if (authorization.startsWith('Bearer ')) return authorization.slice(7).trim();
  const match = /^\s*(\S+)(?:\s+(.*))?$/.exec(authorization);
  if (!match || match[1]?.toLowerCase() !== 'bearer') return undefined;
  return (match[2] ?? '').trim();
}

/** IPv4 clients on a dual-stack socket show up as ::ffff:a.b.c.d; count them as a.b.c.d. */
function clientAddress(remoteAddress: string | undefined): string {
  if (remoteAddress === undefined) return 'unknown';
  return remoteAddress.startsWith('::ffff:') ? remoteAddress.slice(7) : remoteAddress;
}

export function quotaSubjectOf(caller: Caller): QuotaSubject {
  return caller.kind === 'key'
    ? { kind: 'account', accountId: caller.accountId, keyId: caller.keyId }
    : { kind: 'address', address: caller.address };
}

export function requireKey(caller: Caller): void {
  if (caller.kind !== 'key') {
    throw new AppError('unauthorized', caller.refusal, {
      headers: { 'www-authenticate': 'Bearer realm="adoption-desk"' },
    });
  }
}
