import { Badge, Button, Group, Paper, Stack, Table } from '@mantine/core';
import {
  IconKey,
  IconPencil,
  IconSwitchHorizontal,
  IconUserCheck,
  IconUserOff,
  IconUserPlus,
} from '@tabler/icons-react';
import type { StaffMember } from '../../../../shared/staff';
import { useTranslation } from 'react-i18next';
import { roleWord, useCan, useStaffList, useTeam } from '../../client/staff';
import { useDialog } from '../../ui/dialog';
import { formatMoment } from '../../ui/format';
import { LoadFailure, SkeletonRows } from '../../ui/LoadStates';
import { PageTitle } from '../../ui/PageTitle';
import { RowAction } from '../../ui/RowAction';
import { TruncatedText } from '../../ui/TruncatedText';
import { DeactivateModal, ReactivateModal } from './ActiveModals';
import { FirstOwnerCard } from './FirstOwnerCard';
import { InvitationsCard } from './InvitationsCard';
import { InviteModal } from './InviteModal';
import { LockoutsCard } from './LockoutsCard';
import { RenameModal } from './RenameModal';
import { RoleModal } from './RoleModal';
import { SetPasswordModal } from './SetPasswordModal';
import { TeamModeCard } from './TeamModeCard';

/** The team (owners): who has a login, their roles, invitations, names and passwords; at the desk, team mode off and on, and with no staff the first owner. */
export function StaffPage(): React.JSX.Element {
  const { t } = useTranslation('staff');
  const team = useTeam();
  const list = useStaffList(useCan('staff.list'));
  const mayInvite = useCan('staff.invite');
  const maySetRole = useCan('staff.setRole');
  const mayDeactivate = useCan('staff.deactivate');
  const maySetUp = useCan('staff.setupOwner');
  const mayReactivate = useCan('staff.reactivate');
  const maySetPassword = useCan('staff.setPassword');
  const mayRename = useCan('staff.rename');
  const maySwitchTeamMode = useCan('team.setEnabled');
  const mayListInvitations = useCan('staff.invitations');
  const mayRevokeInvite = useCan('staff.revokeInvite');
  const maySeeLockouts = useCan('staff.lockouts');
  const invite = useDialog<number>();
  const role = useDialog<StaffMember>();
  const deactivate = useDialog<StaffMember>();
  const reactivate = useDialog<StaffMember>();
  const password = useDialog<StaffMember>();
  const rename = useDialog<StaffMember>();
  const myId = team.data?.me?.id;
  const members = list.data ?? [];
  const noStaff = list.isSuccess && members.length === 0;

  return (
    <Stack gap="md" data-testid="staff-page">
      <PageTitle
        title={t('title')}
        description={t('description')}
        actions={
          mayInvite &&
          !noStaff && (
            <Button leftSection={<IconUserPlus size={16} />} onClick={() => invite.open((invite.subject ?? 0) + 1)}>
              {t('invite')}
            </Button>
          )
        }
      />
      {team.data && maySwitchTeamMode && !noStaff && list.isSuccess && <TeamModeCard teamMode={team.data.teamMode} />}
      {noStaff && maySetUp && <FirstOwnerCard />}
      {maySeeLockouts && !noStaff && <LockoutsCard />}
      {list.isError && !list.data && <LoadFailure error={list.error} onRetry={() => void list.refetch()} />}
      {!noStaff && !(list.isError && !list.data) && (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={640}>
            <Table striped verticalSpacing="xs" data-testid="staff-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('columns.name')}</Table.Th>
                  <Table.Th>{t('columns.login')}</Table.Th>
                  <Table.Th>{t('columns.role')}</Table.Th>
                  <Table.Th>{t('columns.state')}</Table.Th>
                  <Table.Th visibleFrom="md">{t('columns.since')}</Table.Th>
                  <Table.Th>{t('columns.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.isPending && <SkeletonRows rows={3} columns={6} />}
                {members.map((member) => (
                  <Table.Tr key={member.id} data-testid={`staff-row-${member.login}`}>
                    <Table.Td fw={500}>
                      <TruncatedText text={member.name} maw={220} />
                    </Table.Td>
                    <Table.Td>
                      <TruncatedText text={member.login} maw={160} />
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={member.role === 'owner' ? 'grape' : 'blue'}>
                        {roleWord(member.role)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="outline" color={member.active ? 'teal' : 'gray'}>
                        {member.active ? t('state.active') : t('state.deactivated')}
                      </Badge>
                    </Table.Td>
                    <Table.Td c="dimmed" visibleFrom="md">
                      {formatMoment(member.createdAt)}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={2} wrap="nowrap">
                        {member.active && maySetRole && (
                          <RowAction
                            tooltip={t('actions.role')}
                            label={t('actions.roleOf', { name: member.name })}
                            icon={<IconSwitchHorizontal size={16} />}
                            onClick={() => role.open(member)}
                          />
                        )}
                        {!member.active && mayReactivate && (
                          <RowAction
                            tooltip={t('actions.reactivate')}
                            label={t('actions.reactivateWho', { name: member.name })}
                            icon={<IconUserCheck size={16} />}
                            onClick={() => reactivate.open(member)}
                          />
                        )}
                        {mayRename && (
                          <RowAction
                            tooltip={t('actions.rename')}
                            label={t('actions.renameWho', { name: member.name })}
                            icon={<IconPencil size={16} />}
                            onClick={() => rename.open(member)}
                          />
                        )}
                        {maySetPassword && (
                          <RowAction
                            tooltip={t('actions.password')}
                            label={t('actions.passwordFor', { name: member.name })}
                            icon={<IconKey size={16} />}
                            onClick={() => password.open(member)}
                            unavailable={member.id === myId ? t('actions.ownPassword') : undefined}
                          />
                        )}
                        {member.active && mayDeactivate && (
                          <RowAction
                            tooltip={t('actions.deactivate')}
                            label={t('actions.deactivateWho', { name: member.name })}
                            icon={<IconUserOff size={16} />}
                            onClick={() => deactivate.open(member)}
                            danger
                          />
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      {mayListInvitations && !noStaff && <InvitationsCard mayRevoke={mayRevokeInvite} />}
      {invite.subject !== null && <InviteModal key={invite.subject} opened={invite.opened} onClose={invite.close} />}
      {role.subject && (
        <RoleModal key={`role-${role.subject.id}`} member={role.subject} opened={role.opened} onClose={role.close} />
      )}
      {reactivate.subject && (
        <ReactivateModal
          key={`on-${reactivate.subject.id}`}
          member={reactivate.subject}
          opened={reactivate.opened}
          onClose={reactivate.close}
        />
      )}
      {password.subject && (
        <SetPasswordModal
          key={`password-${password.subject.id}`}
          member={password.subject}
          opened={password.opened}
          onClose={password.close}
        />
      )}
      {rename.subject && (
        <RenameModal
          key={`name-${rename.subject.id}`}
          member={rename.subject}
          opened={rename.opened}
          onClose={rename.close}
        />
      )}
      {deactivate.subject && (
        <DeactivateModal
          key={`off-${deactivate.subject.id}`}
          member={deactivate.subject}
          opened={deactivate.opened}
          onClose={deactivate.close}
        />
      )}
    </Stack>
  );
}
