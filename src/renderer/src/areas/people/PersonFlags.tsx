import { Badge, Group, Tooltip } from '@mantine/core';
import type { Person } from '../../../../shared/people';

/** "Do not adopt to" (its reason on hover), "Foster home" (its places), "Forgotten". */
export function PersonFlags({ person }: { person: Person }): React.JSX.Element {
  return (
    <Group gap={4} data-testid="person-flags">
      {person.forgottenAt !== null && (
        <Badge color="gray" variant="filled" size="sm">
          Forgotten
        </Badge>
      )}
      {person.doNotAdopt && (
        <Tooltip
          label={person.doNotAdoptReason ?? 'No reason kept'}
          multiline
          w={280}
          disabled={person.forgottenAt !== null}
        >
          <Badge color="red" variant="light" size="sm">
            Do not adopt
          </Badge>
        </Tooltip>
      )}
      {person.fosterApproved && (
        <Badge color="teal" variant="light" size="sm">
          {person.fosterCapacity === null ? 'Foster home' : `Foster home · ${person.fosterCapacity}`}
        </Badge>
      )}
    </Group>
  );
}
