import {
  ActionIcon,
  Alert,
  Badge,
  Card,
  Code,
  CopyButton,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ServerStatus, SettingsDamage } from '../../../../shared/admin-contract';
import { CaDownloadCard } from './CaDownloadCard';
import { BackupsPanel } from './BackupsPanel';
import { LoadFailure, SkeletonBlocks } from '../../ui/LoadStates';
import { PageTitle } from '../../ui/PageTitle';
import { SettingsForm } from './SettingsForm';
import { TeamServerPanel } from './TeamServerPanel';
import { useServers, useSettings } from '../../client/servers';

function ServerCard({ server }: { server: ServerStatus }): React.JSX.Element {
  const { t } = useTranslation(['server', 'common']);
  const label = t(`common:environment.${server.environment}`);
  return (
    <Card withBorder radius="md" padding="md" data-testid={`server-${server.environment}`}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {label}
        </Title>
        <Badge color={server.running ? 'teal' : 'red'} variant="light" data-testid="server-state">
          {server.running ? t('card.running') : t('card.stopped')}
        </Badge>
      </Group>
      {server.baseUrl ? (
        <Group gap="xs" wrap="nowrap">
          <Code fz="sm" style={{ flex: 1, wordBreak: 'break-all' }} data-testid="server-base-url">
            {server.baseUrl}
          </Code>
          <CopyButton value={server.baseUrl}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? t('card.copied') : t('card.copy')}>
                <ActionIcon
                  variant="subtle"
                  color={copied ? 'teal' : 'gray'}
                  aria-label={t('card.copyOf', { environment: label.toLowerCase() })}
                  onClick={copy}
                >
                  {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          {t('card.wouldListen', { address: `${server.host}:${server.port}` })}
        </Text>
      )}
      {server.running && server.httpsPort !== null && (
        <Text size="sm" c="dimmed" mt="xs" data-testid="server-https">
          {t('card.https', { port: server.httpsPort })}
        </Text>
      )}
      {server.problem && (
        <Text size="sm" c="red" mt="sm" role="alert">
          {server.problem}
        </Text>
      )}
    </Card>
  );
}

/** Said until the next save: the servers run on defaults, and nothing the user had set is lost. */
function SettingsDamagedAlert({ damage }: { damage: SettingsDamage }): React.JSX.Element {
  const { t } = useTranslation('server');
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle />}
      title={t('damaged.title')}
      data-testid="settings-damaged"
    >
      <Stack gap={4}>
        <Text size="sm">{t('damaged.body')}</Text>
        <Text size="sm">{damage.keptAs ? t('damaged.keptAs', { file: damage.keptAs }) : t('damaged.notMoved')}</Text>
        <Text size="sm" c="dimmed">
          {t('damaged.reason', { reason: damage.reason })}
        </Text>
      </Stack>
    </Alert>
  );
}

export function ServerPage(): React.JSX.Element {
  const { t } = useTranslation('server');
  const servers = useServers();
  const settings = useSettings();
  // Both servers report the same file; it is shown once.
  const damage = servers.data?.find((server) => server.settingsDamaged)?.settingsDamaged ?? null;
  return (
    <Stack>
      <PageTitle title={t('title')} description={t('description')} />
      {servers.isPending && <SkeletonBlocks count={2} height={90} />}
      {servers.isError && <LoadFailure error={servers.error} onRetry={() => void servers.refetch()} />}
      {damage && <SettingsDamagedAlert damage={damage} />}
      {servers.data && (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {servers.data.map((server) => (
            <ServerCard key={server.environment} server={server} />
          ))}
        </SimpleGrid>
      )}
      {settings.isPending && <SkeletonBlocks count={1} height={260} />}
      {settings.isError && <LoadFailure error={settings.error} onRetry={() => void settings.refetch()} />}
      {/* Remounted with what was saved, so the form starts clean from the settings in force. */}
      {settings.data && <SettingsForm settings={settings.data} unsaved={damage !== null} />}
      {settings.data && (
        <TeamServerPanel key={JSON.stringify(settings.data.teamServer ?? null)} settings={settings.data} />
      )}
      <CaDownloadCard />
      <BackupsPanel />
    </Stack>
  );
}
