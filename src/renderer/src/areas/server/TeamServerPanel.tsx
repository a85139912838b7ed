import { ActionIcon, Alert, Card, Code, CopyButton, Group, Stack, Switch, Text, Title, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconUsersGroup } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLoopbackHost, type Settings } from '../../../../shared/admin-schemas';
import { DEFAULT_TEAM_PORT } from '../../../../shared/team';
import { describeFailure, SHOWN_IN_PLACE } from '../../client/errors';
import { withProgress } from '../../client/notify';
import { call } from '../../client/transport';
import { figureOf, FigureInput } from '../../ui/FigureInput';

function AddressLine({ url }: { url: string }): React.JSX.Element {
  const { t } = useTranslation('server');
  return (
    <Group gap="xs" wrap="nowrap">
      <Code fz="sm" style={{ flex: 1, wordBreak: 'break-all' }} data-testid="team-url">
        {url}
      </Code>
      <CopyButton value={url}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('card.copied') : t('card.copy')}>
            <ActionIcon
              variant="subtle"
              color={copied ? 'teal' : 'gray'}
              aria-label={t('team.copyOf', { url })}
              onClick={copy}
            >
              {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

/**
 * "This computer is the shelter's server": other desks reach the admin pages over HTTPS
 * at the addresses shown, and compare the code before anyone logs in there.
 */
export function TeamServerPanel({ settings }: { settings: Settings }): React.JSX.Element {
  const { t } = useTranslation('server');
  const queryClient = useQueryClient();
  const team = useQuery({ queryKey: ['team-server'], queryFn: () => call('team.server', {}) });
  const inForce = settings.teamServer ?? { enabled: false, port: DEFAULT_TEAM_PORT };
  const [port, setPort] = useState<number | string>(inForce.port);
  const save = useMutation({
    mutationFn: (enabled: boolean) =>
      withProgress(
        enabled ? t('team.starting') : t('team.stopping'),
        // The address in force was confirmed when it was saved; this save changes only the shelter server.
        () =>
          call('settings.update', {
            ...settings,
            teamServer: { enabled, port: figureOf(port) },
            ...(isLoopbackHost(settings.host) ? {} : { confirmExposure: true as const }),
          }),
        () => (enabled ? t('team.on') : t('team.off')),
        { shownInPlace: SHOWN_IN_PLACE.always },
      ),
    onSettled: () =>
      Promise.all(
        ['settings', 'servers', 'team-server'].map((key) => queryClient.invalidateQueries({ queryKey: [key] })),
      ),
  });
  const serving = team.data?.serving ?? false;
  const failure = save.isError ? describeFailure(save.error) : null;

  return (
    <Card withBorder radius="md" padding="md" maw={640} data-testid="team-server">
      <Stack gap="sm">
        <Group gap="xs">
          <IconUsersGroup size={20} />
          <Title order={2} size="h4">
            {t('team.title')}
          </Title>
        </Group>
        <Text size="sm">{t('team.about')}</Text>
        <Group align="flex-end" wrap="nowrap">
          <Switch
            label={t('team.switch')}
            checked={inForce.enabled}
            disabled={save.isPending}
            onChange={(event) => save.mutate(event.currentTarget.checked)}
          />
          <FigureInput
            label={t('team.port')}
            w={120}
            value={port}
            onChange={setPort}
            disabled={inForce.enabled}
            description={inForce.enabled ? t('team.turnOff') : t('team.portHint')}
          />
        </Group>
        {failure && (
          <Alert color="red" variant="light" title={failure.title} role="alert" data-testid="team-server-error">
            {failure.message}
          </Alert>
        )}
        {serving && team.data && (
          <>
            <Text size="sm" fw={500}>
              {t('team.addresses')}
            </Text>
            {team.data.urls.map((url) => (
              <AddressLine key={url} url={url} />
            ))}
          </>
        )}
        {team.data && (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {serving ? t('team.checkCode') : t('team.willCheck')}
            </Text>
            <Text ff="monospace" fz={30} fw={700} lts={1} data-testid="team-short-code">
              {team.data.shortCode}
            </Text>
            <Text size="xs" c="dimmed">
              {t('team.differs')}
            </Text>
            <Code fz="xs" style={{ wordBreak: 'break-all' }} data-testid="team-fingerprint">
              {team.data.fingerprint}
            </Code>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
