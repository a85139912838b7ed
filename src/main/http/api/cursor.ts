import { AppError } from '../../../shared/errors';

/** Opaque to clients; inside, the last id of the previous page. */
export function encodeCursor(afterId: number): string {
  return Buffer.from(`after:${afterId}`).toString('base64url');
}

export function decodeCursor(cursor: string): number {
  const decoded = /^[A-Za-z0-9_-]+$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('latin1') : '';
  const match = /^after:([1-9][0-9]{0,15})$/.exec(decoded);
  const afterId = match ? Number(match[1]) : NaN;
  if (!Number.isSafeInteger(afterId)) {
    throw new AppError(
      'validation_failed',
      'query parameter cursor: is not a cursor this server issued; take it from the Link rel="next" header.',
    );
  }
  return afterId;
}
