import {
  Button,
  Checkbox,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FORM_KINDS,
  QUESTION_TYPES,
  STANDARD_QUESTIONS,
  type CustomQuestion,
  type FormKind,
  type FormSettings,
  type FrontDoorForm,
  type QuestionType,
} from '../../../../shared/front-door';
import { useAction } from '../../client/action';
import { useEnvironment } from '../../client/EnvironmentProvider';
import { call } from '../../client/transport';
import { windowI18n } from '../../i18n/i18n';
import { figureOf, FigureInput } from '../../ui/FigureInput';
import { useGuardedChoice, useUnsavedChanges } from '../../ui/unsaved-changes';

const DAYS_IN_WEEK = 7;

/** One question of the shelter's own as edited: its options one per line until saved. */
interface OwnQuestion {
  id: string;
  label: string;
  type: QuestionType;
  required: boolean;
  options: string;
}

/** The form as edited: nothing reaches the engine until Save, and then all of it in one call. */
interface Draft {
  open: boolean;
  standard: Record<string, { asked: boolean; required: boolean }>;
  custom: OwnQuestion[];
  consentText: string;
  /** Null while the stored period is kept as it is (it may not be whole weeks); else as typed. */
  retentionWeeks: number | string | null;
  retentionDays: number;
  limits: FormSettings['limits'];
}

function draftOf(form: FrontDoorForm): Draft {
  const standard = Object.fromEntries(
    STANDARD_QUESTIONS.map((question) => {
      const kept = form.standard.find((entry) => entry.question === question);
      return [question, { asked: kept !== undefined, required: kept?.required ?? false }];
    }),
  );
  return {
    open: form.open,
    standard,
    custom: form.custom.map((question) => ({ ...question, options: (question.options ?? []).join('\n') })),
    consentText: form.consentText ?? '',
    retentionWeeks: null,
    retentionDays: form.retentionDays,
    limits: form.limits,
  };
}

function optionsOf(question: OwnQuestion): string[] {
  return question.options
    .split('\n')
    .map((option) => option.trim())
    .filter((option) => option !== '');
}

function settingsOf(draft: Draft): FormSettings {
  return {
    open: draft.open,
    standard: STANDARD_QUESTIONS.filter((question) => draft.standard[question]?.asked).map((question) => ({
      question,
      required: draft.standard[question]?.required ?? false,
    })),
    custom: draft.custom.map(({ id, label, type, required, ...question }): CustomQuestion => ({
      id,
      label: label.trim(),
      type,
      required,
      ...(type === 'choice' ? { options: optionsOf({ id, label, type, required, ...question }) } : {}),
    })),
    consentText: draft.consentText.trim() === '' ? null : draft.consentText.trim(),
    retentionDays: draft.retentionWeeks === null ? draft.retentionDays : figureOf(draft.retentionWeeks) * DAYS_IN_WEEK,
    limits: draft.limits,
  };
}

/** The weeks a declined submission may be kept: from one week to ten years. */
const RETENTION_WEEKS = { min: 1, max: 520 };

/**
 * What the window refuses to send: by question id, a question with no words or a choice with fewer
 * than two options; under `retention`, weeks typed that are not a whole number in range.
 */
function problemsOf(draft: Draft): Record<string, 'label' | 'options' | 'range'> {
  const problems: Record<string, 'label' | 'options' | 'range'> = {};
  if (draft.retentionWeeks !== null) {
    const weeks = figureOf(draft.retentionWeeks);
    if (!Number.isInteger(weeks) || weeks < RETENTION_WEEKS.min || weeks > RETENTION_WEEKS.max)
      problems.retention = 'range';
  }
  for (const question of draft.custom)
    if (question.label.trim() === '') problems[question.id] = 'label';
    else if (question.type === 'choice' && optionsOf(question).length < 2) problems[question.id] = 'options';
  return problems;
}

function newQuestionId(): string {
  // Stable across edits and never one of our standard questions' names.
  return `own-${crypto.randomUUID().slice(0, 8)}`;
}

/** Which public form's questions the shelter edits: apply to adopt, or offer to foster. */
export function FormSettingsPanel(): React.JSX.Element {
  const { t } = useTranslation('incoming');
  const [kind, setKind] = useGuardedChoice<FormKind>('apply');
  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label={t('forms.which')}
        value={kind}
        onChange={setKind}
        data={FORM_KINDS.map((value) => ({ value, label: t(`forms.kind.${value}`) }))}
        w="fit-content"
      />
      <FormEditor key={kind} kind={kind} />
    </Stack>
  );
}

function FormEditor({ kind }: { kind: FormKind }): React.JSX.Element | null {
  const environment = useEnvironment();
  const form = useQuery({
    queryKey: [environment, 'applications', 'form', kind],
    queryFn: () => call('forms.get', { environment, kind }),
  });
  if (!form.data) return null;
  return <FormDraft kind={kind} form={form.data} />;
}

