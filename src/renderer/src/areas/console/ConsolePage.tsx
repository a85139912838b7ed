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
import { CONSOLE_OPERATIONS } from '../../../../shared/admin-schemas';
import { PET_STATUS_WORDS, PET_STATUSES, type PetStatus } from '../../../../shared/pet';
import { BurstView } from './BurstView';
import { ConsoleResponseView } from './ConsoleResponseView';
import { figureOf, FigureInput } from '../../ui/FigureInput';
import { PageTitle } from '../../ui/PageTitle';
import { ENVIRONMENT_LABEL, useEnvironment } from '../../client/EnvironmentProvider';
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

/** The wire's values, each with the word staff know it by (`sold (adopted)`). */
const STATUS_CHOICES = PET_STATUSES.map((value) => ({
  value,
  label: PET_STATUS_WORDS[value] === value ? value : `${value} (${PET_STATUS_WORDS[value]})`,
}));

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
      limit: (value) =>
        value === '' || Number.isInteger(figureOf(value)) ? null : 'A whole number (the API accepts 1 to 100)',
    },
  });
  const { operation } = form.values;

  const issueTestKey = (accountId: number) =>
    issueKey.mutate({ accountId, label: 'API console' }, { onSuccess: ({ key }) => form.setFieldValue('key', key) });

  const runBurst = () => {
    const count = figureOf(form.values.count);
    if (form.validate().hasErrors) return;
    if (!Number.isInteger(count) || count < 1 || count > 500) {
      form.setFieldError('count', 'Between 1 and 500 requests');
      return;
    }
    burst.mutate({ ...requestOf(form.values), count });
  };

  return (
    <Stack>
      <PageTitle
        title="API console"
        description={`Call the ${ENVIRONMENT_LABEL[environment].toLowerCase()} pet API as a client would, and watch its quota at work: headers, 429s, Retry-After and bans.`}
      />
      <Card withBorder radius="md" padding="md">
        <form onSubmit={form.onSubmit((values) => send.mutate(requestOf(values)))}>
          <Stack>
            <Group align="flex-end" wrap="nowrap">
              <TextInput
                label="API key"
                description="Sent as Authorization: Bearer. Leave empty to see the 401."
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
                    Issue a test key
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Label>New key for</Menu.Label>
                  {accounts.data?.length === 0 && <Menu.Item disabled>No accounts yet</Menu.Item>}
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
                Operation
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
                    placeholder="any"
                    clearable
                    data={STATUS_CHOICES}
                    {...form.getInputProps('status')}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <TextInput
                    label="cursor"
                    placeholder='from the Link: rel="next" header'
                    styles={monospace}
                    {...form.getInputProps('cursor')}
                  />
                </Grid.Col>
              </Grid>
            )}
            {operation === 'createPet' && (
              <Textarea
                label="JSON body"
                description="Sent as-is, so malformed bodies can be tried too."
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
                Send
              </Button>
              <Group align="flex-end" gap="xs">
                <FigureInput label="Requests in a burst" w={170} {...form.getInputProps('count')} />
                <Button
                  variant="light"
                  color="orange"
                  leftSection={<IconBolt size={16} />}
                  loading={burst.isPending}
                  onClick={runBurst}
                >
                  Burst
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
