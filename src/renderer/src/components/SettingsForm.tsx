import { Alert, Button, Card, Group, NumberInput, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { SettingsSchema, type Settings } from '../../../shared/admin-schemas';
import { ENVIRONMENT_LABEL } from '../environment';
import { useUpdateSettings } from '../queries/servers';

const LOOPBACK = ['127.0.0.1', '::1', 'localhost'];

export function SettingsForm({ settings }: { settings: Settings }): React.JSX.Element {
  const updateSettings = useUpdateSettings();
  const form = useForm<Settings>({ initialValues: settings, validate: zod4Resolver(SettingsSchema) });
  const exposed = !LOOPBACK.includes(form.values.host.trim());

  return (
    <Card withBorder radius="md" padding="md" maw={640}>
      <form onSubmit={form.onSubmit((values) => updateSettings.mutate(values, { onSuccess: () => form.resetDirty(values) }))}>
        <Stack>
          <Title order={2} size="h4">
            Addresses
          </Title>
          <TextInput label="Host" description="The address the pet API listens on." {...form.getInputProps('host')} />
          {exposed && (
            <Alert color="orange" variant="light" icon={<IconAlertTriangle />}>
              Anything but loopback makes the API reachable from other machines on your network. Keys are still required.
            </Alert>
          )}
          <Group grow align="flex-start">
            <NumberInput label={`${ENVIRONMENT_LABEL.production} port`} min={1} max={65_535} allowDecimal={false} {...form.getInputProps('ports.production')} />
            <NumberInput label={`${ENVIRONMENT_LABEL.staging} port`} min={1} max={65_535} allowDecimal={false} {...form.getInputProps('ports.staging')} />
          </Group>
          <Alert variant="light" color="blue">
            Saving restarts both servers on the new addresses. Clients using the old address must be told.
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" disabled={!form.isDirty()} onClick={() => form.reset()}>
              Undo
            </Button>
            <Button type="submit" disabled={!form.isDirty()} loading={updateSettings.isPending}>
              Save and restart
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
