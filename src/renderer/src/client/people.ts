/** The people register's queries that more than one page uses (the People page, the record page's person picker). */
import type { NewPerson } from '../../../shared/people';
import { topicsOf, useAction } from './action';
import { SHOWN_IN_PLACE } from './errors';
import { call } from './transport';
import { windowI18n } from '../i18n/i18n';

export function useAddPerson() {
  return useAction({
    run: (person: NewPerson, environment) => call('people.add', { environment, person }),
    progress: ({ name }) => windowI18n.t('people:toast.adding', { name }),
    success: ({ person }) => windowI18n.t('people:toast.added', { name: person.name }),
    shownInPlace: SHOWN_IN_PLACE.always,
    invalidates: topicsOf('people.add'),
  });
}
