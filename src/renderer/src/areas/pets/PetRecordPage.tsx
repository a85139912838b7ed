import { Anchor, Avatar, Badge, Group, Image, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconHistory, IconId, IconPhoto, IconRoute, IconVaccine } from '@tabler/icons-react';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { Trans, useTranslation } from 'react-i18next';
import type { PetSex } from '../../../../shared/pet-profile';
import type { AnimalRecord } from '../../../../shared/movements';
import type { PetRecord } from '../../../../shared/models';
import { useCan } from '../../client/staff';
import { pageHref, recordHref } from '../../ui/navigation';
import { useEnvironment } from '../../client/EnvironmentProvider';
import { PetStatusBadge } from '../../domain/pets/PetStatusBadge';
import { CareSection } from '../../domain/care/CareSection';
import { formatFigure, formatMoment } from '../../ui/format';
import { petStatusWords } from '../../domain/pets/status-words';
import { LoadFailure, SkeletonBlocks } from '../../ui/LoadStates';
import { photoAddress, usePetPhotos } from './photo-queries';
import { PetPhotos } from './PetPhotos';
import { PetProfileForm } from './PetProfileForm';
import { PetRecordHistory } from './PetRecordHistory';
import { usePetProfile } from './queries';
import { useAnimalRecord } from './movement-queries';
import { MovementsSection } from './MovementsSection';
import { PetApplicationsPanel } from './PetApplicationsPanel';
import { PetLostReports } from '../../domain/lost-found/PetLostReports';
import { leaveOrAsk } from '../../ui/unsaved-changes';

export const RECORD_SECTIONS = ['profile', 'photos', 'movements', 'care', 'history'] as const;
export type RecordSection = (typeof RECORD_SECTIONS)[number];

/** `#/pets/42/history`: the record page at one section (the list's "Status history" links there). */
export function recordSectionHref(petId: number, section: RecordSection): string {
  return `${recordHref('pets', petId)}/${section}`;
}

function sectionInAddress(sections: readonly RecordSection[]): RecordSection {
  const wanted = window.location.hash.split('/')[3];
  return sections.find((section) => section === wanted) ?? (sections.includes('movements') ? 'movements' : 'profile');
}

/** The sections the role may read: movements name people, care is the medical record (a volunteer sees neither). */
function useSections(): readonly RecordSection[] {
  const movements = useCan('movements.record');
  const care = useCan('care.record');
  return RECORD_SECTIONS.filter((section) => (section !== 'movements' || movements) && (section !== 'care' || care));
}

/** One animal's page: who and where it is, then its profile, photos, movements and history. */
export function PetRecordPage({ petId }: { petId: number }): React.JSX.Element {
  const { t } = useTranslation('pets');
  const sections = useSections();
  const withMovements = sections.includes('movements');
  const animal = useAnimalRecord(petId, withMovements);
  const lostReports = useCan('lostFound.ofPet');
  // Read here too, so the adoption dialog finds the fee ready.
  const details = usePetProfile(petId);
  // Without the movements, the record is the profile's pet (the engine removes what the role may not see).
  const record = withMovements ? animal : details;
  const pet = withMovements ? animal.data?.pet : details.data?.pet;
  const [section, setSection] = useState<RecordSection>(() => sectionInAddress(sections));
  // Another tab unmounts this one (the profile's form with it): unsaved changes are asked about first.
  const choose = (value: string | null) =>
    leaveOrAsk(() => {
      const next = sections.find((candidate) => candidate === value) ?? sections[0] ?? 'profile';
      setSection(next);
      // The section stays in the address (a reload keeps it) without a Back step per tab.
      window.history.replaceState(null, '', recordSectionHref(petId, next));
    });

  return (
    <Stack gap="md" data-testid="pet-record-page">
      <Anchor href={pageHref('pets')} size="sm">
        <Group gap={4} wrap="nowrap" component="span">
          <IconArrowLeft size={14} aria-hidden />
          {t('record.back')}
        </Group>
      </Anchor>
      {record.isPending && <SkeletonBlocks count={3} height={64} />}
      {record.isError && !record.data && <LoadFailure error={record.error} onRetry={() => void record.refetch()} />}
      {pet && (
        <>
          <RecordHeader pet={pet} record={animal.data} sex={details.data?.profile.sex ?? null} />
          <Tabs value={section} onChange={choose} keepMounted={false}>
            <Tabs.List mb="md">
              <Tabs.Tab value="profile" leftSection={<IconId size={16} />}>
                {t('record.profile')}
              </Tabs.Tab>
              <Tabs.Tab value="photos" leftSection={<IconPhoto size={16} />}>
                {t('record.photos')}
              </Tabs.Tab>
              {withMovements && (
                <Tabs.Tab value="movements" leftSection={<IconRoute size={16} />}>
                  {t('record.movements')}
                </Tabs.Tab>
              )}
              {sections.includes('care') && (
                <Tabs.Tab value="care" leftSection={<IconVaccine size={16} />}>
                  {t('record.care')}
                </Tabs.Tab>
              )}
              <Tabs.Tab value="history" leftSection={<IconHistory size={16} />}>
                {t('record.history')}
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="profile">
              <Stack gap="md" maw={880}>
                <Text size="sm" c="dimmed">
                  {t('record.profileLead')}
                </Text>
                {details.isPending && <SkeletonBlocks count={6} height={56} />}
                {details.isError && !details.data && (
                  <LoadFailure error={details.error} onRetry={() => void details.refetch()} />
                )}
                {/* Made once per pet and kept while a refetch fails (the pet removed meanwhile): what staff typed stays. */}
                {details.data && <PetProfileForm details={details.data} />}
                <PetApplicationsPanel petId={pet.id} />
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="photos">
              <PetPhotos pet={pet} />
            </Tabs.Panel>
            {animal.data && (
              <Tabs.Panel value="movements">
                <MovementsSection
                  record={animal.data}
                  readAt={animal.dataUpdatedAt}
                  sex={details.data?.profile.sex ?? null}
                />
                {lostReports && animal.data.openStay?.intakeType === 'stray' && <PetLostReports petId={pet.id} />}
              </Tabs.Panel>
            )}
            {sections.includes('care') && (
              <Tabs.Panel value="care">
                <CareSection petId={pet.id} petName={pet.name} />
              </Tabs.Panel>
            )}
            <Tabs.Panel value="history">
              <PetRecordHistory pet={pet} />
            </Tabs.Panel>
          </Tabs>
        </>
      )}
    </Stack>
  );
}

