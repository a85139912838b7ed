import { Alert, Button, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconShieldCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { windowI18n } from '../../i18n/i18n';
import type { ServerSighting } from '../../../../shared/desk-link';
import { DialogFailureAlert } from '../../ui/DialogFailureAlert';
import type { Failure } from '../../client/errors';
import { linkBridge } from './link-bridge';
import { linkFailure } from './link-words';

type Step =
  | { step: 'looking' }
  | { step: 'failed'; failure: Failure }
  | { step: 'compare'; sighting: ServerSighting; failure: Failure | null }
  | { step: 'different' }
  | { step: 'connecting'; sighting: ServerSighting };

/** The dialog's next step once the server at `where` has been looked at. */
async function lookFor(where: string): Promise<Step> {
  const result = await linkBridge()?.probe({ address: where });
  if (!result)
    return {
      step: 'failed',
      failure: { title: windowI18n.t('firstRun:refusals.fallback'), message: windowI18n.t('firstRun:dialog.noBridge') },
    };
  return result.ok
    ? { step: 'compare', sighting: result.value, failure: null }
    : { step: 'failed', failure: linkFailure(result.error) };
}

/**
 * Looks for the shelter server at `address`, shows its code big for staff to compare with the code the
 * server shows, and connects only on "Same code". Every refusal is worded here, in the dialog.
 */
export function ConnectDialog({ address, onClose }: { address: string; onClose: () => void }): React.JSX.Element {
  const { t } = useTranslation(['firstRun', 'common']);
  const [typed, setTyped] = useState(address);
  const [state, setState] = useState<Step>({ step: 'looking' });

  useEffect(() => {
    void lookFor(address).then(setState);
  }, [address]);

  const look = (where: string) => {
    setState({ step: 'looking' });
    void lookFor(where).then(setState);
  };

  const connect = async (sighting: ServerSighting) => {
    setState({ step: 'connecting', sighting });
    const result = await linkBridge()?.choose({
      mode: 'shelter-server',
      address: sighting.url,
      fingerprint: sighting.fingerprint,
    });
    if (result && !result.ok) setState({ step: 'compare', sighting, failure: linkFailure(result.error) });
  };

  return (
    <Modal opened onClose={onClose} title={t('dialog.title')} size="lg">
      {state.step === 'looking' && (
        <Group gap="sm" data-testid="connect-looking">
          <Loader size="sm" />
          <Text>{t('dialog.looking', { address: typed })}</Text>
        </Group>
      )}
      {state.step === 'failed' && (
        <Stack
          component="form"
          gap="md"
          onSubmit={(event: React.FormEvent) => {
            event.preventDefault();
            look(typed);
          }}
        >
          <DialogFailureAlert failure={state.failure} />
          <TextInput
            label={t('server.at')}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common:cancel')}
            </Button>
            <Button type="submit">{t('dialog.tryAgain')}</Button>
          </Group>
        </Stack>
      )}
      {(state.step === 'compare' || state.step === 'connecting') && (
        <Stack gap="md">
          <Text>{t('dialog.compare')}</Text>
          <Stack gap={4} align="center" py="sm">
            <Text ff="monospace" fw={700} fz={40} lh={1.1} data-testid="server-code" aria-label={t('dialog.code')}>
              {state.sighting.shortCode}
            </Text>
            <Text size="sm" c="dimmed">
              {state.sighting.url}
            </Text>
          </Stack>
          {state.step === 'compare' && <DialogFailureAlert failure={state.failure} />}
          {state.step === 'connecting' ? (
            <Group gap="sm" justify="center">
              <Loader size="sm" />
              <Text>{t('dialog.connecting')}</Text>
            </Group>
          ) : (
            <Group justify="flex-end">
              <Button variant="outline" color="red" onClick={() => setState({ step: 'different' })}>
                {t('dialog.different')}
              </Button>
              <Button
                color="teal"
                leftSection={<IconShieldCheck size={18} />}
                onClick={() => void connect(state.sighting)}
              >
                {t('dialog.same')}
              </Button>
            </Group>
          )}
        </Stack>
      )}
      {state.step === 'different' && (
        <Stack gap="md">
          <Alert color="red" variant="light" icon={<IconAlertTriangle />} title={t('dialog.notConnected')}>
            {t('dialog.differ', { address: typed })}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('dialog.back')}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
