import { Alert, Button, Card, Checkbox, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { AcmeDirectoryChoice } from './AcmeDirectoryChoice';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { IconAlertTriangle } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import {
  isLoopbackHost,
  LETS_ENCRYPT_DIRECTORIES,
  SettingsSchema,
  type Settings,
} from '../../../../shared/admin-schemas';
import { ENVIRONMENT_LABEL } from '../../client/EnvironmentProvider';
import { caFileRefusal, describeFailure } from '../../client/errors';
import { useUpdateSettings } from '../../client/servers';
import { figureOf, FigureInput } from '../../ui/FigureInput';

type SettingsValues = {
  host: string;
  ports: { production: number | string; staging: number | string };
  /** Empty: no HTTPS for that environment. */
  httpsPorts: { production: number | string; staging: number | string };
  /** `caFile` empty: no extra CA (Let's Encrypt needs none). */
  acme: { enabled: boolean; directoryUrl: string; email: string; termsAgreed: boolean; caFile: string };
};

const resolver = zod4Resolver(SettingsSchema);

function valuesOf(settings: Settings): SettingsValues {
  const https = (port: number | null | undefined) => port ?? '';
  return {
    host: settings.host,
    ports: settings.ports,
    httpsPorts: { production: https(settings.httpsPorts?.production), staging: https(settings.httpsPorts?.staging) },
    // Staging first, as the certificates guide says: its limits are far higher while trying things out.
    acme: settings.acme
      ? { enabled: true, ...settings.acme, caFile: settings.acme.caFile ?? '' }
      : { enabled: false, directoryUrl: LETS_ENCRYPT_DIRECTORIES.staging, email: '', termsAgreed: false, caFile: '' },
  };
}

function settingsOf(values: SettingsValues): Settings {
  const https = (port: number | string) => (port === '' ? null : figureOf(port));
  const { enabled, directoryUrl, email, termsAgreed, caFile } = values.acme;
  return {
    host: values.host.trim(),
    ports: { production: figureOf(values.ports.production), staging: figureOf(values.ports.staging) },
    httpsPorts: { production: https(values.httpsPorts.production), staging: https(values.httpsPorts.staging) },
    // The schema says what is missing; `termsAgreed: true` is the only value it accepts.
    acme: enabled
      ? {
          directoryUrl: directoryUrl.trim(),
          email: email.trim(),
          termsAgreed: termsAgreed as true,
          ...(caFile.trim() ? { caFile: caFile.trim() } : {}),
        }
      : null,
  };
}

/** `unsaved`: the settings in force are not the file's (it was damaged), so saving them unchanged is worth it. */
export function SettingsForm({
  settings,
  unsaved = false,
}: {
  settings: Settings;
  unsaved?: boolean;
}): React.JSX.Element {
  const updateSettings = useUpdateSettings();
  const form = useForm<SettingsValues>({
    initialValues: valuesOf(settings),
    validate: (values) => resolver(settingsOf(values)),
  });
  const exposed = !isLoopbackHost(form.values.host);

  const save = (values: SettingsValues) => {
    const next = settingsOf(values);
    if (isLoopbackHost(next.host)) {
      updateSettings.mutate(next);
      return;
    }
    modals.openConfirmModal({
      title: 'Make the pet API reachable from your network?',
      children: (
        <Text size="sm">
          Listening on {next.host} makes the pet API reachable from other machines on your network, not just this
          computer. Keys are still required. The admin pages stay on this computer.
        </Text>
      ),
      labels: { confirm: 'Listen on the network', cancel: 'Cancel' },
      confirmProps: { color: 'orange' },
      onConfirm: () => updateSettings.mutate({ ...next, confirmExposure: true }),
    });
  };

  // A refused CA file is said under its field; any other refusal in the alert below.
  const caFileProblem = caFileRefusal(updateSettings.error);
  const failure = updateSettings.isError && !caFileProblem ? describeFailure(updateSettings.error) : null;

  return (
    <Card withBorder radius="md" padding="md" maw={640}>
      <form onSubmit={form.onSubmit(save)}>
        <Stack>
          <Title order={2} size="h4">
            Addresses
          </Title>
          <TextInput
            label="Host"
            description="The address the pet API listens on: 127.0.0.1 (this computer only), an IP address of this computer, 0.0.0.0 or :: (all of them)."
            {...form.getInputProps('host')}
          />
          {exposed && (
            <Alert color="orange" variant="light" icon={<IconAlertTriangle />}>
              Anything but loopback makes the API reachable from other machines on your network. Keys are still
              required.
            </Alert>
          )}
          <Group grow align="flex-start">
            <FigureInput
              label={`${ENVIRONMENT_LABEL.production} port`}
              description="1 to 65535"
              {...form.getInputProps('ports.production')}
            />
            <FigureInput
              label={`${ENVIRONMENT_LABEL.staging} port`}
              description="1 to 65535, not the production one"
              {...form.getInputProps('ports.staging')}
            />
          </Group>
          <Title order={2} size="h4">
            Sites over HTTPS
          </Title>
          <Group grow align="flex-start">
            <FigureInput
              label={`${ENVIRONMENT_LABEL.production} HTTPS port`}
              description="Empty: HTTP only"
              {...form.getInputProps('httpsPorts.production')}
            />
            <FigureInput
              label={`${ENVIRONMENT_LABEL.staging} HTTPS port`}
              description="Empty: HTTP only"
              {...form.getInputProps('httpsPorts.staging')}
            />
          </Group>
          <Checkbox
            label="Get certificates from an ACME CA (Let’s Encrypt) instead of the local CA"
            description="The domains must reach this computer on port 80 from the internet for the CA’s HTTP-01 check."
            {...form.getInputProps('acme.enabled', { type: 'checkbox' })}
          />
          {form.values.acme.enabled && (
            <>
              <AcmeDirectoryChoice
                value={form.values.acme.directoryUrl}
                onChange={(url) => form.setFieldValue('acme.directoryUrl', url)}
              />
              <TextInput label="ACME directory URL" {...form.getInputProps('acme.directoryUrl')} />
              <TextInput
                label="Contact email"
                description="The CA sends expiry notices here."
                {...form.getInputProps('acme.email')}
              />
              <Checkbox
                label="I agree to the CA’s terms of service"
                {...form.getInputProps('acme.termsAgreed', { type: 'checkbox' })}
              />
              <TextInput
                label="Extra CA file (PEM)"
                description="Only for a test CA such as Pebble: the full path of the certificate its directory is served with. Leave empty for Let’s Encrypt."
                placeholder="/home/you/pebble/pebble-cert.pem"
                {...form.getInputProps('acme.caFile')}
                error={caFileProblem ?? form.getInputProps('acme.caFile').error}
              />
            </>
          )}
          <Alert variant="light" color="blue">
            Saving restarts the servers whose address changed. If one cannot start there, nothing is saved and both keep
            their addresses. Clients using the old address must be told.
          </Alert>
          {failure && (
            <Alert color="red" variant="light" title={failure.title} role="alert" data-testid="settings-error">
              {failure.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" disabled={!form.isDirty()} onClick={() => form.reset()}>
              Undo
            </Button>
            <Button type="submit" disabled={!form.isDirty() && !unsaved} loading={updateSettings.isPending}>
              Save and restart
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
