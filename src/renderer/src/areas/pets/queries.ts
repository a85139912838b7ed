import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BrowsePets } from '../../../../shared/admin-schemas';
import { useTranslation } from 'react-i18next';
import type { NewPet, PetStatus } from '../../../../shared/pet';
import { petStatusWords } from '../../domain/pets/status-words';
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
  const { t } = useTranslation('pets');
  return useAction({
    run: (pet: NewPet, environment) => call('pets.create', { environment, pet }),
    progress: ({ name }) => t('toast.adding', { name }),
    success: (pet) => t('toast.added', { name: pet.name, id: pet.id }),
    shownInPlace: SHOWN_IN_PLACE.always,
    invalidates: ['pets', 'categories'],
  });
}

export function useEditPet() {
  const { t } = useTranslation('pets');
  return useAction({
    run: (
      { id, name, categoryId, version }: { id: number; name: string; categoryId: number; version: number },
      environment,
    ) => call('pets.update', { environment, id, changes: { name, categoryId }, version }),
    progress: t('toast.saving'),
    success: (pet) => t('toast.saved', { name: pet.name }),
    shownInPlace: SHOWN_IN_PLACE.always,
    invalidates: ['pets', 'categories'],
  });
}

export function useChangePetStatus() {
  const { t } = useTranslation('pets');
  return useAction({
    run: ({ id, status }: { id: number; name: string; status: PetStatus }, environment) =>
      call('pets.setStatus', { environment, id, status }),
    progress: ({ name, status }) => t('toast.marking', { name, status: petStatusWords(status) }),
    success: (pet) => t('toast.marked', { name: pet.name, status: petStatusWords(pet.status) }),
    invalidates: ['pets'],
  });
}

export function useRemovePet() {
  const { t } = useTranslation('pets');
  return useAction({
    run: ({ id }: { id: number; name: string }, environment) => call('pets.remove', { environment, id }),
    progress: ({ name }) => t('toast.removing', { name }),
    success: (_, { name }) => t('toast.removed', { name }),
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
  const { t } = useTranslation('pets');
  return useAction({
    run: (
      { id, profile, version }: { id: number; name: string; profile: PetProfileChange; version: number },
      environment,
    ) => call('pets.setProfile', { environment, id, profile, version }),
    progress: ({ name }) => t('toast.savingProfile', { name }),
    success: (_, { name }) => t('toast.profileSaved', { name }),
    shownInPlace: SHOWN_IN_PLACE.always,
    invalidates: ['pets'],
  });
}
