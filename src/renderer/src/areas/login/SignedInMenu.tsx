import { Badge, Button, Menu, Text } from '@mantine/core';
import { IconChevronDown, IconKey, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { ROLE_WORDS, useLogout, useTeam } from '../../client/staff';
import { ChangePasswordModal } from './ChangePasswordModal';

/** In the header, in team mode: who is logged in and their role, with Log out and Change password. Nothing at the desk. */
export function SignedInMenu(): React.JSX.Element | null {
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
            aria-label={`${me.name}, ${ROLE_WORDS[me.role]}: account menu`}
            data-testid="signed-in"
          >
            <Text span size="sm" fw={500} truncate maw={140} visibleFrom="sm">
              {me.name}
            </Text>
            <Badge ml={6} variant="light" size="sm">
              {ROLE_WORDS[me.role]}
            </Badge>
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Logged in as {me.login}</Menu.Label>
          <Menu.Item leftSection={<IconKey size={14} />} onClick={() => setChanging(true)}>
            Change password
          </Menu.Item>
          <Menu.Item leftSection={<IconLogout size={14} />} onClick={() => logout.mutate()}>
            Log out
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ChangePasswordModal opened={changing} onClose={() => setChanging(false)} />
    </>
  );
}
