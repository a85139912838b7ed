/** Browser mode without its token: every call answers unauthorized, so the whole window says how to get in (errors.ts decides which failure that is). */
import { useSyncExternalStore } from 'react';
import { deniesAccess, isRefusal } from '../client/errors';

let denied = false;
const listeners = new Set<() => void>();

export function noteFailure(error: unknown): void {
  if (denied || !deniesAccess(error)) return;
  denied = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAccessDenied(): boolean {
  return useSyncExternalStore(subscribe, () => denied);
}

/** Retrying cannot fix what the engine refused; only an unreachable or failing engine is worth a second try. */
export function worthRetrying(failures: number, error: unknown): boolean {
  return !isRefusal(error) && failures < 2;
}
