import { useQuery } from '@tanstack/react-query';
import type { SubmissionState } from '../../../../shared/front-door';
import { useAction } from '../../client/action';
import { useEnvironment } from '../../client/EnvironmentProvider';
import { call } from '../../client/transport';
import { windowI18n } from '../../i18n/i18n';

/** The queue, newest first; a new submission arrives with the `applications` topic, without a reload. */
export function useSubmissions() {
  const environment = useEnvironment();
  return useQuery({
    queryKey: [environment, 'applications', 'list'],
    queryFn: () => call('applications.list', { environment, filter: {} }),
  });
}

export function useSubmission(id: number | null) {
  const environment = useEnvironment();
  return useQuery({
    queryKey: [environment, 'applications', 'show', id],
    queryFn: () => call('applications.show', { environment, id: id ?? 0 }),
    enabled: id !== null,
  });
}

type Step =
  | { step: 'link'; id: number; personId: number }
  | { step: 'createPerson'; id: number }
  | { step: 'state'; id: number; to: SubmissionState }
  | { step: 'bookVisit'; id: number }
  | { step: 'recordVisit'; id: number; notes: string }
  | { step: 'approve'; id: number };

/** Every change of a submission, as one action: the queue, the person and the animal refresh. */
export function useSubmissionStep() {
  return useAction({
    run: async (step: Step, environment) => {
      switch (step.step) {
        case 'link':
          return call('applications.link', { environment, id: step.id, personId: step.personId });
        case 'createPerson':
          return (await call('applications.createPerson', { environment, id: step.id })).submission;
        case 'state':
          return call('applications.setState', { environment, id: step.id, to: step.to });
        case 'bookVisit':
          return call('applications.bookVisit', { environment, id: step.id, visit: {} });
        case 'recordVisit':
          return call('applications.recordVisit', { environment, id: step.id, visit: { notes: step.notes } });
        case 'approve':
          return call('applications.approve', { environment, id: step.id });
      }
    },
    progress: () => windowI18n.t('incoming:saving'),
    success: () => windowI18n.t('incoming:saved'),
    invalidates: ['applications', 'people', 'movements', 'pets'],
  });
}
