import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { recordHref } from '../../ui/navigation';
import { useMatchesWaiting } from './queries';

/** Today's card: the recent reports with a likely match (a stray in care or another report). */
export function MatchesWaitingCard(): React.JSX.Element {
  const { t } = useTranslation('lostFound');
  const waiting = useMatchesWaiting();
  const entries = waiting.data ?? [];
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('today.title')}
        </Title>
        {entries.length === 0 ? (
          <Text c="dimmed">{t('today.none')}</Text>
        ) : (
          entries.map(({ report, matches }) => (
            <Text key={report.id}>
              <Anchor href={recordHref('lost-found', report.id)}>
                {t('today.entry', {
                  kind: t(`kinds.${report.kind}`),
                  id: report.id,
                  count: matches.length,
                  score: matches[0]?.score ?? 0,
                })}
              </Anchor>
            </Text>
          ))
        )}
      </Stack>
    </Paper>
  );
}
