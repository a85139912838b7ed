import { Badge, type BadgeProps } from '@mantine/core';
import type { ApiKeyRecord } from '../../../shared/models';
import { statusWords, type PetStatus } from '../../../shared/pet';
import type { Departure } from '../../../shared/outcomes';
import type { PlanId } from '../../../shared/plans';
import { PLAN_NAME } from '../client/plan-names';

const STATUS_COLOR: Record<PetStatus, string> = { available: 'green', pending: 'yellow', sold: 'gray' };
const PLAN_COLOR: Record<PlanId, string> = { free: 'gray', pro: 'blue', business: 'violet', enterprise: 'orange' };

/** A pet's status in words: with a departure, how it left care (never "adopted" for an animal that found no home). */
export function PetStatusBadge({ status, departure = null, ...props }: { status: PetStatus; departure?: Departure | null } & BadgeProps): React.JSX.Element {
  return (
    <Badge component="span" color={departure ? 'dark' : STATUS_COLOR[status]} variant="light" data-testid="pet-status" {...props}>
      {statusWords(status, departure)}
    </Badge>
  );
}

export function PlanBadge({ planId }: { planId: PlanId }): React.JSX.Element {
  return (
    <Badge color={PLAN_COLOR[planId]} variant="light" data-testid="plan-badge">
      {PLAN_NAME[planId]}
    </Badge>
  );
}

export function KeyStateBadge({ apiKey }: { apiKey: ApiKeyRecord }): React.JSX.Element {
  return apiKey.revokedAt === null ? (
    <Badge color="teal" variant="light" data-testid="key-state">
      active
    </Badge>
  ) : (
    <Badge color="red" variant="outline" data-testid="key-state">
      revoked
    </Badge>
  );
}
