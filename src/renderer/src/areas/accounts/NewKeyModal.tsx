import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';

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
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={onClosed}
      title={`New key for ${issued?.accountName ?? ''}`}
      closeOnClickOutside={false}
      size="lg"
      centered
    >
      <Stack>
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle />}
          title="Copy it now: it will not be shown again"
        >
          Adoption Desk stores only a fingerprint of the key. If it is lost, issue a new one and revoke this one.
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
                {copied ? 'Copied' : 'Copy key'}
              </Button>
            )}
          </CopyButton>
          <Button variant="default" onClick={onClose}>
            I have stored it
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          Send it as <Code>Authorization: Bearer &lt;key&gt;</Code> on every request to the pet API.
        </Text>
      </Stack>
    </Modal>
  );
}
