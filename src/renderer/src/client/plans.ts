import { useQuery } from '@tanstack/react-query';
import type { PlanChange } from '../../../shared/admin-schemas';
import type { PlanId } from '../../../shared/plans';
import { call } from './transport';
import { useEnvironment } from './EnvironmentProvider';
import { topicsOf, useAction } from './action';
import { windowI18n } from '../i18n/i18n';

export function usePlans() {
  const environment = useEnvironment();
  return useQuery({ queryKey: [environment, 'plans'], queryFn: () => call('plans.list', { environment }) });
}

export function useUpdatePlan() {
  return useAction({
    run: ({ planId, change }: { planId: PlanId; change: PlanChange }, environment) =>
      call('plans.update', { environment, planId, change }),
    progress: () => windowI18n.t('plans:toast.saving'),
    success: (plan) => windowI18n.t('plans:toast.saved', { name: plan.name }),
    invalidates: topicsOf('plans.update'),
  });
}
