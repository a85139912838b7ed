import { Badge, Group, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Person } from '../../../../shared/people';

/** "Do not adopt to" (its reason on hover), "Foster home" (its places), "Forgotten". */
export function PersonFlags({ person }: { person: Person }): React.JSX.Element {
  const { t } = useTranslation('domain');
  return (
    <Group gap={4} data-testid="person-flags">
      {person.forgottenAt !== null && (
        <Badge color="gray" variant="filled" size="sm">
          {t('people.flag.forgotten')}
        </Badge>
      )}
      {person.doNotAdopt && (
        <Tooltip
          label={person.doNotAdoptReason ?? t('people.flag.noReason')}
          multiline
          w={280}
          disabled={person.forgottenAt !== null}
        >
          <Badge color="red" variant="light" size="sm">
            {t('people.flag.doNotAdopt')}
          </Badge>
        </Tooltip>
      )}
      {person.fosterApproved && (
        <Badge color="teal" variant="light" size="sm">
          {person.fosterCapacity === null
            ? t('people.flag.fosterHome')
            : t('people.flag.fosterHomeCapacity', { capacity: person.fosterCapacity })}
        </Badge>
      )}
    </Group>
  );
}
