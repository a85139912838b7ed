/** The audit trail in staff's words: what each admin write did, which record it touched, and its fields. */
import { ADMIN_CHANNEL_DECLARATIONS } from '../../../../shared/channels';
import type { ChannelDeclaration } from '../../../../shared/channels/declare';
import { PROFILE_FIELD_LABEL } from '../../domain/pets/profile-labels';
import { PERSON_FIELD_LABEL } from '../../domain/people/person-labels';
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

const PET_FIELDS = ['name', 'categoryId', 'status', 'petId', 'personId', 'vetId'] as const;
const PET_FIELD_WORDS: Readonly<Record<string, string>> = wordTable(PET_FIELDS, (field) =>
  windowI18n.t(`audit:fields.${field}`),
);

/** A field no area labels, from its name: "givenDate" → "Given date". */
function spelt(field: string): string {
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A changed field in words (a profile's dotted path by its last part), or its name when no area labels it. */
export function fieldWords(channel: string, field: string): string {
  const last = field.split('.').at(-1) ?? field;
  if (channel.startsWith('people.')) return (PERSON_FIELD_LABEL as Readonly<Record<string, string>>)[last] ?? field;
  return PET_FIELD_WORDS[last] ?? (PROFILE_FIELD_LABEL as Readonly<Record<string, string>>)[last] ?? spelt(last);
}

/** A value of before → after as one line: "[personal]" is what the trail keeps of a person's details; a list or a group of fields in words, never JSON. */
export function valueWords(value: unknown, field?: (name: string, value: unknown) => string): string {
  if (value === null || value === undefined || value === '') return windowI18n.t('audit:values.empty');
  if (value === '[personal]') return windowI18n.t('audit:values.personal');
  if (typeof value === 'boolean') return windowI18n.t(value ? 'audit:values.yes' : 'audit:values.no');
  if (typeof value === 'string') return value;
  if (Array.isArray(value))
    return value.length === 0
      ? windowI18n.t('audit:values.none')
      : value.map((item) => valueWords(item, field)).join('; ');
  if (typeof value === 'object') {
    const parts = Object.entries(value).map(([name, item]) =>
      field ? field(name, item) : `${spelt(name)}: ${valueWords(item)}`,
    );
    return parts.length === 0 ? windowI18n.t('audit:values.empty') : parts.join(', ');
  }
  return String(value);
}
