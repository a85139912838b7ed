import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useEnvironment } from '../../client/EnvironmentProvider';
import { call } from '../../client/transport';
import { formatMoment } from '../../ui/format';
import { TruncatedText } from '../../ui/TruncatedText';

/** What the outbox holds for one person: each message's subject, where it stands and when. */
export function PersonMailPanel({ personId }: { personId: number }): React.JSX.Element | null {
  const { t } = useTranslation('outbox');
  const environment = useEnvironment();
  const mail = useQuery({
    queryKey: [environment, 'outbox', 'person', personId],
    queryFn: () => call('outbox.person', { environment, personId }),
    retry: false,
  });
  // Volunteers may not read the outbox: no panel rather than a refusal.
  if (mail.isError || mail.isPending) return null;
  return (
    <Paper withBorder radius="md" p="md" data-testid="person-mail">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('person.title')}
        </Title>
        {mail.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('person.empty')}
          </Text>
        ) : (
          mail.data.map((row) => (
            <Group key={row.id} gap="sm" wrap="nowrap" justify="space-between">
              <TruncatedText size="sm" text={row.subject} maw={420} />
              <Group gap="xs" wrap="nowrap">
                <Badge variant="light" size="sm">
                  {t(`status.${row.status}`)}
                </Badge>
                <Text size="xs" c="dimmed">
                  {formatMoment(row.sentAt ?? row.createdAt)}
                </Text>
              </Group>
            </Group>
          ))
        )}
      </Stack>
    </Paper>
  );
}
