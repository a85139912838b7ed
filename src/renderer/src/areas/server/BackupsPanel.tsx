import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  ScrollArea,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconDatabaseExport, IconLock } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  BackupScheduleSchema,
  TIME_OF_DAY,
  type BackupFailureReason,
  type BackupRun,
  type BackupSchedule,
  type BackupsStatus,
} from '../../../../shared/backups';
import { describeFailure, refusalMessage } from '../../client/errors';
import { windowI18n } from '../../i18n/i18n';
import { AdminCallError, call } from '../../client/transport';
import { formatBytes, formatMoment } from '../../ui/format';
import { figureOf, FigureInput } from '../../ui/FigureInput';
import { useDraft, type DraftOf } from '../../ui/unsaved-changes';
import { LoadFailure, SkeletonBlocks } from '../../ui/LoadStates';
import { TruncatedText } from '../../ui/TruncatedText';

/** Why a backup failed, in the window's words, with what staff can do about it. */
const failureWords = (reason: BackupFailureReason): string => windowI18n.t(`server:backups.failures.${reason}`);

function isForbidden(error: unknown): boolean {
  return error instanceof AdminCallError && error.code === 'forbidden';
}

function LastRun({ run }: { run: BackupRun | null }): React.JSX.Element {
  const { t } = useTranslation('server');
  if (!run) return <Text size="sm">{t('backups.noneYet')}</Text>;
  const when = t('backups.when', {
    moment: formatMoment(run.at),
    trigger: run.trigger === 'nightly' ? t('backups.nightly') : t('backups.onDemand'),
  });
  if (run.ok) {
    return (
      <Group gap="xs" wrap="nowrap">
        <Badge color="teal" variant="light">
          {t('backups.done')}
        </Badge>
        <Text size="sm">{t('backups.last', { when, size: formatBytes(run.bytes ?? 0) })}</Text>
      </Group>
    );
  }
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle />}
      title={t('backups.lastFailed', { when })}
      data-testid="backup-failed"
    >
      <Text size="sm">{failureWords(run.reason ?? 'other')}</Text>
      <Text size="xs" c="dimmed">
        {run.message?.startsWith(run.code ?? '') ? run.message : `${run.code}: ${run.message}`}
      </Text>
    </Alert>
  );
}

function NextRun({ status }: { status: BackupsStatus }): React.JSX.Element {
  const { t } = useTranslation('server');
  const { nextRun } = status;
  const text =
    nextRun === null
      ? t('backups.off')
      : status.due
        ? t('backups.due')
        : t('backups.next', { when: formatMoment(nextRun) });
  return (
    <Text size="sm" data-testid="backup-next">
      {text}
    </Text>
  );
}

