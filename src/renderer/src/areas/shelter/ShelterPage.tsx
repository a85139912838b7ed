import { Card, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../ui/PageTitle';
import { LoadFailure, SkeletonBlocks } from '../../ui/LoadStates';
import { ShelterForm } from './ShelterForm';
import { ShelterLogoCard } from './ShelterLogoCard';
import { useShelter } from './queries';

/** The shelter's own profile, per environment: the adoption site's title, contact and "how to adopt", the currency of fees, and the contract's terms. */
export function ShelterPage(): React.JSX.Element {
  const shelter = useShelter();
  const { t } = useTranslation('shelter');
  return (
    <Stack>
      <PageTitle title={t('title')} description={t('description')} />
      {shelter.isPending && <SkeletonBlocks count={5} height={56} />}
      {shelter.isError && <LoadFailure error={shelter.error} onRetry={() => void shelter.refetch()} />}
      {shelter.isSuccess && (
        <>
          <Card withBorder radius="md" padding="md" maw={720}>
            <Title order={2} size="h4" mb="sm">
              {t('profile')}
            </Title>
            <ShelterForm shelter={shelter.data} />
          </Card>
          <ShelterLogoCard logo={shelter.data.logo} />
        </>
      )}
    </Stack>
  );
}
