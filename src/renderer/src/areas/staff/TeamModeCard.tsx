import { Alert, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('staff');
  const [asking, setAsking] = useState(false);
  return (
    <>
      {teamMode ? (
        <Paper withBorder radius="md" p="md" data-testid="team-mode-card">
          <Group justify="space-between" wrap="nowrap" gap="md">
            <Text size="sm">{t('teamMode.on')}</Text>
            <Button variant="default" color="red" onClick={() => setAsking(true)} style={{ flexShrink: 0 }}>
              {t('teamMode.switchOff')}
            </Button>
          </Group>
        </Paper>
      ) : (
        <Alert color="orange" variant="light" title={t('teamMode.offTitle')} data-testid="team-mode-card">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('teamMode.off')}</Text>
            <Button size="xs" onClick={() => setAsking(true)}>
              {t('teamMode.switchOn')}
            </Button>
          </Stack>
        </Alert>
      )}
      {asking && <TeamModeModal enable={!teamMode} onClose={() => setAsking(false)} />}
    </>
  );
}

function TeamModeModal({ enable, onClose }: { enable: boolean; onClose: () => void }): React.JSX.Element {
  const { t } = useTranslation('staff');
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
    <Modal opened onClose={onClose} title={enable ? t('teamMode.askOn') : t('teamMode.askOff')}>
      <Stack gap="sm" data-testid="team-mode-dialog">
        {enable ? (
          <Text size="sm">{t('teamMode.onBody')}</Text>
        ) : (
          <>
            <Text size="sm">{t('teamMode.offBody')}</Text>
            <Text size="sm">
              {serving ? t('teamMode.serving') : t('teamMode.notServing')} {t('teamMode.kept')}
            </Text>
          </>
        )}
        <DialogFailureAlert failure={failure} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('dialogs.cancel')}
          </Button>
          <Button color={enable ? undefined : 'red'} onClick={confirm} loading={setTeamMode.isPending} data-autofocus>
            {enable ? t('teamMode.confirmOn') : t('teamMode.confirmOff')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
