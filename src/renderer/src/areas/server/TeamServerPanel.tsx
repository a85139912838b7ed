import { ActionIcon, Alert, Card, Code, CopyButton, Group, Stack, Switch, Text, Title, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconUsersGroup } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isLoopbackHost, type Settings } from '../../../../shared/admin-schemas';
import { DEFAULT_TEAM_PORT } from '../../../../shared/team';
import { describeFailure, SHOWN_IN_PLACE } from '../../client/errors';
import { withProgress } from '../../client/notify';
import { call } from '../../client/transport';
import { figureOf, FigureInput } from '../../ui/FigureInput';

function AddressLine({ url }: { url: string }): React.JSX.Element {
  return (
    <Group gap="xs" wrap="nowrap">
      <Code fz="sm" style={{ flex: 1, wordBreak: 'break-all' }} data-testid="team-url">
        {url}
      </Code>
      <CopyButton value={url}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copied' : 'Copy address'}>
            <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} aria-label={`Copy ${url}`} onClick={copy}>
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
  const queryClient = useQueryClient();
  const team = useQuery({ queryKey: ['team-server'], queryFn: () => call('team.server', {}) });
  const inForce = settings.teamServer ?? { enabled: false, port: DEFAULT_TEAM_PORT };
  const [port, setPort] = useState<number | string>(inForce.port);
  const save = useMutation({
    mutationFn: (enabled: boolean) =>
      withProgress(
        enabled ? 'Starting the shelter server…' : 'Stopping the shelter server…',
        // The address in force was confirmed when it was saved; this save changes only the shelter server.
        () =>
          call('settings.update', {
            ...settings,
            teamServer: { enabled, port: figureOf(port) },
            ...(isLoopbackHost(settings.host) ? {} : { confirmExposure: true as const }),
          }),
        () =>
          enabled
            ? 'The shelter server is on.'
            : 'The shelter server is off: only this computer reaches the admin pages.',
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
            Shelter server
          </Title>
        </Group>
        <Text size="sm">
          Let the other computers of the shelter open these admin pages over a secure connection. Each member of staff
          logs in with their own account; nothing is stored anywhere but here.
        </Text>
        <Group align="flex-end" wrap="nowrap">
          <Switch
            label="This computer is the shelter’s server"
            checked={inForce.enabled}
            disabled={save.isPending}
            onChange={(event) => save.mutate(event.currentTarget.checked)}
          />
          <FigureInput
            label="Port"
            w={120}
            value={port}
            onChange={setPort}
            disabled={inForce.enabled}
            description={inForce.enabled ? 'Turn off to change' : '1 to 65535'}
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
              On the other computers, open one of these addresses in a browser, or type it when Adoption Desk asks which
              shelter server to connect to:
            </Text>
            {team.data.urls.map((url) => (
              <AddressLine key={url} url={url} />
            ))}
          </>
        )}
        {team.data && (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {serving
                ? 'Before logging in on another computer, check that it shows this code:'
                : 'The code other computers will check:'}
            </Text>
            <Text ff="monospace" fz={30} fw={700} lts={1} data-testid="team-short-code">
              {team.data.shortCode}
            </Text>
            <Text size="xs" c="dimmed">
              If the code differs, do not log in: another computer is answering in this one’s place. Browsers trust the
              connection once the certificate authority below is added to their trust store. Its full fingerprint:
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
