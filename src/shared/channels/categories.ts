/** Categories of animals. */
import type { Category } from '../models';
import { EVERY_MEMBER, STAFF, answer, area } from './declare';

export const CATEGORY_CHANNELS = area({
  'categories.list': {
    input: ({ input }) => input({}),
    answer: answer<Category[]>(),
    may: EVERY_MEMBER,
    forFoster: 'no-animal',
  },
  'categories.create': {
    input: ({ input, CategoryNameSchema, SpeciesSchema }) =>
      input({ name: CategoryNameSchema, species: SpeciesSchema.optional() }),
    answer: answer<Category>(),
    may: STAFF,
    writes: 'Added a category',
    topics: ['categories'],
  },
  'categories.rename': {
    input: ({ id, input, CategoryNameSchema, SpeciesSchema }) =>
      input({ id, name: CategoryNameSchema, species: SpeciesSchema.optional() }),
    answer: answer<Category>(),
    may: STAFF,
    writes: 'Renamed a category',
    topics: ['categories'],
  },
  'categories.remove': {
    input: ({ id, input }) => input({ id }),
    answer: answer<null>(),
    may: STAFF,
    writes: 'Removed a category',
    topics: ['categories'],
  },
});
