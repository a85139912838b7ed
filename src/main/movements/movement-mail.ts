/** A reservation just written, for the message it causes. */
export interface RecordedReservation {
  reservationId: number;
  petId: number;
  personId: number;
  expiresAt: number | null;
}

/** The messages the movements cause, written inside their transaction (mail/messages.ts). */
export interface MovementMail {
  reservationMade(reservation: RecordedReservation): void;
}
