/** The Staff page's refusals in the window's words. */
import type { StaffConflict, StaffForbidden } from '../../../../shared/errors';
import { STAFF_ROLES, type StaffRole } from '../../../../shared/staff';
import { ROLE_WORDS } from '../../client/staff';
import { describeFailure, type Failure } from '../../client/errors';
import { AdminCallError } from '../../client/transport';
import { refusesDeskName } from '../../../../shared/staff';
import { DESK_NAME_PROBLEM } from '../../domain/staff/password-rules';

export function staffRefusal(error: unknown): Failure {
  if (error instanceof AdminCallError && refusesDeskName(error))
    return { title: 'Another name, please', message: DESK_NAME_PROBLEM };
  if (
    error instanceof AdminCallError &&
    error.code === 'forbidden' &&
    (error.details as StaffForbidden | undefined)?.reason === 'own_password'
  ) {
    return {
      title: 'This is your own account',
      message: 'Change your own password with Change password, under your name at the top: it asks your current one.',
    };
  }
  const conflict =
    error instanceof AdminCallError && error.code === 'conflict'
      ? (error.details as StaffConflict | undefined)
      : undefined;
  switch (conflict?.reason) {
    case 'last_owner':
      return {
        title: 'The team needs an owner',
        message: 'This is the last active owner: make someone else an owner first.',
      };
    case 'login_taken':
      return {
        title: 'Login taken',
        message: `Someone in the team has the login ${conflict.login} already: choose another.`,
      };
    case 'no_owner':
      return {
        title: 'The team needs an active owner',
        message:
          'Team mode stays off until someone can manage the team: make an active member an owner, or reactivate one, first.',
      };
    case 'team_exists':
      return {
        title: 'The team has members already',
        message: 'The first owner is made once. Owners invite the others from this page.',
      };
    default:
      return describeFailure(error);
  }
}

/** What each role may do, as the Staff page's role choices say it (the policy is the engine's: src/main/staff/policy.ts). */
export const ROLE_DUTIES: Record<StaffRole, string> = {
  owner: 'everything, the staff and the server too',
  manager: 'everything but the staff and the server settings',
  staff: 'animals, people, movements, care and publishing',
  volunteer: "animals' public details and care marks; no people, no removals",
  'api-admin': 'API keys, accounts, plans, usage and the quota lab',
  foster: 'the animals placed with their person in the register: care marks and photos',
};

export const ROLE_CHOICES = STAFF_ROLES.map((role) => ({
  value: role,
  label: `${ROLE_WORDS[role]}: ${ROLE_DUTIES[role]}`,
}));