function BackupList({ status }: { status: BackupsStatus }): React.JSX.Element {
  const { t } = useTranslation('server');
  if (status.folderProblem)
    return (
      <Text size="sm" c="red">
        {failureWords(status.folderProblem.reason)}
      </Text>
    );
  if (status.backups.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {status.schedule.folder === null ? t('backups.noFolder') : t('backups.empty')}
      </Text>
    );
  return (
    <ScrollArea.Autosize mah={180} scrollbars="y" type="auto">
      <Table verticalSpacing={4} data-testid="backup-list">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('backups.columns.backup')}</Table.Th>
            <Table.Th w={170}>{t('backups.columns.made')}</Table.Th>
            <Table.Th w={90}>{t('backups.columns.size')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {status.backups.map((backup) => (
            <Table.Tr key={backup.name}>
              <Table.Td>
                <TruncatedText text={backup.name} maw={260} size="sm" />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatMoment(Date.parse(backup.createdAt))}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatBytes(backup.bytes)}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}

/** The schedule as edited: the folder and the number kept as typed. */
interface ScheduleDraft {
  on: boolean;
  folder: string;
  keep: number | string;
  at: string;
}

const SCHEDULE_DRAFT: DraftOf<BackupSchedule, ScheduleDraft> = {
  draftOf: (schedule) => ({ ...schedule, folder: schedule.folder ?? '' }),
  savedOf: (draft) => ({
    on: draft.on,
    folder: draft.folder.trim() === '' ? null : draft.folder.trim(),
    keep: figureOf(draft.keep),
    at: draft.at,
  }),
  same: (one, other) =>
    one.on === other.on && one.folder === other.folder && one.keep === other.keep && one.at === other.at,
};

/** How many backups may be kept: the schema's own figure and bounds, which the engine checks too. */
const KEEP = BackupScheduleSchema.shape.keep;
const KEPT = { min: KEEP.minValue, max: KEEP.maxValue };

/** The settings form: its refusals (a folder that cannot be used, a role that may not change it) stay in the panel. */
function ScheduleForm({
  status,
  onSaved,
}: {
  status: BackupsStatus;
  onSaved: (status: BackupsStatus) => void;
}): React.JSX.Element {
  const { t } = useTranslation('server');
  // A schedule saved since (here, or by another owner) is shown when nothing typed would be lost.
  const [draft, setDraft] = useDraft(status.schedule, SCHEDULE_DRAFT);
  const change = (patch: Partial<ScheduleDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const configure = useMutation({
    mutationFn: (schedule: BackupSchedule) => call('backups.configure', schedule),
    onSuccess: onSaved,
  });
  const error = configure.error;
  const folderError =
    error instanceof AdminCallError &&
    error.code === 'validation_failed' &&
    (error.details as { field?: string } | undefined)?.field === 'folder'
      ? refusalMessage(error)
      : null;
  const timeError = TIME_OF_DAY.test(draft.at) ? null : t('backups.timeOfDay');
  const keepError = KEEP.safeParse(figureOf(draft.keep)).success ? null : t('backups.keepRange', KEPT);
  const save = () => configure.mutate(SCHEDULE_DRAFT.savedOf(draft));
  return (
    <Stack gap="sm">
      <Switch
        label={t('backups.everyNight')}
        checked={draft.on}
        onChange={(event) => change({ on: event.currentTarget.checked })}
      />
      <TextInput
        label={t('backups.folder')}
        description={t('backups.folderHint')}
        placeholder="/media/backup/adoption-desk"
        value={draft.folder}
        onChange={(event) => change({ folder: event.currentTarget.value })}
        error={folderError}
      />
      <Group gap="sm" align="flex-start" wrap="wrap">
        <FigureInput
          label={t('backups.keep')}
          description={t('backups.keepHint')}
          suffix={t('backups.keepSuffix')}
          value={draft.keep}
          onChange={(value) => change({ keep: value })}
          error={keepError}
          w={160}
        />
        <TextInput
          label={t('backups.at')}
          description={t('backups.atHint', { zone: status.timeZone })}
          type="time"
          value={draft.at}
          onChange={(event) => change({ at: event.currentTarget.value })}
          error={timeError}
          w={190}
        />
      </Group>
      {error && !folderError && (
        <Alert
          color={isForbidden(error) ? 'yellow' : 'red'}
          variant="light"
          icon={isForbidden(error) ? <IconLock /> : <IconAlertTriangle />}
          title={isForbidden(error) ? t('backups.ownerOnlyTitle') : describeFailure(error).title}
          role="alert"
        >
          {isForbidden(error) ? t('backups.ownerOnly') : describeFailure(error).message}
        </Alert>
      )}
      <Group>
        <Button onClick={save} loading={configure.isPending} disabled={timeError !== null || keepError !== null}>
          {t('backups.save')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The shelter server's nightly backups: where, how many and when, the last result and the next run, "Back up now". */
export function BackupsPanel(): React.JSX.Element {
  const { t } = useTranslation('server');
  const queryClient = useQueryClient();
  // The nightly run happens on the server: looked at again now and then to show its result.
  const status = useQuery({
    queryKey: ['backups'],
    queryFn: () => call('backups.status', {}),
    refetchInterval: 60_000,
  });
  const saved = (next: BackupsStatus) => queryClient.setQueryData(['backups'], next);
  const runNow = useMutation({ mutationFn: () => call('backups.runNow', {}), onSuccess: saved });

  return (
    <Card withBorder radius="md" padding="md" data-testid="backups-panel">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} size="h4">
          {t('backups.title')}
        </Title>
        {status.data && (
          <Button
            variant="light"
            leftSection={<IconDatabaseExport size={16} />}
            onClick={() => runNow.mutate()}
            loading={runNow.isPending}
            disabled={status.data.schedule.folder === null}
          >
            {t('backups.now')}
          </Button>
        )}
      </Group>
      {status.isPending && <SkeletonBlocks count={1} height={120} />}
      {status.isError &&
        (isForbidden(status.error) ? (
          <Alert
            color="yellow"
            variant="light"
            icon={<IconLock />}
            title={t('backups.refusedTitle')}
            data-testid="backups-refused"
          >
            {t('backups.refused')}
          </Alert>
        ) : (
          <LoadFailure error={status.error} onRetry={() => void status.refetch()} />
        ))}
      {status.data && (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('backups.about')}
          </Text>
          {runNow.error !== null && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertTriangle />}
              title={describeFailure(runNow.error).title}
              role="alert"
            >
              {describeFailure(runNow.error).message}
            </Alert>
          )}
          <LastRun run={status.data.lastRun} />
          <NextRun status={status.data} />
          <ScheduleForm status={status.data} onSaved={saved} />
          <BackupList status={status.data} />
        </Stack>
      )}
    </Card>
  );
}
