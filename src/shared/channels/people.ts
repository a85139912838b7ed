/** People: adopters, fosters, finders and vets in the register. */
import type { PersonMovements } from '../movements';
import type { AddedPerson, Person, PersonWarning } from '../people';
import { STAFF, answer, area } from './declare';

export const PEOPLE_CHANNELS = area({
  /** Adds the person, with a warning for each likely duplicate (never a refusal). */
  'people.add': {
    input: ({ input, NewPersonSchema }) => input({ person: NewPersonSchema }),
    answer: answer<AddedPerson>(),
    may: STAFF,
    writes: 'Added a person',
    topics: ['people'],
  },
  'people.list': {
    input: ({ input, PeopleSearchSchema }) => input({ query: PeopleSearchSchema }),
    answer: answer<{ people: Person[]; total: number }>(),
    may: STAFF,
  },
  /** A person's page: the person, their movements and the animals those were about. */
  'people.show': {
    input: ({ id, input }) => input({ id }),
    answer: answer<{ person: Person } & PersonMovements>(),
    may: STAFF,
  },
  'people.edit': {
    input: ({ id, version, input, PersonChangeSchema }) => input({ id, changes: PersonChangeSchema, version }),
    answer: answer<Person>(),
    may: STAFF,
    writes: 'Edited a person',
    saves: 'person',
    topics: ['people', 'movements'],
  },
  /** Anonymises the person; the id and their movements stay. */
  'people.forget': {
    input: ({ id, input }) => input({ id }),
    answer: answer<Person>(),
    may: STAFF,
    writes: 'Forgot a person',
    topics: ['people', 'movements'],
  },
  // People page: the likely-duplicate check before adding, so the dialog asks first.
  'people.duplicates': {
    input: ({ input, NewPersonSchema }) => input({ person: NewPersonSchema }),
    answer: answer<PersonWarning[]>(),
    may: STAFF,
  },
});
