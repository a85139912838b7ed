import { Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MatchList } from './MatchList';
import { usePetMatches } from './queries';

/** A stray's record: the open lost reports it may be, best first, each explained. */
export function PetLostReports({ petId }: { petId: number }): React.JSX.Element {
  const { t } = useTranslation('lostFound');
  const matches = usePetMatches(petId);
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('pet.title')}
        </Title>
        <MatchList matches={matches.data ?? []} />
      </Stack>
    </Paper>
  );
}
