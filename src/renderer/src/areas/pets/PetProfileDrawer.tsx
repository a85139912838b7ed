import { Drawer, Stack, Text } from '@mantine/core';
import type { PetRecord } from '../../../../shared/models';
import { LoadFailure, SkeletonBlocks } from '../../ui/LoadStates';
import { PetProfileForm } from './PetProfileForm';
import { usePetProfile } from './queries';

interface PetProfileDrawerProps {
  opened: boolean;
  pet: PetRecord | null;
  onClose: () => void;
}

/** The pet's drawer: its profile (and, beside it, its photos). */
export function PetProfileDrawer({ opened, pet, onClose }: PetProfileDrawerProps): React.JSX.Element {
  const details = usePetProfile(opened ? (pet?.id ?? null) : null);
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="lg" title={pet ? `Profile of ${pet.name}` : ''} data-testid="pet-drawer">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          What adopters see on the adoption site, except the private fields at the bottom. Leave a field empty when it is not known.
        </Text>
        {/* The photo panel (issue 21, photos) goes here, above the profile. */}
        {details.isPending && <SkeletonBlocks count={6} height={56} />}
        {details.isError && !details.data && <LoadFailure error={details.error} onRetry={() => void details.refetch()} />}
        {/* Made once per pet and kept while a refetch fails (the pet removed meanwhile): what staff typed stays. */}
        {details.data && <PetProfileForm key={details.data.pet.id} details={details.data} onDone={onClose} />}
      </Stack>
    </Drawer>
  );
}
