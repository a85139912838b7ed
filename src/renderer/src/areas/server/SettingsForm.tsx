import { Alert, Button, Card, Checkbox, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { AcmeDirectoryChoice } from './AcmeDirectoryChoice';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { IconAlertTriangle } from '@tabler/icons-react';
import { windowResolver } from '../../ui/zod-words';
import { useTranslation } from 'react-i18next';
import {
  isLoopbackHost,
  LETS_ENCRYPT_DIRECTORIES,
  SettingsSchema,
  type Settings,
} from '../../../../shared/admin-schemas';
import { caFileRefusal, describeFailure } from '../../client/errors';
import { useUpdateSettings } from '../../client/servers';
import { figureOf, FigureInput } from '../../ui/FigureInput';
import { useFollowSaved, useUnsavedChanges } from '../../ui/unsaved-changes';

type SettingsValues = {
  host: string;
  ports: { production: number | string; staging: number | string };
  /** Empty: no HTTPS for that environment. */
  httpsPorts: { production: number | string; staging: number | string };
  /** `caFile` empty: no extra CA (Let's Encrypt needs none). */
  acme: { enabled: boolean; directoryUrl: string; email: string; termsAgreed: boolean; caFile: string };
};

const resolver = windowResolver(SettingsSchema);

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
  const { t } = useTranslation(['server', 'common']);
  const updateSettings = useUpdateSettings();
  const production = t('common:environment.production');
  const staging = t('common:environment.staging');
  const form = useForm<SettingsValues>({
    initialValues: valuesOf(settings),
    validate: (values) => resolver(settingsOf(values)),
  });
  useUnsavedChanges(form.isDirty());
  useFollowSaved(form, valuesOf(settings));
  const exposed = !isLoopbackHost(form.values.host);

  const save = (values: SettingsValues) => {
    const next = settingsOf(values);
    if (isLoopbackHost(next.host)) {
      updateSettings.mutate(next, { onSuccess: () => form.resetDirty(values) });
      return;
    }
    modals.openConfirmModal({
      title: t('settings.exposeTitle'),
      children: <Text size="sm">{t('settings.exposeBody', { host: next.host })}</Text>,
      labels: { confirm: t('settings.exposeConfirm'), cancel: t('common:cancel') },
      confirmProps: { color: 'orange' },
      onConfirm: () =>
        updateSettings.mutate({ ...next, confirmExposure: true }, { onSuccess: () => form.resetDirty(values) }),
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
            {t('settings.addresses')}
          </Title>
          <TextInput label={t('settings.host')} description={t('settings.hostHint')} {...form.getInputProps('host')} />
          {exposed && (
            <Alert color="orange" variant="light" icon={<IconAlertTriangle />}>
              {t('settings.exposed')}
            </Alert>
          )}
          <Group grow align="flex-start">
            <FigureInput
              label={t('settings.port', { environment: production })}
              description={t('settings.portHint')}
              {...form.getInputProps('ports.production')}
            />
            <FigureInput
              label={t('settings.port', { environment: staging })}
              description={t('settings.stagingPortHint')}
              {...form.getInputProps('ports.staging')}
            />
          </Group>
          <Title order={2} size="h4">
            {t('settings.https')}
          </Title>
          <Group grow align="flex-start">
            <FigureInput
              label={t('settings.httpsPort', { environment: production })}
              description={t('settings.httpsPortHint')}
              {...form.getInputProps('httpsPorts.production')}
            />
            <FigureInput
              label={t('settings.httpsPort', { environment: staging })}
              description={t('settings.httpsPortHint')}
              {...form.getInputProps('httpsPorts.staging')}
            />
          </Group>
          <Checkbox
            label={t('settings.acme')}
            description={t('settings.acmeHint')}
            {...form.getInputProps('acme.enabled', { type: 'checkbox' })}
          />
          {form.values.acme.enabled && (
            <>
              <AcmeDirectoryChoice
                value={form.values.acme.directoryUrl}
                onChange={(url) => form.setFieldValue('acme.directoryUrl', url)}
              />
              <TextInput label={t('settings.directory')} {...form.getInputProps('acme.directoryUrl')} />
              <TextInput
                label={t('settings.email')}
                description={t('settings.emailHint')}
                {...form.getInputProps('acme.email')}
              />
              <Checkbox label={t('settings.terms')} {...form.getInputProps('acme.termsAgreed', { type: 'checkbox' })} />
              <TextInput
                label={t('settings.caFile')}
                description={t('settings.caFileHint')}
                placeholder="/home/you/pebble/pebble-cert.pem"
                {...form.getInputProps('acme.caFile')}
                error={caFileProblem ?? form.getInputProps('acme.caFile').error}
              />
            </>
          )}
          <Alert variant="light" color="blue">
            {t('settings.restarts')}
          </Alert>
          {failure && (
            <Alert color="red" variant="light" title={failure.title} role="alert" data-testid="settings-error">
              {failure.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" disabled={!form.isDirty()} onClick={() => form.reset()}>
              {t('settings.undo')}
            </Button>
            <Button type="submit" disabled={!form.isDirty() && !unsaved} loading={updateSettings.isPending}>
              {t('settings.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
