/** The audit trail in staff's words: what each admin write did and which record it touched (its fields: ./field-words.ts). */
import { ADMIN_CHANNEL_DECLARATIONS } from '../../../../shared/channels';
import type { ChannelDeclaration } from '../../../../shared/channels/declare';
import { windowI18n } from '../../i18n/i18n';
import { wordTable } from '../../i18n/word-table';

/** The channels whose calls the trail records (each channel's declaration: `writes`). */
export const WRITE_CHANNELS: readonly string[] = Object.entries(ADMIN_CHANNEL_DECLARATIONS).flatMap(
  ([channel, declaration]: [string, ChannelDeclaration]) => (typeof declaration.writes === 'string' ? [channel] : []),
);

/**
 * The writes as staff would say them in the window's language: `audit:actions.<channel>` (the English catalogue
 * holds each declaration's own words, held by tests/unit/audit-action-words.test.ts); a channel with no words is
 * shown by its name.
 */
export const ACTION_WORDS: Readonly<Record<string, string>> = wordTable(WRITE_CHANNELS, (channel) => {
  const key = `audit:actions.${channel}`;
  return windowI18n.exists(key) ? windowI18n.t(key as 'audit:actions.pets.create') : channel;
});

export function actionWords(channel: string): string {
  return ACTION_WORDS[channel] ?? channel;
}

type RecordKind =
  'categories' | 'accounts' | 'keys' | 'projects' | 'domains' | 'movements' | 'care' | 'photos' | 'staff' | 'lab';

/** What a record an entry names no animal, person or member of is, by its channel's area: "Category 3". */
const RECORD_KIND: Readonly<Record<string, RecordKind>> = {
  categories: 'categories',
  accounts: 'accounts',
  keys: 'keys',
  bans: 'keys',
  usage: 'accounts',
  projects: 'projects',
  deploys: 'projects',
  domains: 'domains',
  movements: 'movements',
  care: 'care',
  photos: 'photos',
  staff: 'staff',
  lab: 'lab',
};

export function recordWords(channel: string, record: string): string {
  const kind = RECORD_KIND[channel.split('.')[0] ?? ''];
  return windowI18n.t(`audit:records.${kind ?? 'other'}`, { id: record });
}
