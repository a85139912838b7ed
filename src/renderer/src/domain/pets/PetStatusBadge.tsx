import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PetStatus } from '../../../../shared/pet';
import type { PetSex } from '../../../../shared/pet-profile';
import type { Departure } from '../../../../shared/outcomes';
import { petStatusWords } from './status-words';

const STATUS_COLOR: Record<PetStatus, string> = { available: 'green', pending: 'yellow', sold: 'gray' };

/**
 * A pet's status in words: with a departure, how it left care (never "adopted" for an animal that found no home);
 * with its sex, agreeing with it where the language does ("adoptée").
 */
export function PetStatusBadge({
  status,
  departure = null,
  sex = null,
  ...props
}: { status: PetStatus; departure?: Departure | null; sex?: PetSex | null } & BadgeProps): React.JSX.Element {
  // Read so the badge follows a switch of language.
  useTranslation('domain');
  return (
    <Badge
      component="span"
      color={departure ? 'dark' : STATUS_COLOR[status]}
      variant="light"
      data-testid="pet-status"
      {...props}
    >
      {petStatusWords(status, departure, sex)}
    </Badge>
  );
}
