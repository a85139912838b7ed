import { NumberInput, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TodaySummary } from '../../../../shared/movements';
import { useCan } from '../../client/staff';
import { formatFigure, formatLongDay } from '../../ui/format';
import { LoadFailure, RefreshFailure, SkeletonBlocks } from '../../ui/LoadStates';
import { PageTitle } from '../../ui/PageTitle';
import { DueList } from '../../domain/care/DueList';
import { MatchesWaitingCard } from '../../domain/lost-found/MatchesWaitingCard';
import { useToday } from './queries';
import {
  ArrivalsSection,
  FostersDueSection,
  LongestInCareSection,
  OutcomesSection,
  WaitingSection,
} from './TodaySections';

const DEFAULT_WAITING_DAYS = 7;

/** `#/today`: the shelter's day at a glance; a role without the movements (a volunteer) sees the vaccinations due alone. */
export function TodayPage(): React.JSX.Element {
  return useCan('movements.today') ? <ShelterDay /> : <VaccinationsDay />;
}

function VaccinationsDay(): React.JSX.Element {
  const { t } = useTranslation('today');
  return (
    <Stack gap="md">
      <PageTitle title={t('title')} description={t('volunteerDescription')} />
      <DueList />
    </Stack>
  );
}

/** Every animal named links to its page. */
function ShelterDay(): React.JSX.Element {
  const { t } = useTranslation('today');
  const reports = useCan('lostFound.waiting');
  const [waitingInput, setWaitingInput] = useState<number | string>(DEFAULT_WAITING_DAYS);
  const chosen =
    typeof waitingInput === 'number' && Number.isInteger(waitingInput) && waitingInput >= 0 && waitingInput <= 365
      ? waitingInput
      : DEFAULT_WAITING_DAYS;
  const [waitingDays] = useDebouncedValue(chosen, 300);
  const today = useToday(waitingDays);
  const summary = today.data;

  return (
    <Stack gap="md">
      <PageTitle
        title={t('title')}
        description={
          summary ? t('descriptionOn', { day: formatLongDay(summary.from + 12 * 3_600_000) }) : t('description')
        }
        actions={
          <NumberInput
            label={t('waitingLonger')}
            suffix={t('daysSuffix', { count: typeof waitingInput === 'number' ? waitingInput : 0 })}
            min={0}
            max={365}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="strict"
            value={waitingInput}
            onChange={setWaitingInput}
            w={300}
          />
        }
      />
      {today.isPending ? (
        <SkeletonBlocks count={4} height={80} />
      ) : today.isError && !summary ? (
        <LoadFailure error={today.error} onRetry={() => void today.refetch()} />
      ) : summary ? (
        <>
          {today.isError && <RefreshFailure error={today.error} stale={t('stale')} />}
          <Counts counts={summary.counts} />
          <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="md">
            <ArrivalsSection events={summary.arrivals} />
            <OutcomesSection events={summary.outcomes} />
            <WaitingSection waiting={summary.reservationsWaiting} waitingDays={waitingDays} />
            <FostersDueSection due={summary.fostersDue} />
          </SimpleGrid>
          <DueList />
          {reports && <MatchesWaitingCard />}
          <LongestInCareSection longest={summary.longestInCare} />
        </>
      ) : null}
    </Stack>
  );
}

function Counts({ counts }: { counts: TodaySummary['counts'] }): React.JSX.Element {
  const { t } = useTranslation('today');
  const figures: Array<[string, number]> = [
    [t('counts.inCare'), counts.inCare],
    [t('counts.inFoster'), counts.inFoster],
    [t('counts.reserved'), counts.reserved],
    [t('counts.arrived'), counts.arrivals],
    [t('counts.left'), counts.outcomes],
  ];
  return (
    <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="sm" data-testid="today-counts">
      {figures.map(([label, value]) => (
        <Paper key={label} withBorder radius="md" px="sm" py={6}>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text fw={700} size="lg" aria-label={t('counts.figure', { label, value })}>
            {formatFigure(value)}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
