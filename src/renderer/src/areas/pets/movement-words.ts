/** How a fee was paid and why a movement was refused, in the window's words (the movements' own names: domain/movements/movement-words.ts). */
import type { ConflictDetails, TransferDestinationProblem } from '../../../../shared/errors';
import type { FeeMethod } from '../../../../shared/movements';
import { AdminCallError } from '../../client/transport';
import { formatMoment } from '../../ui/format';

export const FEE_METHOD_WORDS: Record<FeeMethod, string> = {
  cash: 'Cash',
  card: 'Card',
  transfer: 'Bank transfer',
  cheque: 'Cheque',
  online: 'Online',
  waived: 'Waived',
};

const PREVIOUS_WORDS = {
  intake: 'intake',
  outcome: 'previous outcome',
  reservation: 'reservation',
  foster: 'foster placement',
} as const;

/** Where a dialog shows a movement refused by a rule: under its field, or above its buttons; null when the rule is not a movement's. */
export type MovementRefusal =
  | { field: 'at' | 'personId' | TransferDestinationProblem['field']; message: string }
  | { title: string; message: string };

const TRANSFER_DESTINATION_WORDS: Record<TransferDestinationProblem['reason'], string> = {
  transfer_destination_missing: 'Choose where it went',
  transfer_destination_unknown: 'Choose in state, out of state or abroad',
  transfer_destination_not_transfer: 'Only for a transfer out',
};

export function movementRefusal(error: unknown): MovementRefusal | null {
  if (!(error instanceof AdminCallError)) return null;
  const invalid =
    error.code === 'validation_failed' ? (error.details as Partial<TransferDestinationProblem> | undefined) : undefined;
  if (invalid?.field && invalid.reason && Object.hasOwn(TRANSFER_DESTINATION_WORDS, invalid.reason))
    return { field: invalid.field, message: TRANSFER_DESTINATION_WORDS[invalid.reason] };
  if (error.code !== 'conflict') return null;
  const details = error.details as ConflictDetails | undefined;
  switch (details?.reason) {
    case 'date_before_previous':
      return {
        field: 'at',
        message: `Before the ${PREVIOUS_WORDS[details.previous]} of ${formatMoment(details.previousAt)}: dates cannot run backwards.`,
      };
    case 'date_in_future':
      return { field: 'at', message: 'In the future: record a movement once it has happened.' };
    case 'do_not_adopt':
      return {
        field: 'personId',
        message: `Flagged “do not adopt to”${details.flagReason ? ` (${details.flagReason})` : ''}: tick the override and say why to go ahead.`,
      };
    case 'person_forgotten':
      return { field: 'personId', message: 'This person was forgotten: choose or add someone else.' };
    case 'stay_open':
      return {
        title: 'Already in care',
        message: 'This animal is in care already: record its outcome before a new intake.',
      };
    case 'no_open_stay':
      return { title: 'Not in care', message: 'This animal is not in care: record an intake (or a return) first.' };
    case 'reservation_active':
      return {
        title: 'Reserved already',
        message: 'This animal is reserved for someone else: cancel that reservation first.',
      };
    case 'no_active_reservation':
      return { title: 'No reservation', message: 'This animal has no active reservation to cancel.' };
    case 'foster_open':
      return { title: 'In foster already', message: 'This animal is in a foster home: end that placement first.' };
    case 'no_open_foster':
      return { title: 'Not in foster', message: 'This animal is not in a foster home.' };
    case 'not_adopted':
      return {
        title: 'Not adopted',
        message: 'This animal’s last stay did not end in an adoption: record an intake instead.',
      };
    default:
      return null;
  }
}
