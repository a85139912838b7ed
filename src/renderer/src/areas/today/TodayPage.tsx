import { NumberInput, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type { TodaySummary } from '../../../../shared/movements';
import { useCan } from '../../client/staff';
import { formatFigure } from '../../ui/format';
import { LoadFailure, RefreshFailure, SkeletonBlocks } from '../../ui/LoadStates';
import { PageTitle } from '../../ui/PageTitle';
import { DueList } from '../../domain/care/DueList';
import { useToday } from './queries';
import {
  ArrivalsSection,
  FostersDueSection,
  LongestInCareSection,
  OutcomesSection,
  WaitingSection,
} from './TodaySections';

const DEFAULT_WAITING_DAYS = 7;
const day = new Intl.DateTimeFormat(undefined, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

/** `#/today`: the shelter's day at a glance; a role without the movements (a volunteer) sees the vaccinations due alone. */
export function TodayPage(): React.JSX.Element {
  return useCan('movements.today') ? <ShelterDay /> : <VaccinationsDay />;
}

function VaccinationsDay(): React.JSX.Element {
  return (
    <Stack gap="md">
      <PageTitle
        title="Today"
        description="The vaccinations due: overdue, today and this week. Mark each one given, or skipped with the reason."
      />
      <DueList />
    </Stack>
  );
}

/** Every animal named links to its page. */
function ShelterDay(): React.JSX.Element {
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
        title="Today"
        description={`${summary ? `${day.format(summary.from + 12 * 3_600_000)}: ` : ''}arrivals and outcomes today, reservations waiting, fosters due back, animals in care longest.`}
        actions={
          <NumberInput
            label="Reservations waiting longer than"
            suffix={waitingInput === 1 ? ' day' : ' days'}
            min={0}
            max={365}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="strict"
            value={waitingInput}
            onChange={setWaitingInput}
            w={270}
          />
        }
      />
      {today.isPending ? (
        <SkeletonBlocks count={4} height={80} />
      ) : today.isError && !summary ? (
        <LoadFailure error={today.error} onRetry={() => void today.refetch()} />
      ) : summary ? (
        <>
          {today.isError && <RefreshFailure error={today.error} stale="What is shown is the day as last read." />}
          <Counts counts={summary.counts} />
          <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="md">
            <ArrivalsSection events={summary.arrivals} />
            <OutcomesSection events={summary.outcomes} />
            <WaitingSection waiting={summary.reservationsWaiting} waitingDays={waitingDays} />
            <FostersDueSection due={summary.fostersDue} />
          </SimpleGrid>
          <DueList />
          <LongestInCareSection longest={summary.longestInCare} />
        </>
      ) : null}
    </Stack>
  );
}

function Counts({ counts }: { counts: TodaySummary['counts'] }): React.JSX.Element {
  const figures: Array<[string, number]> = [
    ['In care', counts.inCare],
    ['In foster', counts.inFoster],
    ['Reserved', counts.reserved],
    ['Arrived today', counts.arrivals],
    ['Left today', counts.outcomes],
  ];
  return (
    <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="sm" data-testid="today-counts">
      {figures.map(([label, value]) => (
        <Paper key={label} withBorder radius="md" px="sm" py={6}>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text fw={700} size="lg" aria-label={`${label}: ${value}`}>
            {formatFigure(value)}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
