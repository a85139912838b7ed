import { Badge } from '@mantine/core';
import type { PlanId } from '../../../../shared/plans';
import { PLAN_NAME } from '../../client/plan-names';

const PLAN_COLOR: Record<PlanId, string> = { free: 'gray', pro: 'blue', business: 'violet', enterprise: 'orange' };

export function PlanBadge({ planId }: { planId: PlanId }): React.JSX.Element {
  return (
    <Badge color={PLAN_COLOR[planId]} variant="light" data-testid="plan-badge">
      {PLAN_NAME[planId]}
    </Badge>
  );
}
