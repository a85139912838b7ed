/** A pet’s photos: one file per upload, so each file gets its own refusal. */
import type { PetPhoto } from '../photos';
import { HANDLERS, STAFF, answer, area } from './declare';

export const PHOTO_CHANNELS = area({
  'photos.list': {
    input: ({ id, input }) => input({ petId: id }),
    answer: answer<PetPhoto[]>(),
    may: HANDLERS,
    forFoster: 'pet',
  },
  'photos.add': {
    input: ({ id, input, PhotoUploadSchema }) => input({ petId: id, photo: PhotoUploadSchema }),
    answer: answer<PetPhoto>(),
    // A volunteer or foster photographs the animal in their hands (the phone's camera); removing and reordering stay the staff's.
    may: HANDLERS,
    forFoster: 'pet',
    writes: 'Added a photo',
    body: 'photo',
    topics: ['pets'],
  },
  'photos.remove': {
    input: ({ id, input }) => input({ petId: id, photoId: id }),
    answer: answer<PetPhoto[]>(),
    may: STAFF,
    writes: 'Removed a photo',
    topics: ['pets'],
  },
  'photos.move': {
    input: ({ z, id, input, MAX_PHOTOS_PER_PET }) =>
      input({ petId: id, photoId: id, position: z.int().min(1).max(MAX_PHOTOS_PER_PET) }),
    answer: answer<PetPhoto[]>(),
    may: STAFF,
    writes: 'Reordered photos',
    topics: ['pets'],
  },
  'photos.setAlt': {
    input: ({ id, input, AltTextSchema }) => input({ petId: id, photoId: id, alt: AltTextSchema }),
    answer: answer<PetPhoto>(),
    may: STAFF,
    writes: 'Described a photo',
    topics: ['pets'],
  },
});
