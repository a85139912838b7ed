/** The front door: the public forms' questions and the review queue of what visitors sent. Staff only: a volunteer sees no submission. */
import type { AddedPerson, PersonWarning } from '../people';
import type { FrontDoorForm, PetApplications, Submission, SubmissionDetails } from '../front-door';
import { STAFF, answer, area } from './declare';

export const FRONT_DOOR_CHANNELS = area({
  'forms.get': {
    input: ({ input, FormKindSchema }) => input({ kind: FormKindSchema }),
    answer: answer<FrontDoorForm>(),
    may: STAFF,
  },
  /** The form's questions, consent text and retention period, limits, and whether it is open. */
  'forms.set': {
    input: ({ input, FormKindSchema, FormSettingsSchema }) => input({ kind: FormKindSchema, form: FormSettingsSchema }),
    answer: answer<FrontDoorForm>(),
    may: STAFF,
    writes: 'Changed a public form',
    topics: ['applications', 'pets'],
  },
  'applications.list': {
    input: ({ input, SubmissionFilterSchema }) => input({ filter: SubmissionFilterSchema }),
    answer: answer<Submission[]>(),
    may: STAFF,
  },
  /** One submission, its history and the duplicate question (people it may be). */
  'applications.show': {
    input: ({ id, input }) => input({ id }),
    answer: answer<SubmissionDetails & { duplicates: PersonWarning[] }>(),
    may: STAFF,
  },
  'applications.link': {
    input: ({ id, input }) => input({ id, personId: id }),
    answer: answer<Submission>(),
    may: STAFF,
    writes: 'Linked a submission to a person',
    topics: ['applications'],
  },
  /** Adds the visitor to the register from what they sent and links them, in one step. */
  'applications.createPerson': {
    input: ({ id, input }) => input({ id }),
    answer: answer<{ submission: Submission } & AddedPerson>(),
    may: STAFF,
    writes: 'Added a person from a submission',
    topics: ['applications', 'people'],
  },
  'applications.setState': {
    input: ({ id, input, z, SubmissionStateSchema }) =>
      input({ id, to: SubmissionStateSchema, note: z.string().trim().max(2000).optional() }),
    answer: answer<Submission>(),
    may: STAFF,
    writes: 'Changed a submission’s state',
    topics: ['applications'],
  },
  'applications.bookVisit': {
    input: ({ id, input, HomeVisitBookingSchema }) => input({ id, visit: HomeVisitBookingSchema }),
    answer: answer<Submission>(),
    may: STAFF,
    writes: 'Booked a home visit',
    topics: ['applications'],
  },
  'applications.recordVisit': {
    input: ({ id, input, HomeVisitRecordSchema }) => input({ id, visit: HomeVisitRecordSchema }),
    answer: answer<Submission>(),
    may: STAFF,
    writes: 'Recorded a home visit',
    topics: ['applications'],
  },
  /** Approves and reserves the animal for the linked person: the rest is the movements' chain. */
  'applications.approve': {
    input: ({ id, input }) => input({ id }),
    answer: answer<Submission>(),
    may: STAFF,
    writes: 'Approved an application',
    topics: ['applications', 'movements', 'pets'],
  },
  'applications.rank': {
    input: ({ id, input, z }) => input({ id, rank: z.int().min(1).max(10_000) }),
    answer: answer<PetApplications>(),
    may: STAFF,
    writes: 'Ranked an application',
    topics: ['applications'],
  },
  /** An animal's applications in the shelter's order: its waiting list, and whether they are paused. */
  'applications.forPet': {
    input: ({ id, input }) => input({ petId: id }),
    answer: answer<PetApplications>(),
    may: STAFF,
  },
  'applications.pause': {
    input: ({ id, input, z }) => input({ petId: id, paused: z.boolean() }),
    answer: answer<PetApplications>(),
    may: STAFF,
    writes: 'Paused or resumed an animal’s applications',
    topics: ['applications', 'pets'],
  },
});
