import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PlanId } from '../../../../shared/plans';

const PLAN_COLOR: Record<PlanId, string> = { free: 'gray', pro: 'blue', business: 'violet', enterprise: 'orange' };

export function PlanBadge({ planId }: { planId: PlanId }): React.JSX.Element {
  const { t } = useTranslation('plans');
  return (
    <Badge color={PLAN_COLOR[planId]} variant="light" data-testid="plan-badge">
      {t(`names.${planId}`)}
    </Badge>
  );
}
