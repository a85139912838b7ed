import { Group, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Stay } from '../../../../shared/movements';
import { useEnvironment } from '../../client/EnvironmentProvider';
import { useCan } from '../../client/staff';
import { call } from '../../client/transport';
import { SignAgreementButton, StayContracts } from '../../domain/contracts/StayContracts';

/**
 * For staff on a phone or a tablet: what can be signed on this screen — the latest adoption's
 * contract, the latest return's agreement (signed by who brought the animal back) and the foster
 * agreement of the latest placement (the one still running, else the last) — with the contracts
 * already signed for those stays. A volunteer or a foster reads no movement, so sees nothing here.
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
  // Newest first, as the record lists them.
  const stays = record.data?.stays ?? [];
  const adoption = stays.find((stay) => stay.outcomeType === 'adoption');
  const returned = stays.find((stay) => stay.intakeType === 'returned_after_adoption');
  const fostered = stays.find((stay) => stay.fosters.length > 0);
  const placement = fostered?.fosters.find((one) => one.endedAt === null) ?? fostered?.fosters.at(-1);
  if (!staff || (!adoption && !returned && !placement)) return null;
  const listed = [adoption, returned, fostered].filter(
    (stay, index, all): stay is Stay => stay !== undefined && all.findIndex((one) => one?.id === stay.id) === index,
  );
  const onlyAdoption = !returned && !placement;
  return (
    <section aria-label={t(onlyAdoption ? 'section' : 'phoneSection')}>
      <Title order={2} size="h4" mb="xs">
        {t(onlyAdoption ? 'section' : 'phoneSection')}
      </Title>
      <Stack gap="xs">
        {listed.map((stay) => (
          <StayContracts key={stay.id} stay={stay} petName={petName} />
        ))}
        {(returned || placement) && (
          <Group gap="xs" wrap="wrap">
            {returned && <SignAgreementButton stay={returned} petName={petName} kind="return" />}
            {fostered && placement && (
              <SignAgreementButton stay={fostered} petName={petName} kind="foster" placement={placement} />
            )}
          </Group>
        )}
      </Stack>
    </section>
  );
}
