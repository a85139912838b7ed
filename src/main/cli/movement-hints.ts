/** The CLI's words for a movement refused by a rule: the rule's name, and the command or flag that helps. */
import type { MovementConflict, TransferDestinationProblem } from '../../shared/errors';
import { TRANSFER_ORIGINS } from '../../shared/movements';

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

const TRANSFER_FLAG: Record<TransferDestinationProblem['field'], string> = {
  transferTo: '--transfer-to',
  receivingOrganisation: '--organisation',
};

const TRANSFER_HELP: Record<TransferDestinationProblem['reason'], string> = {
  transfer_destination_missing: `say where it went: --transfer-to ${TRANSFER_ORIGINS.join('|')}`,
  transfer_destination_unknown: `--transfer-to takes ${TRANSFER_ORIGINS.join(', ')}`,
  transfer_destination_not_transfer: 'leave out --transfer-to and --organisation, or record --type transfer_out',
};

/** A transfer out's destination refused: the flag in place of the field's name, then what to give. */
export function transferDestinationWords(message: string, details: TransferDestinationProblem): string {
  return `${message.replace(`${details.field}:`, `${TRANSFER_FLAG[details.field]}:`).replace(/\.$/, '')}; ${TRANSFER_HELP[details.reason]}.`;
}

export function isTransferDestinationProblem(details: {
  field: string;
  reason?: unknown;
}): details is TransferDestinationProblem {
  return typeof details.reason === 'string' && Object.hasOwn(TRANSFER_HELP, details.reason);
}
