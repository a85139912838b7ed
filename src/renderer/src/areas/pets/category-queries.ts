import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../client/transport';
import { useEnvironment } from '../../client/EnvironmentProvider';
import { SHOWN_IN_PLACE } from '../../client/errors';
import { useAction } from '../../client/action';
import type { Species } from '../../../../shared/species';

export function useCategories() {
  const environment = useEnvironment();
  return useQuery({ queryKey: [environment, 'categories'], queryFn: () => call('categories.list', { environment }) });
}

export function useAddCategory() {
  const { t } = useTranslation('pets');
  return useAction({
    run: ({ name, species }: { name: string; species: Species }, environment) =>
      call('categories.create', { environment, name, species }),
    progress: t('toast.addingCategory'),
    success: (category) => t('toast.categoryAdded', { name: category.name }),
    shownInPlace: SHOWN_IN_PLACE.always,
    invalidates: ['categories'],
  });
}

export function useRenameCategory() {
  const { t } = useTranslation('pets');
  return useAction({
    run: ({ id, name, species }: { id: number; name: string; species: Species }, environment) =>
      call('categories.rename', { environment, id, name, species }),
    progress: t('toast.renamingCategory'),
    success: (category) => t('toast.categoryRenamed', { name: category.name }),
    shownInPlace: SHOWN_IN_PLACE.always,
    invalidates: ['categories'],
  });
}

export function useRemoveCategory() {
  const { t } = useTranslation('pets');
  return useAction({
    run: ({ id }: { id: number; name: string }, environment) => call('categories.remove', { environment, id }),
    progress: ({ name }) => t('toast.removingCategory', { name }),
    success: (_, { name }) => t('toast.categoryRemoved', { name }),
    invalidates: ['categories'],
  });
}
