/**
 * The audit trail's fields in every language of the window: each field an audited channel's input schema
 * declares, at any depth (a round's doses, a form's questions), and each field of the record an edit saves,
 * has a label in each catalogue, and the Audit page shows that label. The fields come from the schemas
 * themselves, so a field added tomorrow fails here until it has its words.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ADMIN_CONTRACT, type AdminChannel } from '../../src/shared/admin-contract';
import { declarationOf } from '../../src/shared/channels';
import type { SavedRecord } from '../../src/shared/channels/declare';
import { PersonChangeSchema } from '../../src/shared/people';
import { PetDetailsSchema, PetProfileSchema } from '../../src/shared/pet-profile';
import { ShelterProfileSchema } from '../../src/shared/shelter';
import { WRITE_CHANNELS } from '../../src/renderer/src/areas/audit/action-words';
import { codeWords, fieldLabelKey, fieldWords } from '../../src/renderer/src/areas/audit/field-words';
import { showLanguage, windowI18n } from '../../src/renderer/src/i18n/i18n';

const LANGUAGES = ['en', 'fr', 'es', 'de'] as const;

/** The parts of a zod 4 definition that hold other schemas. */
interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  getter?: () => z.ZodType;
  element?: z.ZodType;
  valueType?: z.ZodType;
  options?: readonly z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  items?: readonly z.ZodType[];
  entries?: Record<string, string | number>;
}

/** Every field path a value of the schema can hold (lists are transparent: a round's `doses.vaccine`). */
function fieldPaths(schema: z.ZodType, prefix = '', walking: Set<z.ZodType> = new Set()): string[] {
  if (walking.has(schema)) return [];
  walking.add(schema);
  const def = schema._zod.def as unknown as Def;
  const own = Object.entries(def.shape ?? {}).flatMap(([key, field]) => [
    `${prefix}${key}`,
    ...fieldPaths(field, `${prefix}${key}.`, walking),
  ]);
  const inner = [def.innerType, def.in, def.out, def.getter?.(), def.catchall, def.element, def.valueType, def.left]
    .concat(def.right, def.options ?? [], def.items ?? [])
    .filter((part): part is z.ZodType => part !== undefined);
  const found = [...own, ...inner.flatMap((part) => fieldPaths(part, prefix, walking))];
  walking.delete(schema);
  return [...new Set(found)];
}

/** Every field path of the schema whose value is a code (a zod enum), with its codes. */
function codedFields(schema: z.ZodType, prefix = '', walking: Set<z.ZodType> = new Set()): Map<string, string[]> {
  const found = new Map<string, string[]>();
  if (walking.has(schema)) return found;
  walking.add(schema);
  const def = schema._zod.def as unknown as Def;
  const field = prefix.replace(/\.$/, '');
  if (def.type === 'enum' && def.entries && field !== '')
    found.set(
      field,
      Object.values(def.entries).filter((value): value is string => typeof value === 'string'),
    );
  for (const [key, inner] of Object.entries(def.shape ?? {}))
    for (const [path, values] of codedFields(inner, `${prefix}${key}.`, walking)) found.set(path, values);
  const inner = [def.innerType, def.in, def.out, def.getter?.(), def.catchall, def.element, def.valueType, def.left]
    .concat(def.right, def.options ?? [], def.items ?? [])
    .filter((part): part is z.ZodType => part !== undefined);
  for (const part of inner)
    for (const [path, values] of codedFields(part, prefix, walking))
      found.set(path, [...new Set([...(found.get(path) ?? []), ...values])]);
  walking.delete(schema);
  return found;
}

/**
 * Codes the trail shows as they are, being names a tester or an admin reads as such: a logo's media type,
 * the pet API's operation ids, the lab's clock moves and header profiles (as its guide and CLI name
 * them), a mail server's security (TLS, STARTTLS).
 */
const SHOWN_AS_CODE = new Set([
  'shelter.set logo.mediaType',
  'console.send operation',
  'console.burst operation',
  'lab.moveClock move',
  'lab.setHeaderProfile profile',
  'outbox.configure settings.security',
]);

/**
 * The record an edit saves, whose changed fields its entry keeps as before → after (src/main/audit/changes.ts,
 * which skips `updatedAt`). A person's fields an edit can change are its input's; the rest of a person (its
 * number, when it was added or forgotten) no edit changes.
 */
const SAVED: Readonly<Record<SavedRecord, z.ZodType>> = {
  pet: PetDetailsSchema.shape.pet,
  'pet-profile': PetProfileSchema,
  person: PersonChangeSchema,
  shelter: ShelterProfileSchema,
};

