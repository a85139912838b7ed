/**
 * Where every action reports its progress, and a failure becomes a toast (worded by errors.ts).
 * Every toast closes by itself: Mantine pauses all of them while one is hovered (its default
 * pauseResetOnHover "all"), and app/main.tsx keeps them under any open dialog, whose failures the
 * dialog shows itself (SHOWN_IN_PLACE.always).
 */
import { notifications } from '@mantine/notifications';
import { describeFailure, shownInPlace, type ShownInPlace } from './errors';

let sequence = 0;

export interface ToastDurations {
  success: number;
  /** Failures and warnings: longer, to be read. */
  problem: number;
}

/** A test may shorten them (sessionStorage, before the page loads) instead of sleeping through them. */
const TOAST_MS_KEY = 'adoption-desk:toast-ms';

function toastDurations(): ToastDurations {
  const defaults = { success: 3_000, problem: 8_000 };
  try {
    const stored = JSON.parse(window.sessionStorage.getItem(TOAST_MS_KEY) ?? 'null') as Partial<ToastDurations> | null;
    return { ...defaults, ...stored };
  } catch {
    return defaults;
  }
}

export const TOAST_MS: ToastDurations = toastDurations();

/** What an action reports when done; a warning when it went through but something needs attention. */
export type Outcome = string | { title: string; message: string; warning: true };

export interface ProgressOptions {
  /** Failures the form shows itself (one of errors.ts's SHOWN_IN_PLACE): the toast just goes. */
  shownInPlace?: ShownInPlace;
}

/** One notification per action: a spinner while it runs, then what happened or what went wrong. */
export async function withProgress<O>(
  message: string,
  run: () => Promise<O>,
  outcome: (output: O) => Outcome,
  options: ProgressOptions = {},
): Promise<O> {
  const id = `action-${++sequence}`;
  notifications.show({ id, message, loading: true, autoClose: false, withCloseButton: false });
  try {
    const output = await run();
    const done = outcome(output);
    if (typeof done === 'string')
      notifications.update({
        id,
        message: done,
        color: 'teal',
        loading: false,
        autoClose: TOAST_MS.success,
        withCloseButton: true,
      });
    else
      notifications.update({
        id,
        title: done.title,
        message: done.message,
        color: 'orange',
        loading: false,
        autoClose: TOAST_MS.problem,
        withCloseButton: true,
      });
    return output;
  } catch (error) {
    if (shownInPlace(error, options.shownInPlace)) {
      notifications.hide(id);
      throw error;
    }
    const { title, message: reason } = describeFailure(error);
    notifications.update({
      id,
      title,
      message: reason,
      color: 'red',
      loading: false,
      autoClose: TOAST_MS.problem,
      withCloseButton: true,
    });
    throw error;
  }
}

export function notifyFailure(error: unknown): void {
  const { title, message } = describeFailure(error);
  notifications.show({ title, message, color: 'red', autoClose: TOAST_MS.problem });
}
