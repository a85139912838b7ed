import type { AnimalRecord } from '../../../../shared/movements';

export const MOVEMENT_ACTIONS = [
  'intake',
  'reserve',
  'cancelReservation',
  'adopt',
  'fosterStart',
  'fosterEnd',
  'outcome',
  'return',
] as const;
export type MovementAction = (typeof MOVEMENT_ACTIONS)[number];

/**
 * The movements the animal's state allows, in the order the page offers them: an intake when it is
 * not in care (or only has the `unknown` arrival its creation gave), a return after an adoption, the
 * rest while it is in care (`now`: when the record was read). The engine is still the judge; this
 * keeps impossible buttons off the page.
 */
export function offeredActions(record: AnimalRecord, now: number): MovementAction[] {
  const { openStay, activeReservation, stays } = record;
  // A reservation past its expiry no longer holds the animal: cancel it, or reserve again to renew it.
  const lapsed = activeReservation?.expiresAt != null && activeReservation.expiresAt <= now;
  if (!openStay) return stays[0]?.outcomeType === 'adoption' ? ['return', 'intake'] : ['intake'];
  const untouched =
    openStay.intakeType === 'unknown' && openStay.reservations.length === 0 && openStay.fosters.length === 0;
  const inFoster = openStay.fosters.some((placement) => placement.endedAt === null);
  return [
    ...(untouched ? (['intake'] as const) : []),
    ...(!activeReservation
      ? (['reserve'] as const)
      : lapsed
        ? (['reserve', 'cancelReservation'] as const)
        : (['cancelReservation'] as const)),
    'adopt' as const,
    inFoster ? ('fosterEnd' as const) : ('fosterStart' as const),
    'outcome' as const,
  ];
}
