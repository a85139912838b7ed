import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function PageTitle({
  title,
  description,
  actions,
}: {
  title: string;
  description: ReactNode;
  actions?: ReactNode;
}): React.JSX.Element {
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="dimmed" size="sm" maw={720}>
          {description}
        </Text>
      </Stack>
      {actions && <Group gap="sm">{actions}</Group>}
    </Group>
  );
}
