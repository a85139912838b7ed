import { Alert, Button, Image, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { GoodWith } from '../../../../shared/pet-profile';
import { useEnvironment } from '../../client/EnvironmentProvider';
import { pageHref } from '../../ui/navigation';
import { PhoneContracts } from './PhoneContracts';
import { PhotoCapture } from './PhotoCapture';
import { photoAddress, useAnimal, useDue, usePhotos } from './queries';
import { TOUCH } from './touch';

const COMPANIONS = [
  ['kids', 'goodWithKids'],
  ['dogs', 'goodWithDogs'],
  ['cats', 'goodWithCats'],
] as const;

/** One animal on a phone: its cover, what it is good with, its care due, its photos and a new one from the camera. */
export function PhoneAnimal({ petId }: { petId: number }): React.JSX.Element {
  const { t } = useTranslation('phone');
  const environment = useEnvironment();
  const animal = useAnimal(petId);
  const photos = usePhotos(petId);
  const due = useDue();
  if (animal.isPending) return <Loader aria-label={t('loading')} />;
  if (animal.isError)
    return (
      <Stack>
        <Alert color="red" title={t('animal.notYours')} role="alert" />
        <Button {...TOUCH} component="a" href={pageHref('pets')} variant="default">
          {t('animal.back')}
        </Button>
      </Stack>
    );
  const { pet, profile } = animal.data;
  const cover = photos.data?.[0];
  const careDue = due.data
    ? [...due.data.overdue, ...due.data.dueToday, ...due.data.soon].filter((row) => row.dose.petId === petId)
    : [];
  return (
    <Stack gap="md" data-testid="phone-animal">
      <Button {...TOUCH} component="a" href={pageHref('pets')} variant="default">
        {t('animal.back')}
      </Button>
      {cover ? (
        <Image
          src={photoAddress(environment, cover, 'full')}
          alt={t('animal.cover', { name: pet.name })}
          radius="md"
          mah={320}
          fit="cover"
          data-testid="phone-cover"
        />
      ) : (
        <Text c="dimmed">{t('animal.noPhoto')}</Text>
      )}
      <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
        {pet.name}
      </Title>
      <section aria-label={t('animal.goodWith')}>
        <Title order={2} size="h4" mb="xs">
          {t('animal.goodWith')}
        </Title>
        <Table>
          <Table.Tbody>
            {COMPANIONS.map(([who, field]) => (
              <Table.Tr key={who}>
                <Table.Th scope="row">{t(`animal.${who}`)}</Table.Th>
                <Table.Td>{t(`animal.${(profile[field] ?? 'unknown') as GoodWith}`)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </section>
      <section aria-label={t('animal.careDue')}>
        <Title order={2} size="h4" mb="xs">
          {t('animal.careDue')}
        </Title>
        {careDue.length === 0 ? (
          <Text>{t('animal.noCare')}</Text>
        ) : (
          <Stack gap={4}>
            {careDue.map((row) => (
              <Text key={row.dose.id}>{row.dose.vaccine}</Text>
            ))}
            <Button {...TOUCH} component="a" href={pageHref('today')} variant="light">
              {t('animal.markOnToday')}
            </Button>
          </Stack>
        )}
      </section>
      <section aria-label={t('animal.photos')} data-testid="phone-photos">
        <Title order={2} size="h4" mb="xs">
          {t('animal.photos')}
        </Title>
        {photos.data?.length ? (
          <SimpleGrid cols={3} spacing="xs">
            {photos.data.map((photo) => (
              <Image
                key={photo.id}
                src={photoAddress(environment, photo, 'thumb')}
                alt={photo.altText}
                radius="sm"
                data-testid="phone-photo"
              />
            ))}
          </SimpleGrid>
        ) : (
          <Text c="dimmed">{t('animal.noPhotos')}</Text>
        )}
        <PhotoCapture petId={petId} />
      </section>
      <PhoneContracts petId={petId} petName={pet.name} />
    </Stack>
  );
}
