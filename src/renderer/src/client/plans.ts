import { useQuery } from '@tanstack/react-query';
import type { PlanChange } from '../../../shared/admin-schemas';
import type { PlanId } from '../../../shared/plans';
import { call } from './transport';
import { useEnvironment } from './EnvironmentProvider';
import { topicsOf, useAction } from './action';

export function usePlans() {
  const environment = useEnvironment();
  return useQuery({ queryKey: [environment, 'plans'], queryFn: () => call('plans.list', { environment }) });
}

export function useUpdatePlan() {
  return useAction({
    run: ({ planId, change }: { planId: PlanId; change: PlanChange }, environment) =>
      call('plans.update', { environment, planId, change }),
    progress: 'Saving the plan…',
    success: (plan) => `${plan.name} saved; it applies from each account's next request.`,
    invalidates: topicsOf('plans.update'),
  });
}
