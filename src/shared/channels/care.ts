/**
 * Care: refusals are `conflict` with the rule as `reason`; a round (care.give) records all its doses or none.
 * Care marks: a volunteer (a foster, for the animals placed with them) sees what is due and whether an animal is current, and marks doses given or skipped; not the medical record.
 * No vet (a volunteer has no people) and no medical notes, read or sent (a giving's notes replace the scheduled dose's, unseen).
 */
import type { CareRecord, CategoryProtocol, Dose, DueList, GivenRound, Treatment } from '../care';
import { HANDLERS, STAFF, answer, area } from './declare';

export const CARE_CHANNELS = area({
  /** One animal's vaccinations, treatments, spay/neuter day, up-to-date state and care history. */
  'care.record': {
    input: ({ id, input }) => input({ petId: id }),
    answer: answer<CareRecord>(),
    may: STAFF,
  },
  /** Doses waiting, of animals in care: overdue, due today, due in the next days. */
  'care.due': {
    input: ({ input, DueQuerySchema }) => input({ query: DueQuerySchema }),
    answer: answer<DueList>(),
    may: HANDLERS,
    forFoster: 'due-list',
    volunteerSees: 'due-list',
  },
  /** Whether the animal is current on its shots (null: nothing recorded), as the portals' shots fields say it. */
  'care.upToDate': {
    input: ({ id, input }) => input({ petId: id }),
    answer: answer<{ upToDate: boolean | null }>(),
    may: HANDLERS,
    forFoster: 'pet',
  },
  'care.schedule': {
    input: ({ input, ScheduleInputSchema }) => input({ dose: ScheduleInputSchema }),
    answer: answer<Dose>(),
    may: STAFF,
    writes: 'Scheduled care',
    topics: ['care'],
  },
  'care.give': {
    input: ({ input, GiveInputSchema }) => input({ round: GiveInputSchema }),
    answer: answer<GivenRound>(),
    may: HANDLERS,
    forFoster: 'round',
    writes: 'Gave care',
    volunteerSees: 'given-round',
    notFromVolunteer: ['round.vetId', 'round.notes'],
    topics: ['care', 'pets'],
  },
  'care.editDose': {
    input: ({ id, input, DoseChangeSchema }) => input({ doseId: id, changes: DoseChangeSchema }),
    answer: answer<Dose>(),
    may: STAFF,
    writes: 'Edited a dose',
    topics: ['care'],
  },
  'care.skip': {
    input: ({ input, SkipInputSchema }) => input({ skip: SkipInputSchema }),
    answer: answer<Dose>(),
    may: HANDLERS,
    forFoster: 'dose',
    writes: 'Skipped a dose',
    volunteerSees: 'dose',
    topics: ['care'],
  },
  'care.addTreatment': {
    input: ({ input, TreatmentInputSchema }) => input({ treatment: TreatmentInputSchema }),
    answer: answer<Treatment>(),
    may: STAFF,
    writes: 'Added a treatment or test',
    topics: ['care', 'pets'],
  },
  'care.editTreatment': {
    input: ({ id, input, TreatmentChangeSchema }) => input({ treatmentId: id, changes: TreatmentChangeSchema }),
    answer: answer<Treatment>(),
    may: STAFF,
    writes: 'Edited a treatment or test',
    topics: ['care'],
  },
  'care.protocols': {
    input: ({ input }) => input({}),
    answer: answer<CategoryProtocol[]>(),
    may: STAFF,
  },
  'care.setProtocol': {
    input: ({ input, ProtocolInputSchema }) => input({ protocol: ProtocolInputSchema }),
    answer: answer<CategoryProtocol>(),
    may: STAFF,
    writes: 'Changed a care protocol',
    topics: ['care'],
  },
});
