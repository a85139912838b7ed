import { useQuery } from '@tanstack/react-query';
import type { ShelterChange } from '../../../../shared/shelter';
import { call } from '../../client/transport';
import { useEnvironment } from '../../client/EnvironmentProvider';
import { useAction } from '../../client/action';
import { SHOWN_IN_PLACE } from '../../client/errors';

export function useShelter() {
  const environment = useEnvironment();
  return useQuery({ queryKey: [environment, 'shelter'], queryFn: () => call('shelter.get', { environment }) });
}

/** The stored logo's bytes for the preview, asked again whenever another one is stored (its upload time is in the key). */
export function useShelterLogo(updatedAt: number | null) {
  const environment = useEnvironment();
  return useQuery({
    queryKey: [environment, 'shelter', 'logo', updatedAt],
    queryFn: () => call('shelter.logo', { environment }),
    enabled: updatedAt !== null,
  });
}

export function useSaveShelter() {
  return useAction({
    run: ({ shelter, version }: { shelter: ShelterChange; version: number }, environment) =>
      call('shelter.set', { environment, shelter, version }),
    progress: 'Saving the shelter profile…',
    success: () => 'Shelter profile saved.',
    shownInPlace: SHOWN_IN_PLACE.always,
    invalidates: ['shelter', 'pets'],
  });
}

export function useSetLogo() {
  return useAction({
    run: (data: string, environment) => call('shelter.setLogo', { environment, data }),
    progress: 'Uploading the logo…',
    success: () => 'Logo saved.',
    shownInPlace: SHOWN_IN_PLACE.always,
    invalidates: ['shelter'],
  });
}

export function useRemoveLogo() {
  return useAction({
    run: (_: null, environment) => call('shelter.removeLogo', { environment }),
    progress: 'Removing the logo…',
    success: () => 'Logo removed.',
    invalidates: ['shelter'],
  });
}
