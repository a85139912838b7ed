import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCertificate, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { notifyFailure } from '../../client/notify';
import { downloadCaCertificate } from '../../client/certificates';

/** The CAs' certificates (the shelter server's, then the sites' local CA), to trust them on this computer (docs/guide/certificates.md, "Trusting the local CA"). */
export function CaDownloadCard(): React.JSX.Element {
  const [busy, setBusy] = useState(false);
  const download = () => {
    setBusy(true);
    downloadCaCertificate()
      .catch(notifyFailure)
      .finally(() => setBusy(false));
  };
  return (
    <Card withBorder radius="md" padding="md" maw={640} data-testid="local-ca">
      <Stack gap="xs">
        <Group gap="xs">
          <IconCertificate size={20} />
          <Title order={2} size="h4">
            Local certificate authority
          </Title>
        </Group>
        <Text size="sm">
          Unless ACME is set above, the sites’ certificates come from this desk’s own CA. Browsers trust them once its
          certificate is added to the system’s (or Firefox’s) trust store: Linux <code>update-ca-certificates</code>,
          macOS Keychain Access (Always Trust), Windows “Trusted Root Certification Authorities”. The file holds two:
          the shelter server’s own CA first (the one other desks trust and compare the code of), then the sites’.
        </Text>
        <Group>
          <Button variant="light" leftSection={<IconDownload size={16} />} loading={busy} onClick={download}>
            Download the CA certificate
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
