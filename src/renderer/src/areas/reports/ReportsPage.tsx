import { ActionIcon, Button, Card, Group, Menu, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import type { CsvSeparator } from '../../../../shared/csv-separator';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveReleaseFigures } from '../../../../shared/reports';
import { useEnvironment } from '../../client/EnvironmentProvider';
import { notifyFailure } from '../../client/notify';
import { formatFigure, formatOneDecimal } from '../../ui/format';
import { LoadFailure, SkeletonBlocks } from '../../ui/LoadStates';
import { PageTitle } from '../../ui/PageTitle';
import { monthLabel, monthOf, monthsBefore } from './months';
import { downloadSacCsv, SHELTER_TIME_ZONE, useLiveRelease, useSacMatrix, useTrends } from './queries';
import { SacTable } from './SacTable';
import { TrendCharts } from './TrendCharts';

function RateCard({ title, figures }: { title: string; figures: LiveReleaseFigures }): React.JSX.Element {
  const { t } = useTranslation('reports');
  return (
    <Card withBorder radius="md" padding="sm">
      <Text size="xs" c="dimmed">
        {title}
      </Text>
      <Text size="xl" fw={700}>
        {figures.rate === null ? '–' : t('percent', { rate: formatOneDecimal(figures.rate * 100) })}
      </Text>
      <Text size="xs" c="dimmed">
        {t('liveOutOf', {
          live: formatFigure(figures.liveOutcomes),
          all: formatFigure(figures.liveOutcomes + figures.shelterEuthanasia),
        })}
      </Text>
    </Card>
  );
}

/** For funders and councils: the month's Shelter Animals Count matrix, its live release rate, and a year of trends. */
export function ReportsPage(): React.JSX.Element {
  const environment = useEnvironment();
  const { t, i18n } = useTranslation('reports');
  // This month (so far) and the 35 before it; the last whole month first shown.
  // Made again when the language changes: the months are named in it.
  const choices = monthsBefore(monthOf(new Date()), 36).map((value) => ({ value, label: monthLabel(value) }));
  const [month, setMonth] = useState(() => monthOf(new Date(), 1));
  const [downloading, setDownloading] = useState(false);
  const matrix = useSacMatrix(month);
  const release = useLiveRelease(month);
  const trends = useTrends(month);
  const download = (separator: CsvSeparator = 'comma') => {
    setDownloading(true);
    downloadSacCsv(environment, month, separator)
      .catch(notifyFailure)
      .finally(() => setDownloading(false));
  };
  return (
    <Stack>
      <PageTitle
        title={t('title')}
        description={t('description', { zone: SHELTER_TIME_ZONE })}
        actions={
          <>
            <Select
              aria-label={t('month')}
              data={choices}
              value={month}
              onChange={(value) => value !== null && setMonth(value)}
              allowDeselect={false}
              w={180}
            />
            <Group gap={2} wrap="nowrap">
              <Button variant="light" leftSection={<IconDownload size={16} />} loading={downloading} onClick={() => download()}>
                {t('downloadCsv')}
              </Button>
              {/* A spreadsheet set to French, German, Spanish… reads `;` between cells, not commas. */}
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon variant="light" size={36} aria-label={t('otherCsv')} disabled={downloading}>
                    <IconChevronDown size={16} />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item onClick={() => download('comma')}>{t('commas')}</Menu.Item>
                  <Menu.Item onClick={() => download('semicolon')}>{t('semicolons')}</Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </Group>
          </>
        }
      />
      {release.isSuccess && (
        <SimpleGrid cols={3} data-testid="live-release">
          <RateCard title={t('rate.dogs')} figures={release.data.dog} />
          <RateCard title={t('rate.cats')} figures={release.data.cat} />
          <RateCard title={t('rate.total')} figures={release.data.total} />
        </SimpleGrid>
      )}
      <Card withBorder radius="md" padding="md">
        <Group justify="space-between" mb="xs" wrap="wrap">
          <Title order={2} size="h4">
            {t('sac.title', { month: monthLabel(month) })}
          </Title>
          <Text size="xs" c="dimmed">
            {t('sac.formula')}
          </Text>
        </Group>
        {matrix.isPending && <SkeletonBlocks count={6} height={28} />}
        {matrix.isError && <LoadFailure error={matrix.error} onRetry={() => void matrix.refetch()} />}
        {matrix.isSuccess && <SacTable matrix={matrix.data} withOfficial={i18n.language !== 'en'} />}
      </Card>
      {trends.isSuccess && <TrendCharts trends={trends.data} />}
      {trends.isError && <LoadFailure error={trends.error} onRetry={() => void trends.refetch()} />}
    </Stack>
  );
}
