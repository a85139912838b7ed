import { Badge, type BadgeProps } from '@mantine/core';
import { statusWords, type PetStatus } from '../../../../shared/pet';
import type { Departure } from '../../../../shared/outcomes';

const STATUS_COLOR: Record<PetStatus, string> = { available: 'green', pending: 'yellow', sold: 'gray' };

/** A pet's status in words: with a departure, how it left care (never "adopted" for an animal that found no home). */
export function PetStatusBadge({
  status,
  departure = null,
  ...props
}: { status: PetStatus; departure?: Departure | null } & BadgeProps): React.JSX.Element {
  return (
    <Badge
      component="span"
      color={departure ? 'dark' : STATUS_COLOR[status]}
      variant="light"
      data-testid="pet-status"
      {...props}
    >
      {statusWords(status, departure)}
    </Badge>
  );
}
