import { Menu, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconHistory } from '@tabler/icons-react';
import type { PetRecord } from '../../../../shared/models';
import { useTranslation } from 'react-i18next';
import { PET_STATUSES } from '../../../../shared/pet';
import { petStatusWords } from '../../domain/pets/status-words';
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
  const { t } = useTranslation('pets');
  // A role that may not change it (a volunteer) sees the status only.
  if (!mayChange) return <PetStatusBadge status={pet.status} departure={pet.departure} />;
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <UnstyledButton
          aria-label={t('statusMenu.change', { name: pet.name, status: petStatusWords(pet.status, pet.departure) })}
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
        <Menu.Label>{t('statusMenu.markAs')}</Menu.Label>
        {PET_STATUSES.map((status) => (
          <Menu.Item
            key={status}
            disabled={status === pet.status}
            onClick={() => changeStatus.mutate({ id: pet.id, name: pet.name, status })}
          >
            {petStatusWords(status)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item leftSection={<IconHistory size={14} />} onClick={onShowHistory}>
          {t('statusMenu.history')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
