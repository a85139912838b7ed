import { Menu, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconHistory } from '@tabler/icons-react';
import type { PetRecord } from '../../../../shared/models';
import { PET_STATUS_WORDS, PET_STATUSES, statusWords } from '../../../../shared/pet';
import { useChangePetStatus } from './queries';
import { PetStatusBadge } from '../../domain/pets/PetStatusBadge';
import { useCan } from '../../client/staff';

/** Every transition is allowed (an adopted animal may come back), so the menu always offers the other two. */
export function PetStatusMenu({
  pet,
  onShowHistory,
}: {
  pet: PetRecord;
  onShowHistory: () => void;
}): React.JSX.Element {
  const changeStatus = useChangePetStatus();
  const mayChange = useCan('pets.setStatus');
  // A role that may not change it (a volunteer) sees the status only.
  if (!mayChange) return <PetStatusBadge status={pet.status} departure={pet.departure} />;
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <UnstyledButton
          aria-label={`Change status of ${pet.name} (now ${statusWords(pet.status, pet.departure)})`}
          disabled={changeStatus.isPending}
        >
          <PetStatusBadge
            status={pet.status}
            departure={pet.departure}
            rightSection={<IconChevronDown size={12} />}
            style={{ cursor: 'pointer' }}
          />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Mark as</Menu.Label>
        {PET_STATUSES.map((status) => (
          <Menu.Item
            key={status}
            disabled={status === pet.status}
            onClick={() => changeStatus.mutate({ id: pet.id, name: pet.name, status })}
          >
            {PET_STATUS_WORDS[status]}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item leftSection={<IconHistory size={14} />} onClick={onShowHistory}>
          Status history
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
