import { AdminCallError } from './transport';

/** The engine refused a name another account or category already has: said under the field, not in a toast. */
export function isNameTaken(error: unknown): error is AdminCallError {
  return error instanceof AdminCallError && error.code === 'conflict';
}

export function showNameTaken(error: unknown, show: (message: string) => void): void {
  if (isNameTaken(error)) show(error.message);
}
