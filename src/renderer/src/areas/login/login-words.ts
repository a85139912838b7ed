/** The login page's refusals in the window's words: the engine tells a wrong password and an inactive account alike, on purpose. */
import type { StaffLoginThrottled, StaffUnauthorized } from '../../../../shared/errors';
import { AdminCallError } from '../../client/transport';
import { describeFailure, refusedTeamModeOff, type Failure } from '../../client/errors';
import { refusesDeskName } from '../../../../shared/staff';

/** "42 seconds", "3 minutes": how long to wait, rounded up. */
export function waitWords(seconds: number): string {
  if (seconds <= 90) return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}

/** The shelter server's desk switched team mode off: its pages still load, nobody logs in. */
export const TEAM_MODE_OFF: Failure = {
  title: 'Logins are switched off',
  message:
    'Team mode is off at the shelter server: nobody can log in until it is switched on again at its desk. Ask there.',
};

const reasonOf = (error: AdminCallError) => (error.details as StaffUnauthorized | undefined)?.reason;

export function loginRefusal(error: unknown): Failure {
  if (error instanceof AdminCallError && error.code === 'rate_limited') {
    const throttled = error.details as StaffLoginThrottled | undefined;
    const wait = throttled
      ? `Wait ${waitWords(throttled.retryAfter)}, then try again.`
      : 'Wait a minute, then try again.';
    return { title: 'Too many attempts', message: `${wait} Attempts are limited so a password cannot be guessed.` };
  }
  if (refusedTeamModeOff(error)) return TEAM_MODE_OFF;
  if (error instanceof AdminCallError && error.code === 'unauthorized' && reasonOf(error) === 'login_failed') {
    return {
      title: 'Not logged in',
      message:
        'The login or the password is wrong, or this account has been deactivated. Check both, or ask an owner of the team.',
    };
  }
  return describeFailure(error);
}

export function inviteRefusal(error: unknown): Failure {
  if (error instanceof AdminCallError && error.code === 'unauthorized' && reasonOf(error) === 'invite_invalid') {
    return {
      title: 'This code does not work',
      message:
        'The invitation code is wrong, already used, or more than 7 days old. Ask the owner who invited you for a new one.',
    };
  }
  if (error instanceof AdminCallError && refusesDeskName(error))
    return {
      title: 'This invitation needs another name',
      message:
        'It names you “desk”, which is how the audit trail calls the desk. Ask the owner who invited you for a new invitation under your own name.',
    };
  if (refusedTeamModeOff(error)) return TEAM_MODE_OFF;
  if (error instanceof AdminCallError && error.code === 'conflict')
    return { title: 'Login taken', message: 'Someone in the team has this login already: choose another.' };
  return describeFailure(error);
}

export function passwordChangeRefusal(error: unknown): Failure {
  if (error instanceof AdminCallError && error.code === 'unauthorized' && reasonOf(error) === 'password_wrong') {
    return {
      title: 'Current password wrong',
      message: 'The current password is not the one of this account: nothing was changed.',
    };
  }
  return describeFailure(error);
}
