import { Group, List, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconArrowRight, IconHome } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { PetRecord } from '../../../../shared/models';
import { isPrivateProfileField, type PetProfileField, type ProfileChange } from '../../../../shared/pet-profile';
import { PetStatusBadge } from '../../domain/pets/PetStatusBadge';
import { formatMoment } from '../../ui/format';
import { LoadFailure, SkeletonBlocks } from '../../ui/LoadStates';
import { PROFILE_FIELD_LABEL } from '../../domain/pets/profile-labels';
import { usePetHistory, usePetProfileHistory } from './queries';

/** The pet's record over time: its status changes, then its profile's saved changes, newest first. */
export function PetRecordHistory({ pet }: { pet: PetRecord }): React.JSX.Element {
  const history = usePetHistory(pet.id);
  // Newest first in the order things happened (a back-dated adoption where it belongs), as the Movements tab
  // shows them; the arrival stays the first entry, whenever the register learnt of it.
  const changes = [...(history.data ?? [])].sort(
    (a, b) =>
      Number(a.fromStatus === null) - Number(b.fromStatus === null) ||
      b.happenedAt - a.happenedAt ||
      b.changedAt - a.changedAt,
  );
  const profileChanges = usePetProfileHistory(pet.id);
  const { t } = useTranslation('pets');

  return (
    <Stack gap="md">
      <Title order={3} size="h5">
        {t('history.status')}
      </Title>
      {history.isPending && <SkeletonBlocks count={4} height={40} />}
      {history.isError && <LoadFailure error={history.error} onRetry={() => void history.refetch()} />}
      {history.isSuccess && changes.length === 0 && <Text c="dimmed">{t('history.none')}</Text>}
      {history.isSuccess && changes.length > 0 && (
        <Timeline active={changes.length - 1} bulletSize={24} lineWidth={2} data-testid="pet-history">
          {changes.map((change) => (
            <Timeline.Item
              key={`${change.changedAt}-${change.toStatus}`}
              bullet={change.fromStatus === null ? <IconHome size={14} /> : <IconArrowRight size={14} />}
              title={
                <Group gap={6}>
                  {change.fromStatus === null ? (
                    <Text size="sm">{t('history.arrivedAs')}</Text>
                  ) : (
                    <>
                      <PetStatusBadge status={change.fromStatus} />
                      <IconArrowRight size={14} aria-label={t('history.to')} />
                    </>
                  )}
                  <PetStatusBadge status={change.toStatus} departure={change.departure} />
                </Group>
              }
            >
              <Text size="xs" c="dimmed" mt={4}>
                {formatMoment(change.happenedAt)}
                {change.happenedAt !== change.changedAt &&
                  ` · ${t('history.recorded', { when: formatMoment(change.changedAt) })}`}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
      {profileChanges.isError && (
        <LoadFailure error={profileChanges.error} onRetry={() => void profileChanges.refetch()} />
      )}
      {profileChanges.isSuccess && profileChanges.data.length > 0 && <ProfileChanges changes={profileChanges.data} />}
    </Stack>
  );
}

const shown = (value: unknown, t: TFunction<'pets'>) =>
  value === null || value === undefined
    ? t('history.notRecorded')
    : typeof value === 'boolean'
      ? value
        ? t('history.yes')
        : t('history.no')
      : String(value);

/** The profile's saved changes, newest first: each field, in words, from → to (private fields marked). */
function ProfileChanges({ changes }: { changes: ProfileChange[] }): React.JSX.Element {
  const { t } = useTranslation('pets');
  return (
    <Stack gap="xs" data-testid="pet-profile-history">
      <Title order={3} size="h5">
        {t('history.profileChanges')}
      </Title>
      {[...changes].reverse().map((change, index) => (
        <Stack key={`${change.changedAt}-${index}`} gap={2}>
          <Text size="xs" c="dimmed">
            {formatMoment(change.changedAt)}
          </Text>
          <List size="sm" spacing={2}>
            {Object.entries(change.fields).map(([field, { from, to }]) => (
              <List.Item key={field} style={{ overflowWrap: 'anywhere' }}>
                {t(isPrivateProfileField(field) ? 'history.changePrivate' : 'history.change', {
                  field: PROFILE_FIELD_LABEL[field as PetProfileField] ?? field,
                  from: shown(from, t),
                  to: shown(to, t),
                })}
              </List.Item>
            ))}
          </List>
        </Stack>
      ))}
    </Stack>
  );
}
