import { Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useEnvironment } from '../../client/EnvironmentProvider';
import { useCan } from '../../client/staff';
import { call } from '../../client/transport';
import { StayContracts } from '../../domain/contracts/StayContracts';

/**
 * For staff on a phone or a tablet: the latest adoption's contract, to have the adopter sign it on
 * this screen. A volunteer or a foster reads no movement, so sees nothing here.
 */
export function PhoneContracts({ petId, petName }: { petId: number; petName: string }): React.JSX.Element | null {
  const { t } = useTranslation('contracts');
  const environment = useEnvironment();
  const maySign = useCan('contracts.sign');
  const mayRead = useCan('movements.record');
  const staff = maySign && mayRead;
  const record = useQuery({
    queryKey: [environment, 'pets', 'record', petId],
    queryFn: () => call('movements.record', { environment, petId }),
    enabled: staff,
  });
  const adoption = record.data?.stays.find((stay) => stay.outcomeType === 'adoption');
  if (!staff || !adoption) return null;
  return (
    <section aria-label={t('section')}>
      <Title order={2} size="h4" mb="xs">
        {t('section')}
      </Title>
      <StayContracts stay={adoption} petName={petName} />
    </section>
  );
}
