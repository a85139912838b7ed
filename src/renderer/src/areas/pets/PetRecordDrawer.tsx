import { Drawer, Group, Stack, Tabs, Text } from '@mantine/core';
import { IconHistory, IconId, IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import type { PetRecord } from '../../../../shared/models';
import { formatMoment } from '../../ui/format';
import { LoadFailure, SkeletonBlocks } from '../../ui/LoadStates';
import { PetPhotos } from './PetPhotos';
import { PetProfileForm } from './PetProfileForm';
import { PetRecordHistory } from './PetRecordHistory';
import { PetStatusMenu } from './PetStatusMenu';
import { usePetProfile } from './queries';

export type RecordSection = 'profile' | 'photos' | 'history';

/** Which pet's record is open, and at which section. */
export interface RecordSubject {
  pet: PetRecord;
  section: RecordSection;
}

interface PetRecordDrawerProps {
  opened: boolean;
  subject: RecordSubject | null;
  onClose: () => void;
}

/** A pet's one record view: its status, then its profile, its photos and its history, each a tab. */
export function PetRecordDrawer({ opened, subject, onClose }: PetRecordDrawerProps): React.JSX.Element {
  const pet = subject?.pet ?? null;
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="lg" title={pet ? `Record of ${pet.name}` : ''} data-testid="pet-record">
      {/* Keyed by pet and section, so each opening starts at the section asked for. */}
      {subject && <PetRecord key={`${subject.pet.id}:${subject.section}`} subject={subject} opened={opened} onClose={onClose} />}
    </Drawer>
  );
}

function PetRecord({ subject, opened, onClose }: { subject: RecordSubject; opened: boolean; onClose: () => void }): React.JSX.Element {
  const [section, setSection] = useState<RecordSection>(subject.section);
  const details = usePetProfile(opened ? subject.pet.id : null);
  // The record as the engine has it now (a status changed here shows at once), else as the table listed it.
  const pet = details.data?.pet ?? subject.pet;

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap">
        <PetStatusMenu pet={pet} onShowHistory={() => setSection('history')} />
        <Text size="sm" c="dimmed">
          #{pet.id} · updated {formatMoment(pet.updatedAt)}
        </Text>
      </Group>
      <Tabs value={section} onChange={(value) => setSection((value as RecordSection | null) ?? 'profile')}>
        <Tabs.List mb="md">
          <Tabs.Tab value="profile" leftSection={<IconId size={16} />}>
            Profile
          </Tabs.Tab>
          <Tabs.Tab value="photos" leftSection={<IconPhoto size={16} />}>
            Photos
          </Tabs.Tab>
          <Tabs.Tab value="history" leftSection={<IconHistory size={16} />}>
            History
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="profile">
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              What adopters see on the adoption site, except the private fields at the bottom. Leave a field empty when it is not known.
            </Text>
            {details.isPending && <SkeletonBlocks count={6} height={56} />}
            {details.isError && !details.data && <LoadFailure error={details.error} onRetry={() => void details.refetch()} />}
            {/* Made once per pet and kept while a refetch fails (the pet removed meanwhile): what staff typed stays. */}
            {details.data && <PetProfileForm details={details.data} onDone={onClose} />}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="photos">
          <PetPhotos pet={pet} />
        </Tabs.Panel>
        <Tabs.Panel value="history">
          <PetRecordHistory pet={pet} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
