import type { AuditEntry, AuditSubject, NamedAuditEntry } from '../../shared/audit';
import { declarationOf } from '../../shared/channels';
import type { ChannelDeclaration } from '../../shared/channels/declare';
import type { Environment } from '../../shared/environments';
import type { AppHost } from '../host/app-host';

type Reference = Omit<AuditSubject, 'name'>;
type EngineOf = (environment: Environment) => ReturnType<AppHost['engine']>;

/** The member of staff an entry is about, as its channel's declaration says (`about`); none for a channel no longer declared. */
const aboutOf = (channel: string): ChannelDeclaration['about'] => declarationOf(channel)?.about;

const numberOf = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value)
    ? value
    : typeof value === 'string' && /^\d+$/.test(value)
      ? Number(value)
      : null;
const fieldsOf = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};

/** The records one entry is about, by number: the animals of a care round or a movement, the person, the member. */
function referencesOf(entry: AuditEntry, engine: EngineOf): Reference[] {
  const input = fieldsOf(entry.input);
  const environment: Environment = input.environment === 'staging' ? 'staging' : 'production';
  const area = entry.channel.split('.')[0];
  const record = numberOf(entry.record);
  const pet = (id: number | null): Reference[] => (id === null ? [] : [{ kind: 'pet', id, environment }]);
  if (area === 'pets') return pet(record);
  if (area === 'people') return record === null ? [] : [{ kind: 'person', id: record, environment }];
  const about = aboutOf(entry.channel);
  if (about === 'member') return record === null ? [] : [{ kind: 'member', id: record, environment: 'production' }];
  // Logging out and changing one's own password name none but their writer.
  if (about === 'self')
    return entry.staffId === null ? [] : [{ kind: 'member', id: entry.staffId, environment: 'production' }];
  if (area !== 'movements' && area !== 'care' && area !== 'photos') return [];
  const round = fieldsOf(input.round).doses;
  if (Array.isArray(round)) return [...new Set(round.map((dose) => numberOf(fieldsOf(dose).petId)))].flatMap(pet);
  const nested = [input, ...Object.values(input).filter((value) => value && typeof value === 'object')].map(fieldsOf);
  const petId = nested.map((fields) => numberOf(fields.petId)).find((id) => id !== null);
  if (petId !== undefined && petId !== null) return pet(petId);
  const store = engine(environment).services.care.store;
  const doseId = nested.map((fields) => numberOf(fields.doseId)).find((id) => id !== null);
  if (doseId !== undefined && doseId !== null) return pet(store.dose(doseId)?.petId ?? null);
  const treatmentId = numberOf(input.treatmentId);
  return treatmentId === null ? [] : pet(store.treatment(treatmentId)?.petId ?? null);
}

/**
 * Each entry with the records it is about, named as they are now: read from the records at each
 * listing, never written into the append-only trail, so a renamed animal shows its name of today.
 * A person is given by number only; the window names them from the register, as the People page.
 */
export function withSubjects(entries: AuditEntry[], host: AppHost): NamedAuditEntry[] {
  const engine: EngineOf = (environment) => host.engine(environment);
  const nameOf = ({ kind, id, environment }: Reference): string | null => {
    if (kind === 'person') return null;
    try {
      const services = engine(environment).services;
      if (kind === 'pet') return services.pets.get(id)?.name ?? null;
      return services.staff.get(id).name;
    } catch {
      // Gone since (removed, or an environment not running): the page shows its number.
      return null;
    }
  };
  return entries.map((entry) => {
    let references: Reference[];
    try {
      references = referencesOf(entry, engine);
    } catch {
      references = [];
    }
    return { ...entry, subjects: references.map((reference) => ({ ...reference, name: nameOf(reference) })) };
  });
}
