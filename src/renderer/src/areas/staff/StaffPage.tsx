import { Alert, Badge, Button, Paper, Stack, Table, Text } from '@mantine/core';
import { IconSwitchHorizontal, IconUserOff, IconUserPlus } from '@tabler/icons-react';
import type { StaffMember } from '../../../../shared/staff';
import { ROLE_WORDS, useCan, useStaffList, useTeam } from '../../client/staff';
import { useDialog } from '../../ui/dialog';
import { formatMoment } from '../../ui/format';
import { LoadFailure, SkeletonRows } from '../../ui/LoadStates';
import { PageTitle } from '../../ui/PageTitle';
import { RowAction } from '../../ui/RowAction';
import { TruncatedText } from '../../ui/TruncatedText';
import { DeactivateModal } from './DeactivateModal';
import { FirstOwnerCard } from './FirstOwnerCard';
import { InviteModal } from './InviteModal';
import { RoleModal } from './RoleModal';

/** The team (owners; issue 29 §2): who has a login, their roles, invitations; at a desk with no staff, the first owner. */
export function StaffPage(): React.JSX.Element {
  const team = useTeam();
  const list = useStaffList(useCan('staff.list'));
  const mayInvite = useCan('staff.invite');
  const maySetRole = useCan('staff.setRole');
  const mayDeactivate = useCan('staff.deactivate');
  const maySetUp = useCan('staff.setupOwner');
  const invite = useDialog<number>();
  const role = useDialog<StaffMember>();
  const deactivate = useDialog<StaffMember>();
  const members = list.data ?? [];
  const noStaff = list.isSuccess && members.length === 0;

  return (
    <Stack gap="md" data-testid="staff-page">
      <PageTitle
        title="Staff"
        description="Everyone with a login to this shelter's Adoption Desk, and what their role lets them do. Invite new members with a one-time code."
        actions={
          mayInvite &&
          !noStaff && (
            <Button leftSection={<IconUserPlus size={16} />} onClick={() => invite.open((invite.subject ?? 0) + 1)}>
              Invite
            </Button>
          )
        }
      />
      {team.data && !team.data.teamMode && !noStaff && list.isSuccess && (
        <Alert color="orange" variant="light" title="Logins are switched off">
          This desk runs as a single desk: nobody needs to log in, and the accounts below wait until team mode is switched on again on the server.
        </Alert>
      )}
      {noStaff && maySetUp && <FirstOwnerCard />}
      {list.isError && !list.data && <LoadFailure error={list.error} onRetry={() => void list.refetch()} />}
      {!noStaff && !(list.isError && !list.data) && (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={640}>
            <Table striped verticalSpacing="xs" data-testid="staff-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Login</Table.Th>
                  <Table.Th>Role</Table.Th>
                  <Table.Th>State</Table.Th>
                  <Table.Th visibleFrom="md">Since</Table.Th>
                  <Table.Th>Actions</Table.Th>
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
                        {ROLE_WORDS[member.role]}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="outline" color={member.active ? 'teal' : 'gray'}>
                        {member.active ? 'Active' : 'Deactivated'}
                      </Badge>
                    </Table.Td>
                    <Table.Td c="dimmed" visibleFrom="md">
                      {formatMoment(member.createdAt)}
                    </Table.Td>
                    <Table.Td>
                      {member.active ? (
                        <>
                          {maySetRole && <RowAction tooltip="Change role" label={`Change the role of ${member.name}`} icon={<IconSwitchHorizontal size={16} />} onClick={() => role.open(member)} />}
                          {mayDeactivate && <RowAction tooltip="Deactivate" label={`Deactivate ${member.name}`} icon={<IconUserOff size={16} />} onClick={() => deactivate.open(member)} danger />}
                        </>
                      ) : (
                        <Text span size="sm" c="dimmed">
                          —
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      {invite.subject !== null && <InviteModal key={invite.subject} opened={invite.opened} onClose={invite.close} />}
      {role.subject && <RoleModal key={`role-${role.subject.id}`} member={role.subject} opened={role.opened} onClose={role.close} />}
      {deactivate.subject && <DeactivateModal key={`off-${deactivate.subject.id}`} member={deactivate.subject} opened={deactivate.opened} onClose={deactivate.close} />}
    </Stack>
  );
}
