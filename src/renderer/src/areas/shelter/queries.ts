import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('shelter');
  return useAction({
    run: ({ shelter, version }: { shelter: ShelterChange; version: number }, environment) =>
      call('shelter.set', { environment, shelter, version }),
    progress: t('toast.saving'),
    success: () => t('toast.saved'),
    shownInPlace: SHOWN_IN_PLACE.always,
    invalidates: ['shelter', 'pets'],
  });
}

export function useSetLogo() {
  const { t } = useTranslation('shelter');
  return useAction({
    run: (data: string, environment) => call('shelter.setLogo', { environment, data }),
    progress: t('toast.uploadingLogo'),
    success: () => t('toast.logoSaved'),
    shownInPlace: SHOWN_IN_PLACE.always,
    invalidates: ['shelter'],
  });
}

export function useRemoveLogo() {
  const { t } = useTranslation('shelter');
  return useAction({
    run: (_: null, environment) => call('shelter.removeLogo', { environment }),
    progress: t('toast.removingLogo'),
    success: () => t('toast.logoRemoved'),
    invalidates: ['shelter'],
  });
}
