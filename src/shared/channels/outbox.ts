/** The outbox: mail to people, staff only (addresses and what was said to them). */
import type { MailSettingsView, OutboxPage, OutboxRow } from '../mail';
import type { AutomationView, TemplatePreview, TemplateView } from '../mail-templates';
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
  /** The automatic messages' words in one language, each with its placeholders and whether it is on. */
  'outbox.templates': {
    input: ({ input, MailLanguageSchema }) => input({ language: MailLanguageSchema }),
    answer: answer<TemplateView[]>(),
    may: STAFF,
  },
  /** The shelter's words for one message and language (null: back to the default ones); an unknown placeholder is refused. */
  'outbox.saveTemplate': {
    input: ({ input, TemplateInputSchema }) => input({ template: TemplateInputSchema }),
    answer: answer<TemplateView>(),
    may: MANAGERS,
    writes: 'Changed the words of an automatic message',
    topics: ['outbox'],
  },
  /** Words as they would go out, filled from a real animal and person. */
  'outbox.preview': {
    input: ({ input, PreviewInputSchema }) => input({ preview: PreviewInputSchema }),
    answer: answer<TemplatePreview>(),
    may: STAFF,
  },
  /** The preview sent to one address, as a test message. */
  'outbox.testTemplate': {
    input: ({ input, z, PreviewInputSchema }) => input({ preview: PreviewInputSchema, address: z.email() }),
    answer: answer<{ queued: boolean }>(),
    may: MANAGERS,
    writes: 'Sent a test of an automatic message',
    topics: ['outbox'],
  },
  /** Which automatic messages are on, the follow-up's delay and questions, and each member's notices. */
  'outbox.automation': {
    input: ({ input }) => input({}),
    answer: answer<AutomationView>(),
    may: STAFF,
  },
  'outbox.setAutomation': {
    input: ({ input, AutomationSettingsSchema }) => input({ settings: AutomationSettingsSchema }),
    answer: answer<AutomationView>(),
    may: MANAGERS,
    writes: 'Changed the automatic messages',
    topics: ['outbox'],
  },
  'outbox.setNotice': {
    input: ({ input, StaffNoticeInputSchema }) => input({ notice: StaffNoticeInputSchema }),
    answer: answer<AutomationView>(),
    may: MANAGERS,
    writes: 'Changed a member’s staff notices',
    topics: ['outbox'],
  },
});

/** The channel a template edit is audited under, whichever face makes it (the CLI's `mail templates set` too). */
export const TEMPLATE_EDIT_CHANNEL: keyof typeof OUTBOX_CHANNELS = 'outbox.saveTemplate';