/** What the trail can record of each write: its input's fields (but the environment, which the page never shows) and its saved record's. */
const recorded: Array<{ channel: string; field: string }> = WRITE_CHANNELS.flatMap((channel) => {
  const saves = declarationOf(channel)?.saves;
  const input = fieldPaths(ADMIN_CONTRACT[channel as AdminChannel].input).filter((field) => field !== 'environment');
  const changed = saves ? fieldPaths(SAVED[saves]).filter((field) => !/(^|\.)updatedAt$/.test(field)) : [];
  return [...new Set([...input, ...changed])].map((field) => ({ channel, field }));
});

/** The fields among `fields` with no label in `language`'s own catalogue (an English fallback does not count). */
function unlabelled(fields: Array<{ channel: string; field: string }>, language: string): string[] {
  return fields.flatMap(({ channel, field }) => {
    const key = fieldLabelKey(channel, field);
    const [namespace = '', path = ''] = key?.split(':') ?? [];
    const words: unknown = key === undefined ? undefined : windowI18n.getResource(language, namespace, path);
    return typeof words === 'string' && words.trim() !== '' ? [] : [`${channel} ${field}`];
  });
}

beforeAll(async () => {
  // Loads each language's catalogues as the window does when a member chooses it.
  for (const language of LANGUAGES.toReversed()) await showLanguage(language);
});

describe('the audit trail’s field words', () => {
  it('reads every field of the schemas, nested and wrapped ones too', () => {
    const schema = z.strictObject({
      environment: z.enum(['production', 'staging']),
      round: z.strictObject({ doses: z.array(z.strictObject({ vaccine: z.string().optional() })).min(1) }),
      moved: z.union([z.strictObject({ at: z.string().transform(Number) }), z.null()]).optional(),
      settings: z.strictObject({ host: z.string() }).partial().nullable().default(null),
    });
    expect(fieldPaths(schema).sort()).toEqual(
      [
        'environment',
        'moved',
        'moved.at',
        'round',
        'round.doses',
        'round.doses.vaccine',
        'settings',
        'settings.host',
      ].sort(),
    );
    expect(recorded.length).toBeGreaterThan(300);
    expect(recorded).toContainEqual({ channel: 'care.give', field: 'round.doses.batch' });
    expect(recorded).toContainEqual({ channel: 'settings.update', field: 'teamServer.port' });
  });

  it('finds a field no catalogue labels, and the page shows it by its engine name', () => {
    const tomorrow = [{ channel: 'pets.create', field: 'pet.microchipColourCode' }];
    for (const language of LANGUAGES)
      expect(unlabelled(tomorrow, language)).toEqual(['pets.create pet.microchipColourCode']);
    expect(fieldWords('pets.create', 'microchipColourCode')).toBe('microchipColourCode');
  });

  it.each(LANGUAGES)('has a label in %s for every field an audited channel records', async (language) => {
    await showLanguage(language);
    expect(unlabelled(recorded, language)).toEqual([]);
    // The page says the label, in that language.
    for (const { channel, field } of recorded) {
      const [namespace = '', path = ''] = fieldLabelKey(channel, field)?.split(':') ?? [];
      expect(fieldWords(channel, field), `${channel} ${field}`).toBe(windowI18n.getResource(language, namespace, path));
    }
  });

  it('labels no field that no audited channel records', () => {
    const asked = new Set(recorded.map(({ channel, field }) => fieldLabelKey(channel, field)));
    for (const language of LANGUAGES) {
      const labels = Object.keys(windowI18n.getResource(language, 'audit', 'fields') as Record<string, string>);
      expect(
        labels.filter((label) => !asked.has(`audit:fields.${label}`)),
        language,
      ).toEqual([]);
    }
  });

  it('words every code an audited channel records in each language, as the pages word it', async () => {
    const coded = WRITE_CHANNELS.flatMap((channel) => {
      const saves = declarationOf(channel)?.saves;
      const fields = new Map([
        ...codedFields(ADMIN_CONTRACT[channel as AdminChannel].input),
        ...(saves ? codedFields(SAVED[saves]) : []),
      ]);
      fields.delete('environment');
      return [...fields]
        .filter(([field]) => !SHOWN_AS_CODE.has(`${channel} ${field}`))
        .map(([field, values]) => ({ channel, field, values }));
    });
    expect(coded).toContainEqual(expect.objectContaining({ channel: 'movements.outcome', field: 'outcome.type' }));
    await showLanguage('fr');
    const unworded = coded.flatMap(({ channel, field, values }) =>
      values
        .filter((value) => codeWords(channel, field, value) === value)
        .map((value) => `${channel} ${field}=${value}`),
    );
    expect(unworded).toEqual([]);
    expect(codeWords('movements.outcome', 'outcome.type', 'died_in_care')).toBe(
      windowI18n.t('domain:movements.outcome.died_in_care'),
    );
    expect(codeWords('pets.setProfile', 'notes', 'died_in_care')).toBe('died_in_care');
  });
});
