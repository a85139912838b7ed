/**
 * What a write touched, so caches know what to refresh: the engine emits these, and the window's
 * queries are keyed by them (the second element of every environment-scoped query key).
 */
export const CHANGE_TOPICS = [
  'pets',
  'categories',
  'accounts',
  'keys',
  'plans',
  'usage',
  'sites',
  'lab',
  'shelter',
  'people',
  'movements',
  'care',
  'outbox',
  'applications',
  'lost-found',
] as const;
export type ChangeTopic = (typeof CHANGE_TOPICS)[number];
