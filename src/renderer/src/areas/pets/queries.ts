import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BrowsePets } from '../../../../shared/admin-schemas';
import { PET_STATUS_WORDS, type NewPet, type PetStatus } from '../../../../shared/pet';
import type { PetProfileChange } from '../../../../shared/pet-profile';
import { call } from '../../client/transport';
import { useCan } from '../../client/staff';
import { useEnvironment } from '../../client/EnvironmentProvider';
import { useAction } from '../../client/action';
import { SHOWN_IN_PLACE } from '../../client/errors';

/** One page at a time: the shelter may hold 100,000 animals, so search, sort and paging stay on the engine. */
export function usePetPage(query: BrowsePets) {
  const environment = useEnvironment();
  return useQuery({
    queryKey: [environment, 'pets', 'browse', query],
    queryFn: () => call('pets.browse', { environment, query }),
    placeholderData: keepPreviousData,
  });
}

export function usePetHistory(id: number | null) {
  const environment = useEnvironment();
  return useQuery({
    queryKey: [environment, 'pets', 'history', id],
    queryFn: () => call('pets.history', { environment, id: id ?? 0 }),
    enabled: id !== null,
  });
}

export function useAddPet() {
  return useAction({
    run: (pet: NewPet, environment) => call('pets.create', { environment, pet }),
    progress: ({ name }) => `Adding ${name}…`,
    success: (pet) => `${pet.name} joined the shelter (#${pet.id}).`,
    shownInPlace: SHOWN_IN_PLACE.always,
    invalidates: ['pets', 'categories'],
  });
}

export function useEditPet() {
  return useAction({
    run: (
      { id, name, categoryId, version }: { id: number; name: string; categoryId: number; version: number },
      environment,
    ) => call('pets.update', { environment, id, changes: { name, categoryId }, version }),
    progress: 'Saving the pet…',
    success: (pet) => `${pet.name} saved.`,
    shownInPlace: SHOWN_IN_PLACE.always,
    invalidates: ['pets', 'categories'],
  });
}

export function useChangePetStatus() {
  return useAction({
    run: ({ id, status }: { id: number; name: string; status: PetStatus }, environment) =>
      call('pets.setStatus', { environment, id, status }),
    progress: ({ name, status }) => `Marking ${name} as ${PET_STATUS_WORDS[status]}…`,
    success: (pet) => `${pet.name} is now ${PET_STATUS_WORDS[pet.status]}.`,
    invalidates: ['pets'],
  });
}

export function useRemovePet() {
  return useAction({
    run: ({ id }: { id: number; name: string }, environment) => call('pets.remove', { environment, id }),
    progress: ({ name }) => `Removing ${name}…`,
    success: (_, { name }) => `${name} removed.`,
    invalidates: ['pets', 'categories'],
  });
}

/** The pet's record, whole profile (private fields too: this is the staff's window) and age group. */
export function usePetProfile(id: number | null) {
  const environment = useEnvironment();
  return useQuery({
    queryKey: [environment, 'pets', 'profile', id],
    queryFn: () => call('pets.profile', { environment, id: id ?? 0 }),
    enabled: id !== null,
  });
}

/** Past values of the private fields: not asked for a role that may not read them (a volunteer). */
export function usePetProfileHistory(id: number | null) {
  const environment = useEnvironment();
  const allowed = useCan('pets.profileHistory');
  return useQuery({
    queryKey: [environment, 'pets', 'profileHistory', id],
    queryFn: () => call('pets.profileHistory', { environment, id: id ?? 0 }),
    enabled: id !== null && allowed,
  });
}

export function useSavePetProfile() {
  return useAction({
    run: (
      { id, profile, version }: { id: number; name: string; profile: PetProfileChange; version: number },
      environment,
    ) => call('pets.setProfile', { environment, id, profile, version }),
    progress: ({ name }) => `Saving the profile of ${name}…`,
    success: (_, { name }) => `Profile of ${name} saved.`,
    shownInPlace: SHOWN_IN_PLACE.always,
    invalidates: ['pets'],
  });
}
