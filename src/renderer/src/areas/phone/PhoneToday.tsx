import { Alert, Anchor, Button, Card, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DueDose, DueList } from '../../../../shared/care';
import { describeFailure } from '../../client/errors';
import { formatDay } from '../../ui/format';
import { recordHref } from '../../ui/navigation';
import { rememberBatch, rememberedBatch, useDue, useGiveDose, useSkipDose } from './queries';
import { TOUCH } from './touch';

const SECTIONS = ['overdue', 'dueToday', 'soon'] as const satisfies readonly (keyof DueList)[];
const SKIP_REASONS = ['unwell', 'absent', 'vet'] as const;

/** A care day (YYYY-MM-DD) as the window's language writes a day; noon, so no time zone moves it. */
const dayOf = (careDay: string) => formatDay(Date.parse(`${careDay}T12:00:00`));

/** What is due, each dose given or skipped in two taps: Given then Record (the batch remembered per vaccine), Skip then a reason. */
export function PhoneToday(): React.JSX.Element {
  const { t } = useTranslation('phone');
  const due = useDue();
  if (due.isPending) return <Loader aria-label={t('loading')} />;
  if (due.isError)
    return (
      <Alert color="red" title={t('loadFailed')}>
        <Button {...TOUCH} mt="sm" onClick={() => void due.refetch()}>
          {t('tryAgain')}
        </Button>
      </Alert>
    );
  const rows = SECTIONS.flatMap((section) => due.data[section]);
  return (
    <Stack gap="md" data-testid="phone-today">
      <Title order={1} size="h2">
        {t('today.title')}
      </Title>
      {rows.length === 0 && <Text>{t('today.empty')}</Text>}
      {SECTIONS.map((section) =>
        due.data[section].length === 0 ? null : (
          <Stack key={section} gap="sm" component="section" aria-label={t(`today.${section}`)}>
            <Title order={2} size="h4">
              {t(`today.${section}`)}
            </Title>
            {due.data[section].map((row) => (
              <DueCard key={row.dose.id} row={row} />
            ))}
          </Stack>
        ),
      )}
    </Stack>
  );
}

function DueCard({ row }: { row: DueDose }): React.JSX.Element {
  const { t } = useTranslation('phone');
  const [open, setOpen] = useState<'give' | 'skip' | null>(null);
  const { dose, petName } = row;
  return (
    <Card withBorder padding="sm" data-testid="due-card" aria-label={`${petName} ${dose.vaccine}`} component="article">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Anchor
            href={recordHref('pets', dose.petId)}
            fw={600}
            size="lg"
            mih={44}
            style={{ overflowWrap: 'anywhere', display: 'inline-flex', alignItems: 'center' }}
          >
            {petName}
          </Anchor>
          <Text size="sm">{dose.vaccine}</Text>
          <Text size="sm" c="dimmed">
            {row.overdueDays > 0
              ? t('today.overdueBy', { count: row.overdueDays })
              : t('today.dueOn', { date: dose.dueDate ? dayOf(dose.dueDate) : '—' })}
          </Text>
        </Stack>
      </Group>
      {open === null && (
        <Group grow mt="sm" gap="xs">
          <Button {...TOUCH} onClick={() => setOpen('give')}>
            {t('today.given')}
          </Button>
          <Button {...TOUCH} variant="default" onClick={() => setOpen('skip')}>
            {t('today.skip')}
          </Button>
        </Group>
      )}
      {open === 'give' && <GivePanel row={row} onClose={() => setOpen(null)} />}
      {open === 'skip' && <SkipPanel row={row} onClose={() => setOpen(null)} />}
    </Card>
  );
}

function Failure({ error }: { error: unknown }): React.JSX.Element | null {
  const { t } = useTranslation('phone');
  if (!error) return null;
  return (
    <Alert color="red" title={t('today.notRecorded')} role="alert">
      {describeFailure(error).message}
    </Alert>
  );
}

function GivePanel({ row, onClose }: { row: DueDose; onClose: () => void }): React.JSX.Element {
  const { t } = useTranslation('phone');
  const give = useGiveDose();
  const [batch, setBatch] = useState(() => rememberedBatch(row.dose.vaccine));
  const record = () => {
    const typed = batch.trim();
    if (!typed) return;
    rememberBatch(row.dose.vaccine, typed);
    give.mutate({ dose: row.dose, batch: typed });
  };
  return (
    <Stack gap="xs" mt="sm">
      <TextInput
        size="lg"
        label={t('today.batch')}
        value={batch}
        onChange={(event) => setBatch(event.currentTarget.value)}
        autoFocus={batch === ''}
      />
      <Failure error={give.error} />
      <Group grow gap="xs">
        <Button {...TOUCH} onClick={record} loading={give.isPending} disabled={batch.trim() === ''}>
          {t('today.confirmGiven')}
        </Button>
        <Button {...TOUCH} variant="default" onClick={onClose}>
          {t('today.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}

function SkipPanel({ row, onClose }: { row: DueDose; onClose: () => void }): React.JSX.Element {
  const { t } = useTranslation('phone');
  const skip = useSkipDose();
  const [other, setOther] = useState('');
  const send = (reason: string) => skip.mutate({ dose: row.dose, reason });
  return (
    <Stack gap="xs" mt="sm" role="group" aria-label={t('today.skipReason')}>
      <Text size="sm" fw={500}>
        {t('today.skipReason')}
      </Text>
      {SKIP_REASONS.map((reason) => (
        <Button
          key={reason}
          {...TOUCH}
          variant="light"
          disabled={skip.isPending}
          onClick={() => send(t(`today.reasons.${reason}`))}
        >
          {t(`today.reasons.${reason}`)}
        </Button>
      ))}
      <TextInput
        size="lg"
        label={t('today.otherReason')}
        value={other}
        onChange={(event) => setOther(event.currentTarget.value)}
      />
      <Failure error={skip.error} />
      <Group grow gap="xs">
        <Button {...TOUCH} variant="default" onClick={() => send(other.trim())} disabled={other.trim() === ''}>
          {t('today.confirmSkip')}
        </Button>
        <Button {...TOUCH} variant="default" onClick={onClose}>
          {t('today.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}
