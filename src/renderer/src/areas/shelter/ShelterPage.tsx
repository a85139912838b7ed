import { Card, Stack, Title } from '@mantine/core';
import { PageTitle } from '../../ui/PageTitle';
import { LoadFailure, SkeletonBlocks } from '../../ui/LoadStates';
import { ShelterForm } from './ShelterForm';
import { ShelterLogoCard } from './ShelterLogoCard';
import { useShelter } from './queries';

/** The shelter's own profile, per environment: the adoption site's title, contact and "how to adopt", the currency of fees, and the contract's terms. */
export function ShelterPage(): React.JSX.Element {
  const shelter = useShelter();
  return (
    <Stack>
      <PageTitle
        title="Shelter"
        description="Who you are, for adopters: the adoption site is titled with this name and shows this contact and how to adopt. Adoption fees are in this currency. Everything here is public but the contract terms, which only adoption contracts print."
      />
      {shelter.isPending && <SkeletonBlocks count={5} height={56} />}
      {shelter.isError && <LoadFailure error={shelter.error} onRetry={() => void shelter.refetch()} />}
      {shelter.isSuccess && (
        <>
          <Card withBorder radius="md" padding="md" maw={720}>
            <Title order={2} size="h4" mb="sm">
              Profile
            </Title>
            <ShelterForm shelter={shelter.data} />
          </Card>
          <ShelterLogoCard logo={shelter.data.logo} />
        </>
      )}
    </Stack>
  );
}
