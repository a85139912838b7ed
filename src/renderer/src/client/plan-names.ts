import type { PlanId } from '../../../shared/plans';

/** How a plan is named to staff, wherever a plan is shown (errors' words included: so this imports nothing of the client). */
export const PLAN_NAME: Record<PlanId, string> = {
  free: 'Free',
  pro: 'Pro',
  business: 'Business',
  enterprise: 'Enterprise',
};
