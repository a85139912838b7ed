/** Animals: the pets list, a pet’s record, status and profile. */
import type { PetRecord, StatusChange } from '../models';
import type { Pet } from '../pet';
import type { PetDetails, ProfileChange, SavedPetProfile } from '../pet-profile';
import { HANDLERS, STAFF, VOLUNTEERS, answer, area } from './declare';

export const PET_CHANNELS = area({
  'pets.browse': {
    input: ({ input, BrowsePetsSchema }) => input({ query: BrowsePetsSchema }),
    answer: answer<{ pets: PetRecord[]; total: number }>(),
    may: HANDLERS,
    forFoster: 'pet-page',
  },
  'pets.create': {
    input: ({ input, NewPetSchema }) => input({ pet: NewPetSchema }),
    answer: answer<Pet>(),
    may: STAFF,
    writes: 'Added a pet',
    topics: ['pets', 'categories'],
  },
  'pets.update': {
    input: ({ id, version, input, PetChangeSchema }) => input({ id, changes: PetChangeSchema, version }),
    answer: answer<PetRecord>(),
    may: STAFF,
    writes: 'Edited a pet',
    saves: 'pet',
    topics: ['pets', 'categories'],
  },
  'pets.setStatus': {
    input: ({ id, version, input, PetStatusSchema }) => input({ id, status: PetStatusSchema, version }),
    answer: answer<PetRecord>(),
    may: STAFF,
    writes: 'Changed a pet’s status',
    saves: 'pet',
    topics: ['pets'],
  },
  'pets.history': {
    input: ({ id, input }) => input({ id }),
    answer: answer<StatusChange[]>(),
    may: VOLUNTEERS,
  },
  'pets.remove': {
    input: ({ id, input }) => input({ id }),
    answer: answer<null>(),
    may: STAFF,
    writes: 'Removed a pet',
    topics: ['pets', 'categories'],
  },
  /** The pet, its whole profile (private fields included: staff only) and its age group. */
  'pets.profile': {
    input: ({ id, input }) => input({ id }),
    answer: answer<PetDetails>(),
    may: HANDLERS,
    forFoster: 'pet',
    volunteerSees: 'pet-details',
  },
  /** The profile saved, with the animal's version after the save. */
  // A saved profile (or an edit conflict's current one) never shows a volunteer the private fields, should the role be let in.
  'pets.setProfile': {
    input: ({ id, version, input, PetProfileChangeSchema }) => input({ id, profile: PetProfileChangeSchema, version }),
    answer: answer<SavedPetProfile>(),
    may: STAFF,
    writes: 'Edited a pet’s profile',
    volunteerSees: 'profile',
    saves: 'pet-profile',
    topics: ['pets'],
  },
  // Past values of the private fields are in it.
  'pets.profileHistory': {
    input: ({ id, input }) => input({ id }),
    answer: answer<ProfileChange[]>(),
    may: STAFF,
  },
});
