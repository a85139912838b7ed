/** The one place where a failure becomes words for staff, and where every action reports its progress. */
import { notifications } from '@mantine/notifications';
import type { ErrorCode } from '../../shared/errors';
import { AdminCallError } from './api/transport';

const TITLES: Record<ErrorCode, string> = {
  validation_failed: 'Please check what you entered',
  conflict: 'That cannot be done right now',
  not_found: 'Not found — it may have been removed meanwhile',
  unauthorized: 'Access token missing or expired',
  forbidden: 'Not allowed from here',
  method_not_allowed: 'Not allowed',
  gone: 'No longer available',
  payload_too_large: 'Too large',
  unsupported_media_type: 'Unsupported content',
  rate_limited: 'Too many requests',
  api_key_banned: 'Key banned',
  internal_error: 'Something went wrong in Adoption Desk',
  plan_required: 'Needs a paid plan',
  deploy_required: 'Deploy the project first',
};

export interface Failure {
  title: string;
  message: string;
}

export function describeFailure(error: unknown): Failure {
  if (error instanceof AdminCallError) return { title: TITLES[error.code] ?? 'Failed', message: error.message };
  return { title: TITLES.internal_error, message: error instanceof Error ? error.message : String(error) };
}

let sequence = 0;

/** One notification per action: a spinner while it runs, then what happened or what went wrong. */
export async function withProgress<O>(message: string, run: () => Promise<O>, success: (output: O) => string): Promise<O> {
  const id = `action-${++sequence}`;
  notifications.show({ id, message, loading: true, autoClose: false, withCloseButton: false });
  try {
    const output = await run();
    notifications.update({ id, message: success(output), color: 'teal', loading: false, autoClose: 3_000, withCloseButton: true });
    return output;
  } catch (error) {
    const { title, message: reason } = describeFailure(error);
    notifications.update({ id, title, message: reason, color: 'red', loading: false, autoClose: 8_000, withCloseButton: true });
    throw error;
  }
}

export function notifyFailure(error: unknown): void {
  const { title, message } = describeFailure(error);
  notifications.show({ title, message, color: 'red', autoClose: 8_000 });
}
