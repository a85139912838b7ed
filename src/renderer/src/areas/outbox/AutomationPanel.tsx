import { Button, Checkbox, Group, SimpleGrid, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import {
  AutomationSettingsSchema,
  STAFF_NOTICE_KINDS,
  TEMPLATE_KINDS,
  type AutomationSettings,
  type StaffNotice,
  type StaffNoticeKind,
  type TemplateKind,
} from '../../../../shared/mail-templates';
import { figureOf, FigureInput } from '../../ui/FigureInput';
import { LoadFailure, SkeletonBlocks } from '../../ui/LoadStates';
import { useDraft, useFollowSaved, useUnsavedChanges, type DraftOf } from '../../ui/unsaved-changes';
import { windowResolver } from '../../ui/zod-words';
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
      <SettingsForm settings={settings} />
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
                <NoticeRow key={notice.staffId} notice={notice} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

interface SettingsValues {
  /** As typed: '' while the field is empty, refused under it on Save (never turned into 1). */
  followUpDays: number | string;
  /** One question a line. */
  questions: string;
  disabled: TemplateKind[];
}

function valuesOf(settings: AutomationSettings): SettingsValues {
  return {
    followUpDays: settings.followUpDays,
    questions: settings.followUpQuestions.join('\n'),
    disabled: settings.disabled,
  };
}

function settingsOf(values: SettingsValues): AutomationSettings {
  return {
    followUpDays: figureOf(values.followUpDays),
    followUpQuestions: values.questions
      .split('\n')
      .map((question) => question.trim())
      .filter((question) => question !== ''),
    disabled: values.disabled,
  };
}

const checkSettings = windowResolver(AutomationSettingsSchema);

/** The shared schema's verdict, under the field it is about (a question's under the questions). */
function validateSettings(values: SettingsValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(checkSettings(settingsOf(values))))
    errors[path.startsWith('followUpQuestions') ? 'questions' : path] ??= message;
  return errors;
}

function SettingsForm({ settings }: { settings: AutomationSettings }): React.JSX.Element {
  const { t } = useTranslation('outbox');
  const form = useForm<SettingsValues>({ initialValues: valuesOf(settings), validate: validateSettings });
  useUnsavedChanges(form.isDirty());
  useFollowSaved(form, valuesOf(settings));
  const save = useSetAutomation();
  const { disabled } = form.values;
  return (
    <form
      onSubmit={form.onSubmit((values) =>
        save.mutate(settingsOf(values), { onSuccess: () => form.resetDirty(values) }),
      )}
      noValidate
    >
      <Stack gap="sm">
        <Group wrap="wrap" align="flex-start">
          <FigureInput label={t('automation.followUpDays')} w={200} {...form.getInputProps('followUpDays')} />
          <Textarea
            label={t('automation.followUpQuestions')}
            description={t('automation.followUpQuestionsHelp')}
            autosize
            minRows={2}
            maxRows={6}
            style={{ flex: 1, minWidth: 260 }}
            {...form.getInputProps('questions')}
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
                form.setFieldValue('disabled', (current) =>
                  on ? current.filter((other) => other !== kind) : [...current, kind],
                );
              }}
            />
          ))}
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('automation.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A member's notices as saved, and as typed in their row. */
type NoticeChoice = Pick<StaffNotice, 'address' | 'kinds'>;
interface NoticeDraft {
  address: string;
  kinds: StaffNoticeKind[];
}

const NOTICE_DRAFT: DraftOf<NoticeChoice, NoticeDraft> = {
  draftOf: (notice) => ({ address: notice.address ?? '', kinds: notice.kinds }),
  savedOf: (draft) => ({ address: draft.address.trim() === '' ? null : draft.address.trim(), kinds: draft.kinds }),
  same: (one, other) =>
    one.address === other.address &&
    one.kinds.length === other.kinds.length &&
    one.kinds.every((kind) => other.kinds.includes(kind)),
};

function NoticeRow({ notice }: { notice: StaffNotice }): React.JSX.Element {
  const { t } = useTranslation('outbox');
  // Saved elsewhere (or by this row): shown when nothing typed would be lost.
  const [draft, setDraft] = useDraft(notice, NOTICE_DRAFT);
  const { address, kinds } = draft;
  const save = useSetNotice();
  return (
    <Table.Tr>
      <Table.Td>{notice.name}</Table.Td>
      <Table.Td>
        <TextInput
          aria-label={t('automation.address')}
          type="email"
          value={address}
          onChange={(event) => {
            const typed = event.currentTarget.value;
            setDraft((current) => ({ ...current, address: typed }));
          }}
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
              setDraft((current) => ({
                ...current,
                kinds: on ? [...current.kinds, kind] : current.kinds.filter((other) => other !== kind),
              }));
            }}
          />
        </Table.Td>
      ))}
      <Table.Td>
        <Button
          size="xs"
          variant="light"
          onClick={() => save.mutate({ staffId: notice.staffId, ...NOTICE_DRAFT.savedOf(draft) })}
        >
          {t('automation.saveNotice')}
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}
