import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
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
import { useState } from 'react';
import {
  TIME_OF_DAY,
  type BackupFailureReason,
  type BackupRun,
  type BackupSchedule,
  type BackupsStatus,
} from '../../../../shared/backups';
import { describeFailure } from '../../client/errors';
import { AdminCallError, call } from '../../client/transport';
import { formatBytes, formatMoment } from '../../ui/format';
import { LoadFailure, SkeletonBlocks } from '../../ui/LoadStates';
import { TruncatedText } from '../../ui/TruncatedText';

/** Why a backup failed, in the window's words, with what staff can do about it. */
const FAILURE_WORDS: Record<BackupFailureReason, string> = {
  folder_missing:
    'The folder is not there: is the backup drive plugged in? It is not made again on its own; check it, or choose another folder.',
  folder_not_writable: 'The folder cannot be written to. Check its permissions, or choose another folder.',
  disk_full: 'The disk the folder is on is full. Free some space there, or keep fewer backups.',
  nothing_to_back_up: 'There is no data to back up yet.',
  other: 'The backup could not be written.',
};

function isForbidden(error: unknown): boolean {
  return error instanceof AdminCallError && error.code === 'forbidden';
}

function LastRun({ run }: { run: BackupRun | null }): React.JSX.Element {
  if (!run) return <Text size="sm">Last backup: none yet.</Text>;
  const when = `${formatMoment(run.at)} (${run.trigger === 'nightly' ? 'nightly' : 'on demand'})`;
  if (run.ok) {
    return (
      <Group gap="xs" wrap="nowrap">
        <Badge color="teal" variant="light">
          done
        </Badge>
        <Text size="sm">
          Last backup: {when}, {formatBytes(run.bytes ?? 0)}
        </Text>
      </Group>
    );
  }
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle />}
      title={`The last backup failed: ${when}`}
      data-testid="backup-failed"
    >
      <Text size="sm">{FAILURE_WORDS[run.reason ?? 'other']}</Text>
      <Text size="xs" c="dimmed">
        {run.message?.startsWith(run.code ?? '') ? run.message : `${run.code}: ${run.message}`}
      </Text>
    </Alert>
  );
}

function NextRun({ status }: { status: BackupsStatus }): React.JSX.Element {
  const { nextRun } = status;
  const text =
    nextRun === null
      ? 'Nightly backups are off.'
      : status.due
        ? 'Next backup: within a minute (last night’s is missing).'
        : `Next backup: ${formatMoment(nextRun)}.`;
  return (
    <Text size="sm" data-testid="backup-next">
      {text}
    </Text>
  );
}

function BackupList({ status }: { status: BackupsStatus }): React.JSX.Element {
  if (status.folderProblem)
    return (
      <Text size="sm" c="red">
        {FAILURE_WORDS[status.folderProblem.reason]}
      </Text>
    );
  if (status.backups.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {status.schedule.folder === null ? 'No folder chosen yet.' : 'No backups in the folder yet.'}
      </Text>
    );
  return (
    <ScrollArea.Autosize mah={180} scrollbars="y" type="auto">
      <Table verticalSpacing={4} data-testid="backup-list">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Backup</Table.Th>
            <Table.Th w={170}>Made</Table.Th>
            <Table.Th w={90}>Size</Table.Th>
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

/** The settings form: its refusals (a folder that cannot be used, a role that may not change it) stay in the panel. */
function ScheduleForm({
  status,
  onSaved,
}: {
  status: BackupsStatus;
  onSaved: (status: BackupsStatus) => void;
}): React.JSX.Element {
  const [values, setValues] = useState<BackupSchedule>(status.schedule);
  const [folderText, setFolderText] = useState(status.schedule.folder ?? '');
  const configure = useMutation({
    mutationFn: (schedule: BackupSchedule) => call('backups.configure', schedule),
    onSuccess: onSaved,
  });
  const error = configure.error;
  const folderError =
    error instanceof AdminCallError &&
    error.code === 'validation_failed' &&
    (error.details as { field?: string } | undefined)?.field === 'folder'
      ? error.message
      : null;
  const timeError = TIME_OF_DAY.test(values.at) ? null : 'A time of day, such as 02:00.';
  const save = () => configure.mutate({ ...values, folder: folderText.trim() === '' ? null : folderText.trim() });
  return (
    <Stack gap="sm">
      <Switch
        label="Back up every night"
        checked={values.on}
        onChange={(event) => setValues({ ...values, on: event.currentTarget.checked })}
      />
      <TextInput
        label="Folder"
        description="A full path on the shelter server, such as a backup drive’s folder"
        placeholder="/media/backup/adoption-desk"
        value={folderText}
        onChange={(event) => setFolderText(event.currentTarget.value)}
        error={folderError}
      />
      <Group gap="sm" align="flex-start" wrap="wrap">
        <NumberInput
          label="Keep the last"
          description="The oldest are deleted"
          suffix=" backups"
          min={1}
          max={365}
          allowDecimal={false}
          value={values.keep}
          onChange={(value) => setValues({ ...values, keep: typeof value === 'number' ? value : 1 })}
          w={160}
        />
        <TextInput
          label="At"
          description={`Server time (${status.timeZone})`}
          type="time"
          value={values.at}
          onChange={(event) => setValues({ ...values, at: event.currentTarget.value })}
          error={timeError}
          w={190}
        />
      </Group>
      {error && !folderError && (
        <Alert
          color={isForbidden(error) ? 'yellow' : 'red'}
          variant="light"
          icon={isForbidden(error) ? <IconLock /> : <IconAlertTriangle />}
          title={isForbidden(error) ? 'Only an owner can change this' : describeFailure(error).title}
          role="alert"
        >
          {isForbidden(error)
            ? 'Where and when the shelter’s data is backed up is the owner’s choice. You can still back up now.'
            : describeFailure(error).message}
        </Alert>
      )}
      <Group>
        <Button onClick={save} loading={configure.isPending} disabled={timeError !== null}>
          Save backup settings
        </Button>
      </Group>
    </Stack>
  );
}

/** The shelter server's nightly backups: where, how many and when, the last result and the next run, "Back up now". */
export function BackupsPanel(): React.JSX.Element {
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
          Nightly backups
        </Title>
        {status.data && (
          <Button
            variant="light"
            leftSection={<IconDatabaseExport size={16} />}
            onClick={() => runNow.mutate()}
            loading={runNow.isPending}
            disabled={status.data.schedule.folder === null}
          >
            Back up now
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
            title="For managers and owners"
            data-testid="backups-refused"
          >
            Backups hold every record of the shelter, so only managers and owners see them.
          </Alert>
        ) : (
          <LoadFailure error={status.error} onRetry={() => void status.refetch()} />
        ))}
      {status.data && (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Every database, photo and setting of this server, copied while it keeps running, into a folder you choose;
            the oldest are deleted beyond the number kept.
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
          <ScheduleForm key={JSON.stringify(status.data.schedule)} status={status.data} onSaved={saved} />
          <BackupList status={status.data} />
        </Stack>
      )}
    </Card>
  );
}
