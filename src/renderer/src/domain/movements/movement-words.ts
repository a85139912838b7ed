/** How the window names movements: the shelter's words for the engine's codes (src/shared/movements.ts), in the window's language. */
import type { PetSex } from '../../../../shared/pet-profile';
import {
  INTAKE_TYPES,
  OUTCOME_TYPES,
  TRANSFER_ORIGINS,
  type IntakeType,
  type MovementEvent,
  type OutcomeType,
  type Stay,
  type TransferOrigin,
} from '../../../../shared/movements';
import { windowI18n } from '../../i18n/i18n';
import { wordTable } from '../../i18n/word-table';

/** i18next's context for words that agree with the animal's sex ("adoptée"); the masculine for a male or an unknown sex. */
export function agreeingWith(sex: PetSex | null | undefined): { context?: 'female' } {
  return sex === 'female' ? { context: 'female' } : {};
}

const t = windowI18n.t.bind(windowI18n);

export const intakeWords = (type: IntakeType): string => t(`domain:movements.intake.${type}`);
export const outcomeWords = (type: OutcomeType, sex?: PetSex | null): string =>
  t(`domain:movements.outcome.${type}`, agreeingWith(sex));
export const transferWords = (where: TransferOrigin): string => t(`domain:movements.transferWhere.${where}`);

export const INTAKE_WORDS = wordTable(INTAKE_TYPES, intakeWords);
export const OUTCOME_WORDS = wordTable(OUTCOME_TYPES, (type) => outcomeWords(type));

/** The three distances as a select offers them: "In state", "Out of state", "Abroad" ("Hors du département"). */
export function transferChoices(): { value: TransferOrigin; label: string }[] {
  return TRANSFER_ORIGINS.map((where) => ({ value: where, label: t(`domain:movements.transferChoice.${where}`) }));
}

/** One movement in a few words: "Intake: stray", "Reserved", "Back from foster", "Adopted". */
export function movementWords(event: Pick<MovementEvent, 'kind' | 'type'>, sex?: PetSex | null): string {
  switch (event.kind) {
    case 'intake':
      return t(`domain:movements.intakeLine.${(event.type as IntakeType | null) ?? 'unknown'}`);
    case 'outcome':
      return event.type ? outcomeWords(event.type as OutcomeType, sex) : t('domain:movements.leftCare');
    default:
      return t(`domain:movements.kind.${event.kind}`);
  }
}

/** How a stay ended, in a few words: a transfer out with where it went, "Transferred to Northside Rescue (out of state)". */
export function outcomeTitle(
  stay: Pick<Stay, 'outcomeType' | 'transferTo' | 'receivingOrganisation'>,
  sex?: PetSex | null,
): string {
  if (stay.outcomeType === null) return '';
  if (stay.outcomeType !== 'transfer_out' || stay.transferTo === null) return outcomeWords(stay.outcomeType, sex);
  const what = stay.receivingOrganisation
    ? t('domain:movements.transferredTo', { organisation: stay.receivingOrganisation, ...agreeingWith(sex) })
    : outcomeWords('transfer_out', sex);
  return t('domain:movements.withWhere', { what, where: transferWords(stay.transferTo) });
}
