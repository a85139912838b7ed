import { Center, Code, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';

export function AccessDeniedPage(): React.JSX.Element {
  const { t } = useTranslation();
  return (
    <Center mih="100vh" p="lg" component="main">
      <Paper withBorder shadow="sm" p="xl" maw={560} data-testid="access-denied">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" color="orange" aria-hidden>
            <IconLock size={30} />
          </ThemeIcon>
          <Title order={1} size="h2">
            {t('accessDenied.title')}
          </Title>
          <Text>{t('accessDenied.body')}</Text>
          <Text c="dimmed" size="sm">
            <Trans
              t={t}
              i18nKey="accessDenied.hint"
              values={{ example: 'http://127.0.0.1:PORT/admin/#token=…' }}
              components={[<Code key="example" />]}
            />
          </Text>
        </Stack>
      </Paper>
    </Center>
  );
}
