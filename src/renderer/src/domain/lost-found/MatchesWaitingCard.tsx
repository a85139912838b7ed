import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { pageHref, recordHref } from '../../ui/navigation';
import { useMatchesWaiting } from './queries';

/** Today's card: the recent reports with a likely match (a stray in care or another report), the best first few. */
export function MatchesWaitingCard(): React.JSX.Element {
  const { t } = useTranslation('lostFound');
  const waiting = useMatchesWaiting();
  const entries = waiting.data?.entries ?? [];
  const more = waiting.data?.more ?? 0;
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('today.title')}
        </Title>
        {entries.length === 0 ? (
          <Text c="dimmed">{t('today.none')}</Text>
        ) : (
          entries.map(({ report, matches, likely }) => (
            <Text key={report.id}>
              <Anchor href={recordHref('lost-found', report.id)}>
                {t('today.entry', {
                  kind: t(`kinds.${report.kind}`),
                  id: report.id,
                  count: likely,
                  score: matches[0]?.score ?? 0,
                })}
              </Anchor>
            </Text>
          ))
        )}
        {more > 0 && (
          <Text c="dimmed">
            <Anchor href={pageHref('lost-found')}>{t('today.more', { count: more })}</Anchor>
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
