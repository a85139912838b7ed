import type { MovementEvent, Stay } from '../../../shared/movements';
import { printObject, type Output } from '../output';

/** A person in a table cell: "name (#id)". */
export const who = (ref: { id: number; name: string } | null) => (ref ? `${ref.name} (#${ref.id})` : null);

/** A stay as one table row (the whole stay with --json). */
export function printStay(output: Output, stay: Stay): void {
  if (output.json) {
    printObject(output, stay);
    return;
  }
  const reservation = stay.reservations.find((each) => each.endedAt === null);
  const foster = stay.fosters.find((each) => each.endedAt === null);
  printObject(output, {
    stay: stay.id,
    pet: stay.petId,
    intake: stay.intakeType,
    intakeAt: stay.intakeAt,
    from: who(stay.intakePerson),
    outcome: stay.outcomeType,
    outcomeAt: stay.outcomeAt,
    to: who(stay.outcomePerson),
    // Only a transfer out has a destination: other stays keep the table as narrow as it was.
    ...(stay.transferTo ? { transferTo: stay.transferTo, organisation: stay.receivingOrganisation } : {}),
    reservedFor: reservation ? who(reservation.person) : null,
    inFosterWith: foster ? who(foster.person) : null,
  });
}

/** Movement events as table rows (the people and shelter-day commands show them too). */
export function eventRows(events: readonly MovementEvent[]): object[] {
  return events.map((event) => ({
    at: event.at,
    pet: event.petId,
    name: event.petName,
    kind: event.kind,
    type: event.type,
    person: who(event.person),
    by: event.by ?? 'creation',
  }));
}
