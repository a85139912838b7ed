import { Alert, Button, Center, Paper, SimpleGrid, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconDeviceDesktop, IconServer2 } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Failure } from '../../client/errors';
import { ConnectDialog } from './ConnectDialog';
import { linkBridge } from './link-bridge';
import { linkFailure } from './link-words';

/**
 * The desktop app's first run: this computer keeps the shelter's records, or it is a
 * window onto the shelter server, reached by address after staff compare the server's code.
 */
export function FirstRunPage({ onChosen }: { onChosen: () => void }): React.JSX.Element {
  const { t } = useTranslation('firstRun');
  const [address, setAddress] = useState('');
  const [connecting, setConnecting] = useState<string | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);

  const chooseThisComputer = async () => {
    const result = await linkBridge()?.choose({ mode: 'this-computer' });
    if (result && !result.ok) setFailure(linkFailure(result.error));
    else onChosen();
  };

  const connect = (event: React.FormEvent) => {
    event.preventDefault();
    setConnecting(address);
  };

  return (
    <Center mih="100vh" p="lg" component="main">
      <Paper withBorder shadow="sm" p="xl" maw={820} w="100%" data-testid="first-run">
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1} size="h2">
              {t('title')}
            </Title>
            <Text c="dimmed">{t('later')}</Text>
          </Stack>
          {failure && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle />} title={failure.title}>
              {failure.message}
            </Alert>
          )}
          <SimpleGrid cols={2} spacing="lg">
            <Paper withBorder p="lg" radius="md">
              <Stack gap="sm" h="100%">
                <ThemeIcon size={44} radius="xl" variant="light" aria-hidden>
                  <IconDeviceDesktop size={24} />
                </ThemeIcon>
                <Title order={2} size="h4">
                  {t('thisComputer.title')}
                </Title>
                <Text size="sm" style={{ flexGrow: 1 }}>
                  {t('thisComputer.about')}
                </Text>
                <Button onClick={() => void chooseThisComputer()}>{t('thisComputer.use')}</Button>
              </Stack>
            </Paper>
            <Paper withBorder p="lg" radius="md" component="form" onSubmit={connect}>
              <Stack gap="sm">
                <ThemeIcon size={44} radius="xl" variant="light" color="teal" aria-hidden>
                  <IconServer2 size={24} />
                </ThemeIcon>
                <Title order={2} size="h4">
                  {t('server.title')}
                </Title>
                <Text size="sm">{t('server.about')}</Text>
                <TextInput
                  label={t('server.at')}
                  placeholder={t('server.example')}
                  value={address}
                  onChange={(event) => setAddress(event.currentTarget.value)}
                />
                <Button type="submit" color="teal">
                  {t('server.connect')}
                </Button>
              </Stack>
            </Paper>
          </SimpleGrid>
        </Stack>
      </Paper>
      {connecting !== null && (
        <ConnectDialog key={connecting} address={connecting} onClose={() => setConnecting(null)} />
      )}
    </Center>
  );
}
