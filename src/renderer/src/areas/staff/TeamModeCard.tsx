import { Alert, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Failure } from '../../client/errors';
import { useSetTeamMode } from '../../client/staff';
import { call } from '../../client/transport';
import { DialogFailureAlert } from '../../ui/DialogFailureAlert';
import { staffRefusal } from './staff-words';

/**
 * Team mode off and on, at the desk alone (a staff browser turning it off would lock every desk out,
 * itself too). Off: every member is logged out and nobody logs in; the shelter server, if this computer
 * runs it, still answers its address, with the login page only, which says logins are off.
 */
export function TeamModeCard({ teamMode }: { teamMode: boolean }): React.JSX.Element {
  const [asking, setAsking] = useState(false);
  return (
    <>
      {teamMode ? (
        <Paper withBorder radius="md" p="md" data-testid="team-mode-card">
          <Group justify="space-between" wrap="nowrap" gap="md">
            <Text size="sm">Team mode is on: each member logs in with their own login. This desk needs none.</Text>
            <Button variant="default" color="red" onClick={() => setAsking(true)} style={{ flexShrink: 0 }}>
              Switch team mode off…
            </Button>
          </Group>
        </Paper>
      ) : (
        <Alert color="orange" variant="light" title="Logins are switched off" data-testid="team-mode-card">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              This computer runs as a single desk: nobody logs in, and the accounts below wait until team mode is
              switched on again.
            </Text>
            <Button size="xs" onClick={() => setAsking(true)}>
              Switch team mode on…
            </Button>
          </Stack>
        </Alert>
      )}
      {asking && <TeamModeModal enable={!teamMode} onClose={() => setAsking(false)} />}
    </>
  );
}

function TeamModeModal({ enable, onClose }: { enable: boolean; onClose: () => void }): React.JSX.Element {
  const setTeamMode = useSetTeamMode();
  const server = useQuery({ queryKey: ['team-server'], queryFn: () => call('team.server', {}) });
  const [failure, setFailure] = useState<Failure | null>(null);
  const confirm = () => {
    setFailure(null);
    setTeamMode.mutate(
      { enabled: enable },
      { onSuccess: onClose, onError: (error) => setFailure(staffRefusal(error)) },
    );
  };
  const serving = server.data?.serving === true;
  return (
    <Modal opened onClose={onClose} title={enable ? 'Switch team mode on?' : 'Switch team mode off?'}>
      <Stack gap="sm" data-testid="team-mode-dialog">
        {enable ? (
          <Text size="sm">
            Every active member logs in again with their own login and password, on the other desks and in browsers.
            This desk keeps working without a login.
          </Text>
        ) : (
          <>
            <Text size="sm">
              Every member is logged out at once, on every desk, and nobody can log in until team mode is switched on
              again here. The other desks can no longer work: they show the login page, which says logins are off.
            </Text>
            <Text size="sm">
              {serving
                ? 'The shelter server on this computer keeps answering at its address, but only with that login page.'
                : 'This computer does not serve the shelter’s network now; if it starts to, its address shows only that login page.'}{' '}
              This desk keeps working without a login; the accounts are kept for when team mode is on again.
            </Text>
          </>
        )}
        <DialogFailureAlert failure={failure} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color={enable ? undefined : 'red'} onClick={confirm} loading={setTeamMode.isPending} data-autofocus>
            {enable ? 'Switch on' : 'Switch off'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
