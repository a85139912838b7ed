/** The one place where a failure becomes words for staff, and where every action reports its progress. */
import { notifications } from '@mantine/notifications';
import type { ErrorCode } from '../../../shared/errors';
import { AdminCallError } from './transport';

/** Titled by what staff can do about it: only failures that may pass on their own say "try again". */
const TITLES: Record<ErrorCode, string> = {
  validation_failed: 'Check the input',
  conflict: 'Not possible',
  not_found: 'Not found',
  unauthorized: 'Access token missing or wrong',
  forbidden: 'Not allowed from here',
  method_not_allowed: 'Not allowed',
  request_timeout: 'The request took too long',
  gone: 'No longer available',
  payload_too_large: 'Too large',
  unsupported_media_type: 'Unsupported content',
  rate_limited: 'Too many requests: try again shortly',
  api_key_banned: 'Key banned',
  internal_error: 'Something went wrong: try again',
  service_unavailable: 'Busy: try again in a moment',
  insufficient_storage: 'The disk is full: free some space, then try again',
  plan_required: 'Needs a paid plan',
  deploy_required: 'Deploy the project first',
};

const UNREACHABLE = 'Adoption Desk cannot be reached: try again';

export interface Failure {
  title: string;
  message: string;
}

export function describeFailure(error: unknown): Failure {
  if (error instanceof AdminCallError) return { title: error.status === 0 ? UNREACHABLE : (TITLES[error.code] ?? TITLES.internal_error), message: error.message };
  return { title: TITLES.internal_error, message: error instanceof Error ? error.message : String(error) };
}

let sequence = 0;

/** What an action reports when done; a warning when it went through but something needs attention. */
export type Outcome = string | { title: string; message: string; warning: true };

export interface ProgressOptions {
  /** Failures the form shows next to its field instead (a name already taken): the toast just goes. */
  shownInPlace?: (error: AdminCallError) => boolean;
}

/** One notification per action: a spinner while it runs, then what happened or what went wrong. */
export async function withProgress<O>(message: string, run: () => Promise<O>, outcome: (output: O) => Outcome, options: ProgressOptions = {}): Promise<O> {
  const id = `action-${++sequence}`;
  notifications.show({ id, message, loading: true, autoClose: false, withCloseButton: false });
  try {
    const output = await run();
    const done = outcome(output);
    if (typeof done === 'string') notifications.update({ id, message: done, color: 'teal', loading: false, autoClose: 3_000, withCloseButton: true });
    else notifications.update({ id, title: done.title, message: done.message, color: 'orange', loading: false, autoClose: false, withCloseButton: true });
    return output;
  } catch (error) {
    if (error instanceof AdminCallError && options.shownInPlace?.(error)) {
      notifications.hide(id);
      throw error;
    }
    const { title, message: reason } = describeFailure(error);
    notifications.update({ id, title, message: reason, color: 'red', loading: false, autoClose: 8_000, withCloseButton: true });
    throw error;
  }
}

export function notifyFailure(error: unknown): void {
  const { title, message } = describeFailure(error);
  notifications.show({ title, message, color: 'red', autoClose: 8_000 });
}
