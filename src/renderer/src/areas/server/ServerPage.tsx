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
import type { ServerStatus, SettingsDamage } from '../../../../shared/admin-contract';
import { CaDownloadCard } from './CaDownloadCard';
import { BackupsPanel } from './BackupsPanel';
import { LoadFailure, SkeletonBlocks } from '../../ui/LoadStates';
import { PageTitle } from '../../ui/PageTitle';
import { SettingsForm } from './SettingsForm';
import { TeamServerPanel } from './TeamServerPanel';
import { ENVIRONMENT_LABEL } from '../../client/EnvironmentProvider';
import { useServers, useSettings } from '../../client/servers';

function ServerCard({ server }: { server: ServerStatus }): React.JSX.Element {
  const label = ENVIRONMENT_LABEL[server.environment];
  return (
    <Card withBorder radius="md" padding="md" data-testid={`server-${server.environment}`}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {label}
        </Title>
        <Badge color={server.running ? 'teal' : 'red'} variant="light" data-testid="server-state">
          {server.running ? 'running' : 'stopped'}
        </Badge>
      </Group>
      {server.baseUrl ? (
        <Group gap="xs" wrap="nowrap">
          <Code fz="sm" style={{ flex: 1, wordBreak: 'break-all' }} data-testid="server-base-url">
            {server.baseUrl}
          </Code>
          <CopyButton value={server.baseUrl}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? 'Copied' : 'Copy address'}>
                <ActionIcon
                  variant="subtle"
                  color={copied ? 'teal' : 'gray'}
                  aria-label={`Copy the ${label.toLowerCase()} address`}
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
          Would listen on {server.host}:{server.port}
        </Text>
      )}
      {server.running && server.httpsPort !== null && (
        <Text size="sm" c="dimmed" mt="xs" data-testid="server-https">
          Sites over HTTPS on port {server.httpsPort}
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
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle />}
      title="The saved settings could not be used"
      data-testid="settings-damaged"
    >
      <Stack gap={4}>
        <Text size="sm">
          The settings file was damaged, so the servers started with the default settings, without any HTTPS ports or
          ACME CA you had set. Check the settings below and save them: that writes a new settings file.
        </Text>
        <Text size="sm">
          {damage.keptAs
            ? `The damaged file was kept as ${damage.keptAs}.`
            : 'The damaged file could not be moved aside: saving replaces it.'}
        </Text>
        <Text size="sm" c="dimmed">
          What was wrong: {damage.reason}
        </Text>
      </Stack>
    </Alert>
  );
}

export function ServerPage(): React.JSX.Element {
  const servers = useServers();
  const settings = useSettings();
  // Both servers report the same file; it is shown once.
  const damage = servers.data?.find((server) => server.settingsDamaged)?.settingsDamaged ?? null;
  return (
    <Stack>
      <PageTitle
        title="Server"
        description="The embedded pet API: one server per environment, each with its own database and port. Clients call the base address below."
      />
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
      {settings.data && (
        <SettingsForm key={JSON.stringify(settings.data)} settings={settings.data} unsaved={damage !== null} />
      )}
      {settings.data && (
        <TeamServerPanel key={JSON.stringify(settings.data.teamServer ?? null)} settings={settings.data} />
      )}
      <CaDownloadCard />
      <BackupsPanel />
    </Stack>
  );
}
