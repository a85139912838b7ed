import { Badge } from '@mantine/core';
import type { ApiKeyRecord } from '../../../../shared/models';

export function KeyStateBadge({ apiKey }: { apiKey: ApiKeyRecord }): React.JSX.Element {
  return apiKey.revokedAt === null ? (
    <Badge color="teal" variant="light" data-testid="key-state">
      active
    </Badge>
  ) : (
    <Badge color="red" variant="outline" data-testid="key-state">
      revoked
    </Badge>
  );
}
