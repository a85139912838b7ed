import { Alert, Button, Skeleton, Stack, Table } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { describeFailure } from '../client/errors';

export function LoadFailure({ error, onRetry }: { error: unknown; onRetry: () => void }): React.JSX.Element {
  const { t } = useTranslation();
  const { title, message } = describeFailure(error);
  return (
    <Alert color="red" variant="light" title={title} icon={<IconAlertTriangle />} role="alert">
      <Stack gap="xs" align="flex-start">
        {message}
        <Button size="xs" variant="default" onClick={onRetry}>
          {t('tryAgain')}
        </Button>
      </Stack>
    </Alert>
  );
}

/** A live view whose latest refresh failed: why, and that what is shown is the last received (`stale`). */
export function RefreshFailure({ error, stale }: { error: unknown; stale: string }): React.JSX.Element {
  const { title, message } = describeFailure(error);
  return (
    <Alert color="red" variant="light" title={title}>
      {message} {stale}
    </Alert>
  );
}

export function SkeletonRows({ rows, columns }: { rows: number; columns: number }): React.JSX.Element {
  return (
    <>
      {Array.from({ length: rows }, (_, row) => (
        <Table.Tr key={row} aria-hidden>
          {Array.from({ length: columns }, (_, column) => (
            <Table.Td key={column}>
              <Skeleton height={14} radius="sm" />
            </Table.Td>
          ))}
        </Table.Tr>
      ))}
    </>
  );
}

export function SkeletonBlocks({ count, height }: { count: number; height: number }): React.JSX.Element {
  const { t } = useTranslation();
  return (
    <Stack aria-busy aria-label={t('loading')}>
      {Array.from({ length: count }, (_, index) => (
        <Skeleton key={index} height={height} />
      ))}
    </Stack>
  );
}
