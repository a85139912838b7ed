/** The Staff page's refusals in the window's words. */
import type { StaffConflict, StaffForbidden } from '../../../../shared/errors';
import { STAFF_ROLES, type StaffRole } from '../../../../shared/staff';
import { roleWord } from '../../client/staff';
import { windowI18n } from '../../i18n/i18n';
import { describeFailure, type Failure } from '../../client/errors';
import { AdminCallError } from '../../client/transport';
import { refusesDeskName } from '../../../../shared/staff';
import { deskNameProblem } from '../../domain/staff/password-rules';

type Refusal = 'own' | 'lastOwner' | 'loginTaken' | 'noOwner' | 'teamExists';

function worded(refusal: Refusal, words: { login?: string } = {}): Failure {
  return {
    title: windowI18n.t(`staff:refusals.${refusal}.title`, words),
    message: windowI18n.t(`staff:refusals.${refusal}.message`, words),
  };
}

export function staffRefusal(error: unknown): Failure {
  if (error instanceof AdminCallError && refusesDeskName(error))
    return { title: windowI18n.t('staff:refusals.deskName'), message: deskNameProblem() };
  if (
    error instanceof AdminCallError &&
    error.code === 'forbidden' &&
    (error.details as StaffForbidden | undefined)?.reason === 'own_password'
  ) {
    return worded('own');
  }
  const conflict =
    error instanceof AdminCallError && error.code === 'conflict'
      ? (error.details as StaffConflict | undefined)
      : undefined;
  switch (conflict?.reason) {
    case 'last_owner':
      return worded('lastOwner');
    case 'login_taken':
      return worded('loginTaken', { login: conflict.login });
    case 'no_owner':
      return worded('noOwner');
    case 'team_exists':
      return worded('teamExists');
    default:
      return describeFailure(error);
  }
}

/** What each role may do, as the Staff page's role choices say it (the policy is the engine's: src/main/staff/policy.ts). */
export const roleDuties = (role: StaffRole): string => windowI18n.t(`staff:duties.${role}`);

/** Read when a role select shows, so its labels speak the window's language of the moment. */
export const roleChoices = () =>
  STAFF_ROLES.map((role) => ({
    value: role,
    label: windowI18n.t('staff:roleChoice', { role: roleWord(role), duties: roleDuties(role) }),
  }));
