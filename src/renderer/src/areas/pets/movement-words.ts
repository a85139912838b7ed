/** Why a movement was refused, in the window's words (the movements' own names: domain/movements/movement-words.ts). */
import type { ConflictDetails, TransferDestinationProblem } from '../../../../shared/errors';
import { AdminCallError } from '../../client/transport';
import { windowI18n } from '../../i18n/i18n';
import { formatMoment } from '../../ui/format';

/** Where a dialog shows a movement refused by a rule: under its field, or above its buttons; null when the rule is not a movement's. */
export type MovementRefusal =
  | { field: 'at' | 'personId' | TransferDestinationProblem['field']; message: string }
  | { title: string; message: string };

const t = windowI18n.t.bind(windowI18n);

const REFUSED_AT_FIELD = ['date_in_future'] as const;
const REFUSED_PERSON = ['person_forgotten'] as const;
const REFUSED_STATE = [
  'stay_open',
  'no_open_stay',
  'reservation_active',
  'no_active_reservation',
  'foster_open',
  'no_open_foster',
  'not_adopted',
] as const;

const isOneOf = <K extends string>(list: readonly K[], value: string | undefined): value is K =>
  (list as readonly string[]).includes(value ?? '');

export function movementRefusal(error: unknown): MovementRefusal | null {
  if (!(error instanceof AdminCallError)) return null;
  const invalid =
    error.code === 'validation_failed' ? (error.details as Partial<TransferDestinationProblem> | undefined) : undefined;
  if (
    invalid?.field &&
    isOneOf(
      ['transfer_destination_missing', 'transfer_destination_unknown', 'transfer_destination_not_transfer'] as const,
      invalid.reason,
    )
  )
    return { field: invalid.field, message: t(`pets:refusal.${invalid.reason}`) };
  if (error.code !== 'conflict') return null;
  const details = error.details as ConflictDetails | undefined;
  const reason = details?.reason;
  if (details?.reason === 'date_before_previous')
    return {
      field: 'at',
      message: t('pets:refusal.date_before_previous', {
        previous: t(`pets:refusal.previous.${details.previous}`),
        when: formatMoment(details.previousAt),
      }),
    };
  if (details?.reason === 'do_not_adopt')
    return {
      field: 'personId',
      message: details.flagReason
        ? t('pets:refusal.do_not_adopt_because', { reason: details.flagReason })
        : t('pets:refusal.do_not_adopt'),
    };
  if (isOneOf(REFUSED_AT_FIELD, reason)) return { field: 'at', message: t(`pets:refusal.${reason}`) };
  if (isOneOf(REFUSED_PERSON, reason)) return { field: 'personId', message: t(`pets:refusal.${reason}`) };
  if (isOneOf(REFUSED_STATE, reason))
    return { title: t(`pets:refusal.${reason}.title`), message: t(`pets:refusal.${reason}.message`) };
  return null;
}
