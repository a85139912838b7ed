import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCertificate, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { notifyFailure } from '../../client/notify';
import { downloadCaCertificate } from '../../client/certificates';

/** The CAs' certificates (the shelter server's, then the sites' local CA), to trust them on this computer (docs/guide/certificates.md, "Trusting the local CA"). */
export function CaDownloadCard(): React.JSX.Element {
  const { t } = useTranslation('server');
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
            {t('ca.title')}
          </Title>
        </Group>
        <Text size="sm">
          <Trans t={t} i18nKey="ca.about" components={[<code key="command" />]} />
        </Text>
        <Group>
          <Button variant="light" leftSection={<IconDownload size={16} />} loading={busy} onClick={download}>
            {t('ca.download')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
