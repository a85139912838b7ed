/** The CLI's words for a movement refused by a rule: the rule's name, and the command or flag that helps. */
import type { MovementConflict } from '../../shared/errors';

const HELP: { [R in MovementConflict['reason']]: (details: Extract<MovementConflict, { reason: R }>) => string } = {
  stay_open: ({ petId }) => `record its outcome first: outcome ${petId} --type …, or adopt ${petId}`,
  no_open_stay: ({ petId }) => `take it in first: intake ${petId} --type …, or return ${petId} --reason …`,
  reservation_active: ({ petId }) => `cancel it first: reserve ${petId} --cancel`,
  no_active_reservation: () => 'see "movements record <pet>"',
  foster_open: ({ petId }) => `end it first: foster end ${petId}`,
  no_open_foster: () => 'see "movements record <pet>"',
  date_before_previous: () => 'check --at',
  date_in_future: () => 'check --at',
  do_not_adopt: () => 'to go ahead anyway, add --override "<why>" (it is recorded)',
  not_adopted: ({ petId }) => `take it in instead: intake ${petId} --type …`,
  person_forgotten: () => 'add them again: people add',
};

export function movementHint(details: MovementConflict): string {
  const help = HELP[details.reason] as (details: MovementConflict) => string;
  return `rule ${details.reason}: ${help(details)}`;
}

export function isMovementConflict(details: { reason: string }): details is MovementConflict {
  return Object.hasOwn(HELP, details.reason);
}
