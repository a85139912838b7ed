/**
 * The fields of the audit trail's entries in the window's language: every field an audited channel's input
 * schema or saved record declares has its label (held by tests/unit/audit-field-words.test.ts, which reads the
 * schemas), the domain's own word where it means the same thing, else `audit:fields.<field>`.
 */
import { PET_PROFILE_FIELDS } from '../../../../shared/pet-profile';
import { PERSON_FIELD_LABEL } from '../../domain/people/person-labels';
import { PORTAL_NAMES, type PortalId } from '../../../../shared/portals';
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

/**
 * The catalogue holding a coded value's words (an enum of the domain: a species, an outcome, a role), by the
 * field it is a value of: the same words the pages use for it. Fields of free text have none.
 */
function codeWordsOf(channel: string, field: string): string | undefined {
  const parts = field.split('.');
  const last = parts.at(-1) ?? field;
  const owner = parts.at(-2) ?? '';
  const area = channel.split('.')[0];
  switch (last) {
    case 'species':
    case 'sex':
    case 'ageGroup':
    case 'size':
    case 'coat':
    case 'departure':
      return `domain:animals.${last}`;
    case 'goodWithKids':
    case 'goodWithDogs':
    case 'goodWithCats':
      return 'pets:profile.answer';
    case 'status':
      // The seed's status of a pet (available, pending, sold), as the API console words it.
      return area === 'pets' || area === 'console' || owner === 'pet' ? 'console:statuses' : undefined;
    case 'type':
      if (channel === 'movements.intake') return 'domain:movements.intake';
      if (channel === 'movements.outcome') return 'domain:movements.outcome';
      return owner === 'custom' ? 'incoming:forms.types' : undefined;
    case 'transferFrom':
    case 'transferTo':
      return 'domain:movements.transferWhere';
    case 'feeMethod':
      return 'domain:movements.feeMethod';
    case 'kind':
      if (area === 'people') return 'domain:people.kind';
      if (area === 'care') return 'domain:care.treatment';
      if (area === 'contracts') return 'contracts:kind';
      if (area === 'forms') return 'incoming:kind';
      if (area === 'lostFound') return 'lostFound:kinds';
      if (area === 'lab') return 'lab:scenarios.kinds';
      return area === 'outbox' ? 'outbox:kinds' : undefined;
    case 'disabled':
    case 'kinds':
      return area === 'outbox' ? 'outbox:kinds' : undefined;
    case 'question':
      return 'incoming:question';
    case 'to':
      return channel === 'applications.setState' ? 'incoming:state' : undefined;
    case 'result':
      return area === 'care' ? 'domain:care.result' : undefined;
    case 'roles':
      return area === 'people' ? 'domain:people.role' : undefined;
    case 'role':
      return area === 'staff' ? 'domain:staff.roles' : undefined;
    case 'language':
      return 'outbox:languages';
    case 'planId':
      return 'plans:names';
    default:
      return undefined;
  }
}

/** A coded value in the window's words ("died_in_care" → "Mort en soins"), or the value itself when it is no code of the field. */
export function codeWords(channel: string, field: string, value: string): string {
  if (field === 'portal' && Object.hasOwn(PORTAL_NAMES, value)) return PORTAL_NAMES[value as PortalId];
  const catalogue = codeWordsOf(channel, field);
  const key = catalogue && `${catalogue}.${value}`;
  return key && windowI18n.exists(key) ? windowI18n.t(key as 'audit:values.empty') : value;
}

/**
 * A value of before → after as one line: "[personal]" is what the trail keeps of a person's details; a code in
 * the domain's words (`code` words a string of the field it is under); a list or a group of fields in words, never JSON.
 */
export function valueWords(
  value: unknown,
  field: (name: string, value: unknown) => string,
  code: (value: string) => string = (text) => text,
): string {
  if (value === null || value === undefined || value === '') return windowI18n.t('audit:values.empty');
  if (value === '[personal]') return windowI18n.t('audit:values.personal');
  if (typeof value === 'boolean') return windowI18n.t(value ? 'audit:values.yes' : 'audit:values.no');
  if (typeof value === 'string') return code(value);
  if (Array.isArray(value))
    return value.length === 0
      ? windowI18n.t('audit:values.none')
      : value.map((item) => valueWords(item, field, code)).join('; ');
  if (typeof value === 'object') {
    const parts = Object.entries(value).map(([name, item]) => field(name, item));
    return parts.length === 0 ? windowI18n.t('audit:values.empty') : parts.join(', ');
  }
  return String(value);
}