function whereItIs(location: AnimalRecord['location'], sex: PetSex | null, t: TFunction<'pets'>): React.ReactNode {
  switch (location.kind) {
    case 'kennel':
      return location.kennel ? t('record.kennel', { kennel: location.kennel }) : t('record.kennelUnknown');
    case 'foster':
      return (
        <Trans
          t={t}
          i18nKey="record.inFosterWith"
          components={{
            person: (
              <Anchor href={recordHref('people', location.placement.person.id)}>
                {location.placement.person.forgotten ? t('stay.forgotten') : location.placement.person.name}
              </Anchor>
            ),
          }}
        />
      );
    case 'left_care':
      return t('record.leftCare', {
        outcome: petStatusWords('sold', location.outcomeType === 'adoption' ? null : location.outcomeType, sex),
        when: formatMoment(location.at),
      });
  }
}

/** Who the animal is; where it is and since when only for a role that reads its movements. */
function RecordHeader({
  pet,
  record,
  sex,
}: {
  pet: PetRecord;
  record: AnimalRecord | undefined;
  sex: PetSex | null;
}): React.JSX.Element {
  const { t } = useTranslation('pets');
  const environment = useEnvironment();
  // A role that may not read the movements (a volunteer) gets no record: the cover is the first of the photos it may list.
  const readsRecord = useCan('movements.record');
  const photos = usePetPhotos(readsRecord ? null : pet.id);
  const cover = (readsRecord ? record?.cover : photos.data?.[0]) ?? null;
  const daysInCare = record?.daysInCare ?? null;
  return (
    <Group gap="md" wrap="nowrap" align="center" data-testid="record-header">
      {cover ? (
        <Image
          src={photoAddress(environment, cover, 'thumb')}
          alt={cover.altText}
          w={96}
          h={96}
          radius="md"
          fit="cover"
        />
      ) : (
        <Avatar
          size={96}
          radius="md"
          name={pet.name}
          color="initials"
          aria-label={t('record.noPhoto', { name: pet.name })}
        />
      )}
      <Stack gap={4} miw={0}>
        <Group gap="sm" wrap="wrap">
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {pet.name}
          </Title>
          <PetStatusBadge status={pet.status} departure={pet.departure} sex={sex} size="lg" />
        </Group>
        <Group gap="md" wrap="wrap">
          <Text size="sm" c="dimmed">
            #{pet.id}
          </Text>
          {daysInCare !== null && (
            <Badge variant="outline" color="gray" data-testid="days-in-care">
              {t('record.daysInCare', { count: daysInCare, figure: formatFigure(daysInCare) })}
            </Badge>
          )}
          {record && (
            <Text size="sm" data-testid="record-location">
              {whereItIs(record.location, sex, t)}
            </Text>
          )}
        </Group>
      </Stack>
    </Group>
  );
}
