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
import { fieldLabelKey, fieldWords } from '../../src/renderer/src/areas/audit/field-words';
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
});
