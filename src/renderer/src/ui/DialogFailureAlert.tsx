import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { Failure } from '../client/errors';

/** Above a dialog's buttons: why its call failed, where the toast used to land on those buttons. */
export function DialogFailureAlert({ failure }: { failure: Failure | null }): React.JSX.Element | null {
  if (failure === null) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle />} title={failure.title} data-testid="dialog-failure">
      {failure.message}
    </Alert>
  );
}
