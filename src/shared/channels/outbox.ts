/** The outbox: mail to people, staff only (addresses and what was said to them). */
import type { MailSettingsView, OutboxPage, OutboxRow } from '../mail';
import { MANAGERS, STAFF, answer, area } from './declare';

export const OUTBOX_CHANNELS = area({
  /** Newest first, by status, with the count of each status. */
  'outbox.list': {
    input: ({ input, OutboxListInputSchema }) => input({ query: OutboxListInputSchema }),
    answer: answer<OutboxPage>(),
    may: STAFF,
  },
  /** What was sent (or is waiting) for one person, for their page. */
  'outbox.person': {
    input: ({ input, id }) => input({ personId: id }),
    answer: answer<OutboxRow[]>(),
    may: STAFF,
  },
  /** A failed or unsure message queued again, with its Message-ID. */
  'outbox.retry': {
    input: ({ input, id }) => input({ id }),
    answer: answer<OutboxRow>(),
    may: STAFF,
    writes: 'Queued a message again',
    topics: ['outbox'],
  },
  /** The settings (never the password), the pause switch and the last 24 hours' count. */
  'outbox.settings': {
    input: ({ input }) => input({}),
    answer: answer<MailSettingsView>(),
    may: STAFF,
  },
  'outbox.pause': {
    input: ({ input, z }) => input({ paused: z.boolean() }),
    answer: answer<MailSettingsView>(),
    may: STAFF,
    writes: 'Paused or resumed mail',
    topics: ['outbox'],
  },
  'outbox.configure': {
    input: ({ input, MailSettingsInputSchema }) => input({ settings: MailSettingsInputSchema }),
    answer: answer<MailSettingsView>(),
    may: MANAGERS,
    writes: 'Changed the mail settings',
    topics: ['outbox'],
  },
});
