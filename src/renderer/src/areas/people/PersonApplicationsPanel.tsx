import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useEnvironment } from '../../client/EnvironmentProvider';
import { call } from '../../client/transport';
import { formatMoment } from '../../ui/format';
import { TruncatedText } from '../../ui/TruncatedText';

/** What a person sent through the site's forms and linked to them: each application's animal, state and date. */
export function PersonApplicationsPanel({ personId }: { personId: number }): React.JSX.Element | null {
  const { t } = useTranslation('incoming');
  const environment = useEnvironment();
  const applications = useQuery({
    queryKey: [environment, 'applications', 'person', personId],
    queryFn: () => call('applications.list', { environment, filter: { personId } }),
    retry: false,
  });
  // Volunteers see no submission: no panel rather than a refusal.
  if (applications.isError || applications.isPending) return null;
  return (
    <Paper withBorder radius="md" p="md" data-testid="person-applications">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('person.title')}
        </Title>
        {applications.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('person.empty')}
          </Text>
        ) : (
          applications.data.map((row) => (
            <Group key={row.id} gap="sm" wrap="nowrap" justify="space-between" data-testid="person-application">
              <TruncatedText
                size="sm"
                text={row.pet?.name ?? t(`kind.${row.kind === 'foster' ? 'foster' : 'apply'}`)}
                maw={360}
              />
              <Group gap="xs" wrap="nowrap">
                <Badge variant="light" size="sm">
                  {t(`state.${row.state}`)}
                </Badge>
                <Text size="xs" c="dimmed">
                  {formatMoment(row.receivedAt)}
                </Text>
              </Group>
            </Group>
          ))
        )}
      </Stack>
    </Paper>
  );
}
