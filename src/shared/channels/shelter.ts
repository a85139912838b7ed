/** The shelter’s profile: its details, contract terms and logo. */
import type { LogoMediaType, ShelterProfile } from '../shelter';
import { EVERY_MEMBER, STAFF, answer, area } from './declare';

export const SHELTER_CHANNELS = area({
  // The contract's terms are the staff's: a volunteer, a foster or an api-admin gets the rest of the profile.
  'shelter.get': {
    input: ({ input }) => input({}),
    answer: answer<ShelterProfile>(),
    may: EVERY_MEMBER,
    forFoster: 'no-animal',
    volunteerSees: 'shelter',
    cutFor: ['volunteer', 'api-admin', 'foster'],
  },
  'shelter.set': {
    input: ({ version, input, ShelterChangeSchema }) => input({ shelter: ShelterChangeSchema, version }),
    answer: answer<ShelterProfile>(),
    may: STAFF,
    writes: 'Edited the shelter’s details',
    saves: 'shelter',
    topics: ['shelter', 'pets'],
  },
  'shelter.setLogo': {
    input: ({ input, LogoUploadSchema }) => input({ data: LogoUploadSchema }),
    answer: answer<ShelterProfile>(),
    may: STAFF,
    writes: 'Changed the shelter’s logo',
    topics: ['shelter'],
  },
  'shelter.removeLogo': {
    input: ({ input }) => input({}),
    answer: answer<ShelterProfile>(),
    may: STAFF,
    writes: 'Removed the shelter’s logo',
    topics: ['shelter'],
  },
  /** The stored logo's bytes (base64), for the Shelter page's preview; null when there is none. */
  // Only the Shelter page's preview reads it, beside the upload.
  'shelter.logo': {
    input: ({ input }) => input({}),
    answer: answer<{ mediaType: LogoMediaType; data: string } | null>(),
    may: STAFF,
  },
});
