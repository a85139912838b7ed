import {
  Button,
  Card,
  Grid,
  Group,
  Menu,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconBolt, IconKey, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CONSOLE_OPERATIONS } from '../../../../shared/admin-schemas';
import { PET_STATUSES, type PetStatus } from '../../../../shared/pet';
import { BurstView } from './BurstView';
import { ConsoleResponseView } from './ConsoleResponseView';
import { figureOf, FigureInput } from '../../ui/FigureInput';
import { PageTitle } from '../../ui/PageTitle';
import { useEnvironment } from '../../client/EnvironmentProvider';
import { useAccounts } from '../../client/accounts';
import { useIssueKey } from '../../client/api-keys';
import { useBurst, useSendRequest, type ConsoleCall } from './queries';

type Operation = (typeof CONSOLE_OPERATIONS)[number];

type ConsoleValues = {
  key: string;
  operation: Operation;
  limit: number | string;
  status: PetStatus | null;
  cursor: string;
  petId: string;
  body: string;
  count: number | string;
};

const monospace = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

const OPERATION_LABEL: Record<Operation, string> = {
  listPets: 'GET /pets',
  createPet: 'POST /pets',
  getPet: 'GET /pets/{petId}',
};

function requestOf(values: ConsoleValues): ConsoleCall {
  const base = { operation: values.operation, key: values.key.trim() };
  if (values.operation === 'createPet') return { ...base, body: values.body };
  if (values.operation === 'getPet') return { ...base, petId: values.petId.trim() };
  return {
    ...base,
    ...(values.limit !== '' ? { limit: figureOf(values.limit) } : {}),
    ...(values.status ? { status: values.status } : {}),
    ...(values.cursor.trim() ? { cursor: values.cursor.trim() } : {}),
  };
}

/** A fresh console per environment: answers and keys of one never linger under the other. */
export function ConsolePage(): React.JSX.Element {
  const environment = useEnvironment();
  return <ApiConsole key={environment} />;
}

function ApiConsole(): React.JSX.Element {
  const { t } = useTranslation('console');
  const environment = useEnvironment();
  const accounts = useAccounts();
  const issueKey = useIssueKey();
  const send = useSendRequest();
  const burst = useBurst();
  const form = useForm<ConsoleValues>({
    initialValues: {
      key: '',
      operation: 'listPets',
      limit: 20,
      status: null,
      cursor: '',
      petId: '1',
      body: '{\n  "name": "Biscuit",\n  "categoryId": 1\n}',
      count: 80,
    },
    validate: {
      limit: (value) => (value === '' || Number.isInteger(figureOf(value)) ? null : t('limitError')),
    },
  });
  const { operation } = form.values;

  const issueTestKey = (accountId: number) =>
    issueKey.mutate(
      { accountId, label: t('testKeyLabel') },
      { onSuccess: ({ key }) => form.setFieldValue('key', key) },
    );

  const runBurst = () => {
    const count = figureOf(form.values.count);
    if (form.validate().hasErrors) return;
    if (!Number.isInteger(count) || count < 1 || count > 500) {
      form.setFieldError('count', t('countError'));
      return;
    }
    burst.mutate({ ...requestOf(form.values), count });
  };

  return (
    <Stack>
      <PageTitle title={t('title')} description={t('description', { context: environment })} />
      <Card withBorder radius="md" padding="md">
        <form onSubmit={form.onSubmit((values) => send.mutate(requestOf(values)))}>
          <Stack>
            <Group align="flex-end" wrap="nowrap">
              <TextInput
                label={t('apiKey')}
                description={t('apiKeyHelp')}
                placeholder={environment === 'production' ? 'adk_live_…' : 'adk_test_…'}
                styles={monospace}
                autoComplete="off"
                spellCheck={false}
                style={{ flex: 1 }}
                data-testid="console-key"
                {...form.getInputProps('key')}
              />
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <Button variant="default" leftSection={<IconKey size={16} />} loading={issueKey.isPending}>
                    {t('issueTestKey')}
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Label>{t('newKeyFor')}</Menu.Label>
                  {accounts.data?.length === 0 && <Menu.Item disabled>{t('noAccounts')}</Menu.Item>}
                  {accounts.data?.map((account) => (
                    <Menu.Item key={account.id} onClick={() => issueTestKey(account.id)}>
                      {account.name}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
            </Group>
            <Stack gap={4}>
              <Text size="sm" fw={500} id="console-operation">
                {t('operation')}
              </Text>
              <SegmentedControl<Operation>
                aria-labelledby="console-operation"
                data={CONSOLE_OPERATIONS.map((value) => ({ value, label: `${value} · ${OPERATION_LABEL[value]}` }))}
                {...form.getInputProps('operation')}
              />
            </Stack>
            {operation === 'listPets' && (
              <Grid>
                <Grid.Col span={{ base: 12, sm: 3 }}>
                  <FigureInput label="limit" {...form.getInputProps('limit')} />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 3 }}>
                  <Select<PetStatus>
                    label="status"
                    placeholder={t('any')}
                    clearable
                    data={PET_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) }))}
                    {...form.getInputProps('status')}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <TextInput
                    label="cursor"
                    placeholder={t('cursorPlaceholder')}
                    styles={monospace}
                    {...form.getInputProps('cursor')}
                  />
                </Grid.Col>
              </Grid>
            )}
            {operation === 'createPet' && (
              <Textarea
                label={t('body')}
                description={t('bodyHelp')}
                autosize
                minRows={4}
                maxRows={14}
                styles={monospace}
                spellCheck={false}
                {...form.getInputProps('body')}
              />
            )}
            {operation === 'getPet' && (
              <TextInput label="petId" styles={monospace} w={220} {...form.getInputProps('petId')} />
            )}
            <Group justify="space-between" align="flex-end">
              <Button type="submit" leftSection={<IconSend size={16} />} loading={send.isPending}>
                {t('send')}
              </Button>
              <Group align="flex-end" gap="xs">
                <FigureInput label={t('burstCount')} w={170} {...form.getInputProps('count')} />
                <Button
                  variant="light"
                  color="orange"
                  leftSection={<IconBolt size={16} />}
                  loading={burst.isPending}
                  onClick={runBurst}
                >
                  {t('burst')}
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      </Card>
      {send.data && <ConsoleResponseView response={send.data} />}
      {burst.data && <BurstView result={burst.data} />}
    </Stack>
  );
}