function FormDraft({ kind, form }: { kind: FormKind; form: FrontDoorForm }): React.JSX.Element {
  const { t } = useTranslation('incoming');
  // Taken once: a change heard while editing does not overwrite what is being typed.
  const [draft, setDraft] = useState<Draft>(() => draftOf(form));
  /** The form as loaded, then as last saved: the draft differs from it while changes are unsaved. */
  const [savedDraft, setSavedDraft] = useState<Draft>(draft);
  useUnsavedChanges(JSON.stringify(draft) !== JSON.stringify(savedDraft));
  const [tried, setTried] = useState(false);
  const save = useAction({
    run: (settings: FormSettings, environment) => call('forms.set', { environment, kind, form: settings }),
    progress: () => windowI18n.t('incoming:saving'),
    success: () => windowI18n.t('incoming:forms.saved'),
    invalidates: ['applications', 'pets'],
  });
  const problems = problemsOf(draft);
  const change = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));
  const changeQuestion = (id: string, patch: Partial<OwnQuestion>) =>
    change({ custom: draft.custom.map((question) => (question.id === id ? { ...question, ...patch } : question)) });
  const submit = () => {
    setTried(true);
    if (Object.keys(problems).length === 0) save.mutate(settingsOf(draft), { onSuccess: () => setSavedDraft(draft) });
  };
  return (
    <Stack gap="md" component="form" onSubmit={(event) => (event.preventDefault(), submit())}>
      <Switch
        label={t('forms.open')}
        checked={draft.open}
        onChange={(event) => change({ open: event.currentTarget.checked })}
      />
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="xs">
          {t('forms.standardTitle')}
        </Title>
        <Table aria-label={t('forms.standardTitle')}>
          <Table.Tbody>
            {STANDARD_QUESTIONS.map((question) => {
              const shown = draft.standard[question] ?? { asked: false, required: false };
              const set = (patch: Partial<typeof shown>) =>
                change({ standard: { ...draft.standard, [question]: { ...shown, ...patch } } });
              return (
                <Table.Tr key={question}>
                  <Table.Td>{t(`question.${question}`)}</Table.Td>
                  <Table.Td>
                    <Checkbox
                      label={t('forms.asked')}
                      aria-label={t('forms.askedOf', { question: t(`question.${question}`) })}
                      checked={shown.asked}
                      onChange={(event) => set({ asked: event.currentTarget.checked })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Checkbox
                      label={t('forms.required')}
                      aria-label={t('forms.requiredOf', { question: t(`question.${question}`) })}
                      checked={shown.asked && shown.required}
                      disabled={!shown.asked}
                      onChange={(event) => set({ required: event.currentTarget.checked })}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Paper>
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="xs">
          {t('forms.ownTitle')}
        </Title>
        <Stack gap="sm">
          {draft.custom.length === 0 && <Text c="dimmed">{t('forms.ownNone')}</Text>}
          {draft.custom.map((question, index) => (
            <Group
              key={question.id}
              align="flex-start"
              wrap="wrap"
              role="group"
              aria-label={t('forms.ownNumber', { number: index + 1 })}
            >
              <TextInput
                label={t('forms.questionLabel')}
                value={question.label}
                onChange={(event) => changeQuestion(question.id, { label: event.currentTarget.value })}
                error={tried && problems[question.id] === 'label' ? t('forms.labelMissing') : undefined}
                maxLength={300}
                w={300}
              />
              <Select
                label={t('forms.type')}
                data={QUESTION_TYPES.map((value) => ({ value, label: t(`forms.types.${value}`) }))}
                value={question.type}
                onChange={(value) => value && changeQuestion(question.id, { type: value as QuestionType })}
                allowDeselect={false}
                w={150}
              />
              {question.type === 'choice' && (
                <Textarea
                  label={t('forms.options')}
                  description={t('forms.optionsHint')}
                  value={question.options}
                  onChange={(event) => changeQuestion(question.id, { options: event.currentTarget.value })}
                  error={tried && problems[question.id] === 'options' ? t('forms.optionsMissing') : undefined}
                  autosize
                  minRows={2}
                  w={220}
                />
              )}
              <Checkbox
                mt={30}
                label={t('forms.required')}
                checked={question.required}
                onChange={(event) => changeQuestion(question.id, { required: event.currentTarget.checked })}
              />
              <Button
                mt={24}
                variant="subtle"
                color="red"
                size="xs"
                onClick={() => change({ custom: draft.custom.filter((other) => other.id !== question.id) })}
              >
                {t('forms.remove')}
              </Button>
            </Group>
          ))}
          <Group>
            <Button
              variant="light"
              size="xs"
              onClick={() =>
                change({
                  custom: [
                    ...draft.custom,
                    { id: newQuestionId(), label: '', type: 'yesNo', required: true, options: '' },
                  ],
                })
              }
            >
              {t('forms.add')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Textarea
            label={t('forms.consent')}
            description={t('forms.consentHint')}
            value={draft.consentText}
            onChange={(event) => change({ consentText: event.currentTarget.value })}
            maxLength={2000}
            autosize
            minRows={2}
          />
          <FigureInput
            label={t('forms.retention')}
            description={t('forms.retentionHint')}
            value={draft.retentionWeeks ?? draft.retentionDays / DAYS_IN_WEEK}
            onChange={(value) => change({ retentionWeeks: value })}
            error={tried && problems.retention ? t('forms.retentionRange', RETENTION_WEEKS) : undefined}
            w={220}
          />
        </Stack>
      </Paper>
      <Group>
        <Button type="submit" loading={save.isPending}>
          {t('forms.save')}
        </Button>
      </Group>
    </Stack>
  );
}
