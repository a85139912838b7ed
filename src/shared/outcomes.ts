/** How a stay ends. Its own module so the pet's record (shared/pet.ts, models.ts) can say how an animal left without importing the movements. */
/** Leaving care other than by adoption: the animal is no longer offered, and it found no home. */
export const DEPARTURES = [
  'return_to_owner',
  'transfer_out',
  'return_to_field',
  'died_in_care',
  'lost_in_care',
  'euthanasia',
  'owner_requested_euthanasia',
] as const;
export type Departure = (typeof DEPARTURES)[number];

export const OUTCOME_TYPES = ['adoption', ...DEPARTURES] as const;
export type OutcomeType = (typeof OUTCOME_TYPES)[number];

/** How every staff face says an animal left when it was no adoption (the Pets list, `pets list`), in place of "adopted". */
export const DEPARTURE_WORDS: Record<Departure, string> = {
  return_to_owner: 'returned to owner',
  transfer_out: 'transferred out',
  return_to_field: 'returned to field',
  died_in_care: 'died in care',
  lost_in_care: 'lost in care',
  euthanasia: 'euthanised',
  owner_requested_euthanasia: 'euthanised at the owner’s request',
};
