import { Alert, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { roleWord, useTeam } from '../../client/staff';

/** A page the caller's role may not open (an old link, a bookmark): said once, instead of every call's refusal. */
export function NotForThisRole(): React.JSX.Element {
  const { t } = useTranslation('login');
  const me = useTeam().data?.me;
  return (
    <Stack maw={640}>
      <Alert
        color="orange"
        variant="light"
        icon={<IconLock />}
        title={t('notForRole.title')}
        data-testid="not-for-this-role"
      >
        {me
          ? t('notForRole.member', { role: roleWord(me.role).toLocaleLowerCase(), name: me.name })
          : t('notForRole.nobody')}{' '}
        {t('notForRole.way')}
      </Alert>
    </Stack>
  );
}
