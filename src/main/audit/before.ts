import type { AdminChannel } from '../../shared/admin-contract';
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

/** The edits whose trail shows before → after: how to read the record before the handler runs. */
const READERS: Partial<Record<AdminChannel, (services: Services, id: number) => unknown>> = {
  'pets.update': (services, id) => services.pets.getRecord(id),
  'pets.setStatus': (services, id) => services.pets.getRecord(id),
  // With the animal's version, as the save answers it: the change of version ties an edit conflict to its writer.
  'pets.setProfile': (services, id) => ({ ...services.petProfiles.get(id), version: services.pets.getRecord(id).version }),
  'people.edit': (services, id) => services.people.get(id),
  'shelter.set': (services) => services.shelter.get(),
};

/** The record as it stood before an edit, or undefined for every other channel (and a record that does not exist: the edit will be refused). */
export function readBefore(servicesOf: (environment: Environment) => Services, channel: AdminChannel, input: unknown): unknown {
  const reader = READERS[channel];
  if (!reader) return undefined;
  const { environment, id } = input as EditInput;
  try {
    return reader(servicesOf(environment), id);
  } catch {
    return undefined;
  }
}
