import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PeopleSearch, PersonChange } from '../../../../shared/people';
import { useAction } from '../../client/action';
import { useEnvironment } from '../../client/EnvironmentProvider';
import { SHOWN_IN_PLACE } from '../../client/errors';
import { call } from '../../client/transport';

/** One page of the register: search (case and accents folded by the engine), filters and paging stay on the engine. */
export function usePeople(query: PeopleSearch) {
  const environment = useEnvironment();
  return useQuery({
    queryKey: [environment, 'people', 'list', query],
    queryFn: () => call('people.list', { environment, query }),
    placeholderData: keepPreviousData,
  });
}

/** A person's page: the person, their movements and the animals those were about (movements change it too). */
export function usePerson(id: number) {
  const environment = useEnvironment();
  return useQuery({
    queryKey: [environment, 'people', 'show', id],
    queryFn: () => call('people.show', { environment, id }),
  });
}

/** The species a foster home takes are categories: their names, for the dialog and the person's page. */
export function useCategoryNames() {
  const environment = useEnvironment();
  return useQuery({ queryKey: [environment, 'categories'], queryFn: () => call('categories.list', { environment }) });
}

export function useEditPerson() {
  const { t } = useTranslation('people');
  return useAction({
    run: ({ id, changes, version }: { id: number; changes: PersonChange; version: number }, environment) =>
      call('people.edit', { environment, id, changes, version }),
    progress: t('toast.saving'),
    success: (person) => t('toast.saved', { name: person.name }),
    shownInPlace: SHOWN_IN_PLACE.always,
    invalidates: ['people', 'movements'],
  });
}

export function useForgetPerson() {
  const { t } = useTranslation('people');
  return useAction({
    run: ({ id }: { id: number; name: string }, environment) => call('people.forget', { environment, id }),
    progress: ({ name }) => t('toast.forgetting', { name }),
    success: (person, { name }) => t('toast.forgotten', { name, id: person.id }),
    invalidates: ['people', 'movements'],
  });
}
