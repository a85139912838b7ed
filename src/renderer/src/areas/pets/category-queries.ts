import { useQuery } from '@tanstack/react-query';
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
  return useAction({
    run: ({ name, species }: { name: string; species: Species }, environment) =>
      call('categories.create', { environment, name, species }),
    progress: 'Adding the category…',
    success: (category) => `Category “${category.name}” added.`,
    shownInPlace: SHOWN_IN_PLACE.always,
    invalidates: ['categories'],
  });
}

export function useRenameCategory() {
  return useAction({
    run: ({ id, name, species }: { id: number; name: string; species: Species }, environment) =>
      call('categories.rename', { environment, id, name, species }),
    progress: 'Renaming the category…',
    success: (category) => `Category renamed to “${category.name}”.`,
    shownInPlace: SHOWN_IN_PLACE.always,
    invalidates: ['categories'],
  });
}

export function useRemoveCategory() {
  return useAction({
    run: ({ id }: { id: number; name: string }, environment) => call('categories.remove', { environment, id }),
    progress: ({ name }) => `Removing “${name}”…`,
    success: (_, { name }) => `Category “${name}” removed.`,
    invalidates: ['categories'],
  });
}
