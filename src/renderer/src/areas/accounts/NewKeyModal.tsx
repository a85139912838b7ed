import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';

export interface IssuedKey {
  key: string;
  accountName: string;
}

/** The plaintext exists only in this answer: the desk keeps a hash, so this is the one chance to copy it. */
interface NewKeyModalProps {
  opened: boolean;
  issued: IssuedKey | null;
  onClose: () => void;
  onClosed: () => void;
}

export function NewKeyModal({ opened, issued, onClose, onClosed }: NewKeyModalProps): React.JSX.Element {
  const { t } = useTranslation('accounts');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={onClosed}
      title={t('newKey.title', { name: issued?.accountName ?? '' })}
      size="lg"
      centered
    >
      <Stack>
        <Alert color="orange" variant="light" icon={<IconAlertTriangle />} title={t('newKey.copyNow')}>
          {t('newKey.fingerprint')}
        </Alert>
        <Code block data-testid="new-key" fz="md" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {issued?.key}
        </Code>
        <Group justify="space-between">
          <CopyButton value={issued?.key ?? ''} timeout={2_000}>
            {({ copied, copy }) => (
              <Button
                variant={copied ? 'light' : 'filled'}
                color={copied ? 'teal' : undefined}
                leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                onClick={copy}
              >
                {copied ? t('newKey.copied') : t('newKey.copy')}
              </Button>
            )}
          </CopyButton>
          <Button variant="default" onClick={onClose}>
            {t('newKey.stored')}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          <Trans t={t} i18nKey="newKey.howToSend" components={{ code: <Code /> }} />
        </Text>
      </Stack>
    </Modal>
  );
}
