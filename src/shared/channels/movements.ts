/** The shelter’s day: each movement returns the stay it touched; refusals are `conflict` with the rule as `reason`. */
import type { AdoptionContractData, AnimalRecord, MovementEvent, Stay, TodaySummary } from '../movements';
import { STAFF, answer, area } from './declare';

export const MOVEMENT_CHANNELS = area({
  'movements.intake': {
    input: ({ input, IntakeInputSchema }) => input({ intake: IntakeInputSchema }),
    answer: answer<Stay>(),
    may: STAFF,
    writes: 'Took an animal in',
    topics: ['pets', 'movements', 'people'],
  },
  'movements.reserve': {
    input: ({ input, ReserveInputSchema }) => input({ reservation: ReserveInputSchema }),
    answer: answer<Stay>(),
    may: STAFF,
    writes: 'Reserved an animal',
    topics: ['pets', 'movements', 'people'],
  },
  'movements.cancelReservation': {
    input: ({ input, CancelReservationInputSchema }) => input({ cancellation: CancelReservationInputSchema }),
    answer: answer<Stay>(),
    may: STAFF,
    writes: 'Cancelled a reservation',
    topics: ['pets', 'movements', 'people'],
  },
  'movements.adopt': {
    input: ({ input, AdoptInputSchema }) => input({ adoption: AdoptInputSchema }),
    answer: answer<Stay>(),
    may: STAFF,
    writes: 'Recorded an adoption',
    topics: ['pets', 'movements', 'people'],
  },
  'movements.fosterStart': {
    input: ({ input, FosterStartInputSchema }) => input({ placement: FosterStartInputSchema }),
    answer: answer<Stay>(),
    may: STAFF,
    writes: 'Sent an animal to foster',
    topics: ['pets', 'movements', 'people'],
  },
  'movements.fosterEnd': {
    input: ({ input, FosterEndInputSchema }) => input({ placement: FosterEndInputSchema }),
    answer: answer<Stay>(),
    may: STAFF,
    writes: 'Ended a foster stay',
    topics: ['pets', 'movements', 'people'],
  },
  'movements.outcome': {
    input: ({ input, OutcomeInputSchema }) => input({ outcome: OutcomeInputSchema }),
    answer: answer<Stay>(),
    may: STAFF,
    writes: 'Recorded an outcome',
    topics: ['pets', 'movements', 'people'],
  },
  'movements.return': {
    input: ({ input, ReturnInputSchema }) => input({ return: ReturnInputSchema }),
    answer: answer<Stay>(),
    may: STAFF,
    writes: 'Recorded a return',
    topics: ['pets', 'movements', 'people'],
  },
  // Movements name their adopters, fosters and finders: people's details.
  'movements.list': {
    input: ({ input, MovementQuerySchema }) => input({ query: MovementQuerySchema }),
    answer: answer<MovementEvent[]>(),
    may: STAFF,
  },
  /** The Today page in one read. */
  'movements.today': {
    input: ({ input, TodayQuerySchema }) => input({ query: TodayQuerySchema }),
    answer: answer<TodaySummary>(),
    may: STAFF,
  },
  /** One animal's record page: header, stays, movement history, status history. */
  'movements.record': {
    input: ({ id, input }) => input({ petId: id }),
    answer: answer<AnimalRecord>(),
    may: STAFF,
  },
  /** What the adoption contract prints (the PDF itself: movements.contractPdf). */
  'movements.contractData': {
    input: ({ id, input }) => input({ stayId: id }),
    answer: answer<AdoptionContractData>(),
    may: STAFF,
  },
  // The record page: a stay's adoption contract, made like the CLI's `contract`, for the window to download.
  'movements.contractPdf': {
    input: ({ id, input }) => input({ stayId: id }),
    answer: answer<{ fileName: string; pdfBase64: string }>(),
    may: STAFF,
    topics: [],
  },
});
