import type { AnimalRecord } from '../../../../shared/movements';

export const MOVEMENT_ACTIONS = ['intake', 'reserve', 'cancelReservation', 'adopt', 'fosterStart', 'fosterEnd', 'outcome', 'return'] as const;
export type MovementAction = (typeof MOVEMENT_ACTIONS)[number];

/**
 * The movements the animal's state allows, in the order the page offers them: an intake when it is
 * not in care (or only has the `unknown` arrival its creation gave), a return after an adoption, the
 * rest while it is in care. The engine is still the judge; this keeps impossible buttons off the page.
 */
export function offeredActions(record: AnimalRecord): MovementAction[] {
  const { openStay, activeReservation, stays } = record;
  if (!openStay) return stays[0]?.outcomeType === 'adoption' ? ['return', 'intake'] : ['intake'];
  const untouched = openStay.intakeType === 'unknown' && openStay.reservations.length === 0 && openStay.fosters.length === 0;
  const inFoster = openStay.fosters.some((placement) => placement.endedAt === null);
  return [
    ...(untouched ? (['intake'] as const) : []),
    ...(activeReservation ? (['cancelReservation'] as const) : (['reserve'] as const)),
    'adopt' as const,
    inFoster ? ('fosterEnd' as const) : ('fosterStart' as const),
    'outcome' as const,
  ];
}
