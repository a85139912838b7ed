import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useEnvironment } from '../../client/EnvironmentProvider';
import { call } from '../../client/transport';

/** Who is first in the animal's waiting list (kept through a return), and whether its applications are paused. */
export function NextInLine({ pet }: { pet: { id: number; name: string } }): React.JSX.Element | null {
  const { t } = useTranslation('incoming');
  const environment = useEnvironment();
  const applications = useQuery({
    queryKey: [environment, 'applications', 'pet', pet.id],
    queryFn: () => call('applications.forPet', { environment, petId: pet.id }),
    retry: false,
  });
  const first = applications.data?.waiting[0];
  if (!applications.data) return null;
  return (
    <Text size="sm" c="dimmed" data-testid="incoming-next-in-line">
      {first ? t('pet.nextFor', { pet: pet.name, name: first.name }) : t('pet.noneFor', { pet: pet.name })}
      {applications.data.paused ? ` ${t('pet.pausedFor')}` : ''}
    </Text>
  );
}
