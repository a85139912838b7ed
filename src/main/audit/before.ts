import type { SavedRecord } from '../../shared/channels/declare';
import type { Environment } from '../../shared/environments';

/** What the trail reads of an environment's services (the engine's Services has these). */
export interface Services {
  pets: { getRecord(id: number): { version: number } };
  petProfiles: { get(id: number): object };
  people: { get(id: number): unknown };
  shelter: { get(): unknown };
}

interface EditInput {
  environment: Environment;
  id: number;
}

/** How to read a saved record before the handler runs, by the record the channel's declaration says it saves (`saves`). */
const READERS: Record<SavedRecord, (services: Services, id: number) => unknown> = {
  pet: (services, id) => services.pets.getRecord(id),
  // With the animal's version, as the save answers it: the change of version ties an edit conflict to its writer.
  'pet-profile': (services, id) => ({ ...services.petProfiles.get(id), version: services.pets.getRecord(id).version }),
  person: (services, id) => services.people.get(id),
  shelter: (services) => services.shelter.get(),
};

/** The record as it stood before an edit, or undefined for every other channel (and a record that does not exist: the edit will be refused). */
export function readBefore(
  servicesOf: (environment: Environment) => Services,
  saves: SavedRecord | undefined,
  input: unknown,
): unknown {
  if (!saves) return undefined;
  const reader = READERS[saves];
  const { environment, id } = input as EditInput;
  try {
    return reader(servicesOf(environment), id);
  } catch {
    return undefined;
  }
}
