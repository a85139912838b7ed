/** The login page's refusals in the window's words: the engine tells a wrong password and an inactive account alike, on purpose. */
import type { StaffLoginThrottled, StaffUnauthorized } from '../../../../shared/errors';
import { AdminCallError } from '../../client/transport';
import { windowI18n } from '../../i18n/i18n';
import { describeFailure, refusedTeamModeOff, type Failure } from '../../client/errors';
import { refusesDeskName } from '../../../../shared/staff';

/** "42 seconds", "3 minutes": how long to wait, rounded up. */
export function waitWords(seconds: number): string {
  if (seconds <= 90) return windowI18n.t('login:refusals.seconds', { count: seconds });
  return windowI18n.t('login:refusals.minutes', { count: Math.ceil(seconds / 60) });
}

/** The shelter server's desk switched team mode off: its pages still load, nobody logs in. */
export const teamModeOff = (): Failure => worded('teamModeOff');

/** A refusal's title and message from the login catalogue. */
function worded(refusal: string): Failure {
  return {
    title: windowI18n.t(`login:refusals.${refusal}.title` as 'login:refusals.teamModeOff.title'),
    message: windowI18n.t(`login:refusals.${refusal}.message` as 'login:refusals.teamModeOff.message'),
  };
}

const reasonOf = (error: AdminCallError) => (error.details as StaffUnauthorized | undefined)?.reason;

export function loginRefusal(error: unknown): Failure {
  if (error instanceof AdminCallError && error.code === 'rate_limited') {
    const throttled = error.details as StaffLoginThrottled | undefined;
    return {
      title: windowI18n.t('login:refusals.throttled.title'),
      message: throttled
        ? windowI18n.t('login:refusals.throttled.wait', { wait: waitWords(throttled.retryAfter) })
        : windowI18n.t('login:refusals.throttled.minute'),
    };
  }
  if (refusedTeamModeOff(error)) return teamModeOff();
  if (error instanceof AdminCallError && error.code === 'unauthorized' && reasonOf(error) === 'login_failed') {
    return worded('loginFailed');
  }
  return describeFailure(error);
}

export function inviteRefusal(error: unknown): Failure {
  if (error instanceof AdminCallError && error.code === 'unauthorized' && reasonOf(error) === 'invite_invalid') {
    return worded('inviteInvalid');
  }
  if (error instanceof AdminCallError && refusesDeskName(error)) return worded('deskName');
  if (refusedTeamModeOff(error)) return teamModeOff();
  if (error instanceof AdminCallError && error.code === 'conflict') return worded('loginTaken');
  return describeFailure(error);
}

export function passwordChangeRefusal(error: unknown): Failure {
  if (error instanceof AdminCallError && error.code === 'unauthorized' && reasonOf(error) === 'password_wrong') {
    return worded('passwordWrong');
  }
  return describeFailure(error);
}
