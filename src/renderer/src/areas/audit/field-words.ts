/**
 * The fields of the audit trail's entries in the window's language: every field an audited channel's input
 * schema or saved record declares has its label (held by tests/unit/audit-field-words.test.ts, which reads the
 * schemas), the domain's own word where it means the same thing, else `audit:fields.<field>`.
 */
import { PET_PROFILE_FIELDS } from '../../../../shared/pet-profile';
import { PERSON_FIELD_LABEL } from '../../domain/people/person-labels';
import { windowI18n } from '../../i18n/i18n';

const PROFILE_FIELDS: ReadonlySet<string> = new Set(PET_PROFILE_FIELDS);
const PERSON_FIELDS: ReadonlySet<string> = new Set(Object.keys(PERSON_FIELD_LABEL));

/**
 * The catalogue key of a field's label (a dotted path by its last part), or undefined when no catalogue labels
 * it. A person's details are the people register's words only in its own channels: elsewhere an `address` may
 * be an email address.
 */
export function fieldLabelKey(channel: string, field: string): string | undefined {
  const last = field.split('.').at(-1) ?? field;
  if (channel.startsWith('people.') && PERSON_FIELDS.has(last)) return `domain:people.field.${last}`;
  if (PROFILE_FIELDS.has(last)) return `pets:field.${last}`;
  const own = `audit:fields.${last}`;
  return windowI18n.exists(own) ? own : undefined;
}

/** A field in words; one no catalogue labels shows as the engine's own name, plainly not a word of the window. */
export function fieldWords(channel: string, field: string): string {
  const key = fieldLabelKey(channel, field);
  return key === undefined ? field : windowI18n.t(key as 'audit:fields.name');
}

/** A value of before → after as one line: "[personal]" is what the trail keeps of a person's details; a list or a group of fields in words, never JSON. */
export function valueWords(value: unknown, field: (name: string, value: unknown) => string): string {
  if (value === null || value === undefined || value === '') return windowI18n.t('audit:values.empty');
  if (value === '[personal]') return windowI18n.t('audit:values.personal');
  if (typeof value === 'boolean') return windowI18n.t(value ? 'audit:values.yes' : 'audit:values.no');
  if (typeof value === 'string') return value;
  if (Array.isArray(value))
    return value.length === 0
      ? windowI18n.t('audit:values.none')
      : value.map((item) => valueWords(item, field)).join('; ');
  if (typeof value === 'object') {
    const parts = Object.entries(value).map(([name, item]) => field(name, item));
    return parts.length === 0 ? windowI18n.t('audit:values.empty') : parts.join(', ');
  }
  return String(value);
}
