/** How the window names movements: the shelter's words for the engine's codes (src/shared/movements.ts). */
import {
  TRANSFER_ORIGINS,
  type IntakeType,
  type MovementEvent,
  type OutcomeType,
  type Stay,
  type TransferOrigin,
} from '../../../../shared/movements';

export const INTAKE_WORDS: Record<IntakeType, string> = {
  stray: 'Stray',
  owner_surrender: 'Owner surrender',
  transfer_in: 'Transfer in',
  seized: 'Seized',
  born_in_care: 'Born in care',
  returned_after_adoption: 'Returned after adoption',
  unknown: 'Added to the register',
};

export const TRANSFER_WORDS: Record<TransferOrigin, string> = {
  in_state: 'in state',
  out_of_state: 'out of state',
  abroad: 'abroad',
};

/** The three distances as a select offers them: "In state", "Out of state", "Abroad". */
export const TRANSFER_CHOICES = TRANSFER_ORIGINS.map((where) => ({
  value: where,
  label: `${TRANSFER_WORDS[where][0]?.toUpperCase()}${TRANSFER_WORDS[where].slice(1)}`,
}));

export const OUTCOME_WORDS: Record<OutcomeType, string> = {
  adoption: 'Adopted',
  return_to_owner: 'Returned to owner',
  transfer_out: 'Transferred out',
  return_to_field: 'Returned to field',
  died_in_care: 'Died in care',
  lost_in_care: 'Lost in care',
  euthanasia: 'Euthanasia',
  owner_requested_euthanasia: 'Owner-requested euthanasia',
};

/** One movement in a few words: "Intake: stray", "Reserved", "Foster ended", "Adopted". */
export function movementWords(event: Pick<MovementEvent, 'kind' | 'type'>): string {
  switch (event.kind) {
    case 'intake':
      return `Intake: ${(INTAKE_WORDS[event.type as IntakeType] ?? 'unknown').toLowerCase()}`;
    case 'outcome':
      return OUTCOME_WORDS[event.type as OutcomeType] ?? 'Left care';
    case 'reservation':
      return 'Reserved';
    case 'reservation_cancelled':
      return 'Reservation cancelled';
    case 'foster_start':
      return 'Went to foster';
    case 'foster_end':
      return 'Back from foster';
  }
}

/** How a stay ended, in a few words: a transfer out with where it went, "Transferred to Northside Rescue (out of state)". */
export function outcomeTitle(stay: Pick<Stay, 'outcomeType' | 'transferTo' | 'receivingOrganisation'>): string {
  if (stay.outcomeType === null) return '';
  if (stay.outcomeType !== 'transfer_out' || stay.transferTo === null) return OUTCOME_WORDS[stay.outcomeType];
  return `${stay.receivingOrganisation ? `Transferred to ${stay.receivingOrganisation}` : OUTCOME_WORDS.transfer_out} (${TRANSFER_WORDS[stay.transferTo]})`;
}
