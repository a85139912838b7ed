import { Badge, Button, Menu, Text } from '@mantine/core';
import { IconChevronDown, IconKey, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { roleWord, useLogout, useTeam } from '../../client/staff';
import { ChangePasswordModal } from './ChangePasswordModal';
import { leaveOrAsk } from '../../ui/unsaved-changes';

/** In the header, in team mode: who is logged in and their role, with Log out and Change password. Nothing at the desk. */
export function SignedInMenu(): React.JSX.Element | null {
  const { t } = useTranslation('login');
  const me = useTeam().data?.me;
  const logout = useLogout();
  const [changing, setChanging] = useState(false);
  if (!me) return null;
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            variant="subtle"
            color="gray"
            size="compact-md"
            leftSection={<IconUserCircle size={18} aria-hidden />}
            rightSection={<IconChevronDown size={14} aria-hidden />}
            aria-label={t('menu.label', { name: me.name, role: roleWord(me.role) })}
            data-testid="signed-in"
          >
            <Text span size="sm" fw={500} truncate maw={140} visibleFrom="sm">
              {me.name}
            </Text>
            <Badge ml={6} variant="light" size="sm">
              {roleWord(me.role)}
            </Badge>
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{t('menu.loggedInAs', { login: me.login })}</Menu.Label>
          <Menu.Item leftSection={<IconKey size={14} />} onClick={() => setChanging(true)}>
            {t('menu.changePassword')}
          </Menu.Item>
          <Menu.Item leftSection={<IconLogout size={14} />} onClick={() => leaveOrAsk(() => logout.mutate())}>
            {t('menu.logOut')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ChangePasswordModal opened={changing} onClose={() => setChanging(false)} />
    </>
  );
}
