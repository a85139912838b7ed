import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../client/action';
import { useEnvironment } from '../../client/EnvironmentProvider';
import { call } from '../../client/transport';
import { windowI18n } from '../../i18n/i18n';
import { formatMoment } from '../../ui/format';
import { TruncatedText } from '../../ui/TruncatedText';

type Change = { change: 'rank'; id: number; rank: number } | { change: 'pause'; paused: boolean };

/** The animal's applications in the shelter's order: the first open one is next in line when it is free again. */
export function PetApplicationsPanel({ petId }: { petId: number }): React.JSX.Element | null {
  const { t } = useTranslation('incoming');
  const environment = useEnvironment();
  const applications = useQuery({
    queryKey: [environment, 'applications', 'pet', petId],
    queryFn: () => call('applications.forPet', { environment, petId }),
    retry: false,
  });
  const change = useAction({
    run: (step: Change, env) =>
      step.change === 'rank'
        ? call('applications.rank', { environment: env, id: step.id, rank: step.rank })
        : call('applications.pause', { environment: env, petId, paused: step.paused }),
    progress: () => windowI18n.t('incoming:saving'),
    success: () => windowI18n.t('incoming:saved'),
    invalidates: ['applications', 'pets'],
  });
  // Volunteers see no submission: no panel rather than a refusal.
  if (applications.isError || applications.isPending) return null;
  const { waiting, paused } = applications.data;
  return (
    <Paper withBorder radius="md" p="md" data-testid="pet-applications">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4">
            {t('pet.title')}
          </Title>
          <Button
            size="xs"
            variant="light"
            color={paused ? 'teal' : 'orange'}
            loading={change.isPending}
            onClick={() => change.mutate({ change: 'pause', paused: !paused })}
          >
            {paused ? t('pet.resume') : t('pet.pause')}
          </Button>
        </Group>
        {paused && (
          <Text size="sm" c="orange" data-testid="pet-applications-paused">
            {t('pet.paused')}
          </Text>
        )}
        {waiting.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('pet.empty')}
          </Text>
        ) : (
          <>
            <Text size="sm" data-testid="pet-next-in-line">
              {t('pet.next', { name: waiting[0]?.name ?? '' })}
            </Text>
            {waiting.map((row, index) => (
              <Group key={row.id} gap="sm" wrap="nowrap" justify="space-between" data-testid="pet-application">
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm" fw={600} w={24}>
                    {index + 1}
                  </Text>
                  <TruncatedText size="sm" text={row.name} maw={280} />
                </Group>
                <Group gap="xs" wrap="nowrap">
                  <Badge variant="light" size="sm">
                    {t(`state.${row.state}`)}
                  </Badge>
                  <Text size="xs" c="dimmed">
                    {formatMoment(row.receivedAt)}
                  </Text>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('pet.up', { name: row.name })}
                    disabled={index === 0 || change.isPending}
                    onClick={() => change.mutate({ change: 'rank', id: row.id, rank: index })}
                  >
                    <IconArrowUp size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('pet.down', { name: row.name })}
                    disabled={index === waiting.length - 1 || change.isPending}
                    onClick={() => change.mutate({ change: 'rank', id: row.id, rank: index + 2 })}
                  >
                    <IconArrowDown size={16} />
                  </ActionIcon>
                </Group>
              </Group>
            ))}
          </>
        )}
      </Stack>
    </Paper>
  );
}
