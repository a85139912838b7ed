import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ApiKeyRecord } from '../../../../shared/models';

export function KeyStateBadge({ apiKey }: { apiKey: ApiKeyRecord }): React.JSX.Element {
  const { t } = useTranslation('accounts');
  return apiKey.revokedAt === null ? (
    <Badge color="teal" variant="light" data-testid="key-state">
      {t('key.active')}
    </Badge>
  ) : (
    <Badge color="red" variant="outline" data-testid="key-state">
      {t('key.revoked')}
    </Badge>
  );
}
