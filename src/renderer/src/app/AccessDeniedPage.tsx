import { Center, Code, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';

export function AccessDeniedPage(): React.JSX.Element {
  return (
    <Center mih="100vh" p="lg" component="main">
      <Paper withBorder shadow="sm" p="xl" maw={560} data-testid="access-denied">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" color="orange" aria-hidden>
            <IconLock size={30} />
          </ThemeIcon>
          <Title order={1} size="h2">
            This address has no access token
          </Title>
          <Text>
            Open the admin pages' address that the server printed when it started: it carries the access token. Staff of
            a shelter server log in at the shelter server's address instead.
          </Text>
          <Text c="dimmed" size="sm">
            It looks like <Code>http://127.0.0.1:PORT/admin/#token=…</Code>. The token is kept for this tab only, so a
            reload works but a new tab or a bookmark needs that address again, and a restarted server prints a new one.
          </Text>
        </Stack>
      </Paper>
    </Center>
  );
}
