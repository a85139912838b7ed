import {
  Button,
  Checkbox,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  STAFF_NOTICE_KINDS,
  TEMPLATE_KINDS,
  type AutomationSettings,
  type StaffNotice,
  type StaffNoticeKind,
  type TemplateKind,
} from '../../../../shared/mail-templates';
import { LoadFailure, SkeletonBlocks } from '../../ui/LoadStates';
import { useAutomation, useSetAutomation, useSetNotice } from './queries';

/** Which automatic messages go out, the follow-up's delay and questions, and the staff notices each member wants. */
export function AutomationPanel(): React.JSX.Element {
  const { t } = useTranslation('outbox');
  const automation = useAutomation();
  if (automation.isPending) return <SkeletonBlocks count={3} height={40} />;
  if (automation.isError) return <LoadFailure error={automation.error} onRetry={() => void automation.refetch()} />;
  const { settings, notices } = automation.data;
  return (
    <Stack gap="md" data-testid="automation-panel">
      <SettingsForm key={JSON.stringify(settings)} settings={settings} />
      <Title order={4}>{t('automation.noticesTitle')}</Title>
      <Text size="sm" c="dimmed">
        {t('automation.noticesHelp')}
      </Text>
      {notices.length === 0 ? (
        <Text c="dimmed">{t('automation.noStaff')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('automation.member')}</Table.Th>
                <Table.Th>{t('automation.address')}</Table.Th>
                {STAFF_NOTICE_KINDS.map((kind) => (
                  <Table.Th key={kind}>{t(`kinds.${kind}`)}</Table.Th>
                ))}
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {notices.map((notice) => (
                <NoticeRow key={`${notice.staffId}-${notice.address ?? ''}-${notice.kinds.join()}`} notice={notice} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function SettingsForm({ settings }: { settings: AutomationSettings }): React.JSX.Element {
  const { t } = useTranslation('outbox');
  const [days, setDays] = useState<number>(settings.followUpDays);
  const [questions, setQuestions] = useState(settings.followUpQuestions.join('\n'));
  const [disabled, setDisabled] = useState<TemplateKind[]>(settings.disabled);
  const save = useSetAutomation();
  return (
    <Stack gap="sm">
      <Group wrap="wrap" align="flex-start">
        <NumberInput
          label={t('automation.followUpDays')}
          min={1}
          max={365}
          value={days}
          onChange={(value) => setDays(typeof value === 'number' ? value : Number(value) || 1)}
          w={200}
        />
        <Textarea
          label={t('automation.followUpQuestions')}
          description={t('automation.followUpQuestionsHelp')}
          value={questions}
          onChange={(event) => setQuestions(event.currentTarget.value)}
          autosize
          minRows={2}
          maxRows={6}
          style={{ flex: 1, minWidth: 260 }}
        />
      </Group>
      <Text size="sm" fw={500}>
        {t('automation.kindsOn')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={4}>
        {TEMPLATE_KINDS.map((kind) => (
          <Checkbox
            key={kind}
            label={t(`kinds.${kind}`)}
            checked={!disabled.includes(kind)}
            onChange={(event) => {
              const on = event.currentTarget.checked;
              setDisabled((current) => (on ? current.filter((other) => other !== kind) : [...current, kind]));
            }}
          />
        ))}
      </SimpleGrid>
      <Group>
        <Button
          onClick={() =>
            save.mutate({
              followUpDays: days,
              followUpQuestions: questions
                .split('\n')
                .map((question) => question.trim())
                .filter((question) => question !== ''),
              disabled,
            })
          }
        >
          {t('automation.save')}
        </Button>
      </Group>
    </Stack>
  );
}

function NoticeRow({ notice }: { notice: StaffNotice }): React.JSX.Element {
  const { t } = useTranslation('outbox');
  const [address, setAddress] = useState(notice.address ?? '');
  const [kinds, setKinds] = useState<StaffNoticeKind[]>(notice.kinds);
  const save = useSetNotice();
  return (
    <Table.Tr>
      <Table.Td>{notice.name}</Table.Td>
      <Table.Td>
        <TextInput
          aria-label={t('automation.address')}
          type="email"
          value={address}
          onChange={(event) => setAddress(event.currentTarget.value)}
          size="xs"
        />
      </Table.Td>
      {STAFF_NOTICE_KINDS.map((kind) => (
        <Table.Td key={kind}>
          <Checkbox
            aria-label={t(`kinds.${kind}`)}
            checked={kinds.includes(kind)}
            onChange={(event) => {
              const on = event.currentTarget.checked;
              setKinds((current) => (on ? [...current, kind] : current.filter((other) => other !== kind)));
            }}
          />
        </Table.Td>
      ))}
      <Table.Td>
        <Button
          size="xs"
          variant="light"
          onClick={() =>
            save.mutate({ staffId: notice.staffId, address: address.trim() === '' ? null : address.trim(), kinds })
          }
        >
          {t('automation.saveNotice')}
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}
