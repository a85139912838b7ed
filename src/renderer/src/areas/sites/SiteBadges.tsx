import { Badge } from '@mantine/core';
import type { Deploy, Domain, VerificationStatus } from '../../../../shared/sites';

const VERIFICATION_COLOR: Record<VerificationStatus, string> = {
  verified: 'teal',
  pending: 'yellow',
  conflict: 'red',
  error: 'orange',
};

export function VerificationBadge({ status }: { status: VerificationStatus }): React.JSX.Element {
  return (
    <Badge color={VERIFICATION_COLOR[status]} variant="light" data-testid="domain-status">
      {status}
    </Badge>
  );
}

export function DeployOutcomeBadge({ deploy }: { deploy: Deploy }): React.JSX.Element {
  return (
    <Badge
      color={deploy.outcome === 'succeeded' ? 'teal' : 'red'}
      variant={deploy.outcome === 'succeeded' ? 'light' : 'outline'}
      data-testid="deploy-outcome"
    >
      {deploy.outcome}
    </Badge>
  );
}

export function LiveBadge(): React.JSX.Element {
  return (
    <Badge color="green" variant="filled" data-testid="deploy-live">
      live
    </Badge>
  );
}

export function DomainRoleBadge({ domain }: { domain: Domain }): React.JSX.Element {
  return domain.role === 'primary' ? (
    <Badge color="blue" variant="light" data-testid="domain-role">
      primary
    </Badge>
  ) : (
    <Badge color="gray" variant="light" data-testid="domain-role">
      redirect
    </Badge>
  );
}
