import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Deploy, Domain, VerificationStatus } from '../../../../shared/sites';

const VERIFICATION_COLOR: Record<VerificationStatus, string> = {
  verified: 'teal',
  pending: 'yellow',
  conflict: 'red',
  error: 'orange',
};

export function VerificationBadge({ status }: { status: VerificationStatus }): React.JSX.Element {
  const { t } = useTranslation('sites');
  return (
    <Badge color={VERIFICATION_COLOR[status]} variant="light" data-testid="domain-status">
      {t(`domains.status.${status}`)}
    </Badge>
  );
}

export function DeployOutcomeBadge({ deploy }: { deploy: Deploy }): React.JSX.Element {
  const { t } = useTranslation('sites');
  return (
    <Badge
      color={deploy.outcome === 'succeeded' ? 'teal' : 'red'}
      variant={deploy.outcome === 'succeeded' ? 'light' : 'outline'}
      data-testid="deploy-outcome"
    >
      {t(`deploys.outcome.${deploy.outcome}`)}
    </Badge>
  );
}

export function LiveBadge(): React.JSX.Element {
  const { t } = useTranslation('sites');
  return (
    <Badge color="green" variant="filled" data-testid="deploy-live">
      {t('deploys.live')}
    </Badge>
  );
}

export function DomainRoleBadge({ domain }: { domain: Domain }): React.JSX.Element {
  const { t } = useTranslation('sites');
  return domain.role === 'primary' ? (
    <Badge color="blue" variant="light" data-testid="domain-role">
      {t('domains.role.primary')}
    </Badge>
  ) : (
    <Badge color="gray" variant="light" data-testid="domain-role">
      {t('domains.role.redirect')}
    </Badge>
  );
}
