import { Alert, Badge, Button, Code, Group, Select, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  TEMPLATE_KINDS,
  type Placeholder,
  type PreviewInput,
  type TemplateKind,
  type TemplateView,
} from '../../../../shared/mail-templates';
import { PUBLISHED_LANGUAGES, type PublishedLanguage } from '../../../../shared/shelter';
import type { UnknownPlaceholder } from '../../../../shared/errors';
import { describeFailure } from '../../client/errors';
import { AdminCallError } from '../../client/transport';
import { LoadFailure, SkeletonBlocks } from '../../ui/LoadStates';
import { usePreview, usePreviewRecords, useSaveTemplate, useTemplates, useTestTemplate } from './queries';
import { useGuardedChoice, useUnsavedChanges } from '../../ui/unsaved-changes';

/** The placeholder a refusal names, when the engine refused the words for one. */
function unknownPlaceholder(error: unknown): UnknownPlaceholder | null {
  const details = (error instanceof AdminCallError ? error.details : undefined) as
    Partial<UnknownPlaceholder> | undefined;
  return details?.reason === 'unknown_placeholder' ? (details as UnknownPlaceholder) : null;
}

/** Paragraphs are typed as in a letter: separated by a blank line. */
const toParagraphs = (body: string) =>
  body
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');

/** One automatic message's words in one language: edited with its placeholders, previewed on a real record, sent as a test. */
export function TemplateEditor(): React.JSX.Element {
  const { t } = useTranslation('outbox');
  const [kind, setKind] = useGuardedChoice<TemplateKind>('application_received');
  const [language, setLanguage] = useGuardedChoice<PublishedLanguage>('en');
  const templates = useTemplates(language);
  const view = templates.data?.find((template) => template.kind === kind);
  return (
    <Stack gap="sm" data-testid="template-editor">
      <Group wrap="wrap" align="flex-end">
        <Select
          label={t('templates.kind')}
          data={TEMPLATE_KINDS.map((value) => ({ value, label: t(`kinds.${value}`) }))}
          value={kind}
          onChange={setKind}
          allowDeselect={false}
          w={280}
        />
        <Select
          label={t('templates.language')}
          data={PUBLISHED_LANGUAGES.map((value) => ({ value, label: t(`languages.${value}`) }))}
          value={language}
          onChange={setLanguage}
          allowDeselect={false}
          w={160}
        />
      </Group>
      {templates.isPending ? (
        <SkeletonBlocks count={2} height={60} />
      ) : templates.isError ? (
        <LoadFailure error={templates.error} onRetry={() => void templates.refetch()} />
      ) : view ? (
        <WordsForm key={`${kind}-${language}`} view={view} />
      ) : null}
    </Stack>
  );
}

interface Words {
  subject: string;
  /** The paragraphs as the form shows them: separated by a blank line. */
  body: string;
}

const wordsOf = (view: TemplateView): Words => ({
  subject: view.words.subject,
  body: view.words.paragraphs.join('\n\n'),
});

const sameWords = (one: Words, other: Words) => one.subject === other.subject && one.body === other.body;

/** Whether typed words save as `saved` (blank lines and spaces around paragraphs aside). */
const savesAs = (typed: Words, saved: Words) =>
  typed.subject === saved.subject && toParagraphs(typed.body).join('\n\n') === saved.body;

function WordsForm({ view }: { view: TemplateView }): React.JSX.Element {
  const { t } = useTranslation('outbox');
  const save = useSaveTemplate();
  const saved = wordsOf(view);
  /** The saved words the typing started from, or last followed. */
  const [base, setBase] = useState<Words>(saved);
  const [subject, setSubject] = useState(saved.subject);
  const [body, setBody] = useState(saved.body);
  const typed: Words = { subject, body };
  const adopt = (words: Words) => {
    setBase(words);
    setSubject(words.subject);
    setBody(words.body);
  };
  // Saved words that change (this form's save, another desk's) replace the form's only when nothing
  // typed would be lost; otherwise the typing stays, and the alert below offers the saved words.
  if (!sameWords(saved, base) && (sameWords(typed, base) || savesAs(typed, saved) || save.isPending)) adopt(saved);
  const savedMeanwhile = !sameWords(saved, base);
  // Another message or language replaces these words: typed ones are asked about first.
  useUnsavedChanges(!sameWords(typed, saved));
  const [petId, setPetId] = useState<number | undefined>();
  const [personId, setPersonId] = useState<number | undefined>();
  const [previewed, setPreviewed] = useState<PreviewInput | null>(null);
  const [address, setAddress] = useState('');
  const records = usePreviewRecords();
  const preview = usePreview(previewed);
  const test = useTestTemplate();
  const draft: PreviewInput = {
    kind: view.kind,
    language: view.language,
    words: { subject, paragraphs: toParagraphs(body) },
    ...(petId === undefined ? {} : { petId }),
    ...(personId === undefined ? {} : { personId }),
  };
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Badge variant="light" color={view.essential ? 'blue' : 'gray'}>
          {view.essential ? t('templates.essential') : t('templates.optional')}
        </Badge>
        <Badge variant="light" color="gray">
          {t(`templates.audience.${view.audience}`)}
        </Badge>
        {view.enabled ? null : (
          <Badge variant="light" color="orange">
            {t('templates.off')}
          </Badge>
        )}
        {view.edited ? (
          <Badge variant="light" color="teal">
            {t('templates.edited')}
          </Badge>
        ) : null}
      </Group>
      <Text size="sm" c="dimmed">
        {t('templates.placeholders')}{' '}
        {view.placeholders.map((placeholder) => (
          <Code key={placeholder} title={t(`placeholders.${placeholder as Placeholder<TemplateKind>}`)} mr={4}>
            {`{{${placeholder}}}`}
          </Code>
        ))}
      </Text>
      {save.isError ? <RefusalAlert error={save.error} /> : null}
      {savedMeanwhile ? (
        <Alert color="yellow" variant="light" title={t('templates.savedMeanwhile')} data-testid="words-saved-meanwhile">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('templates.savedMeanwhileBody')}</Text>
            <Button size="xs" variant="light" onClick={() => adopt(saved)}>
              {t('templates.takeSaved')}
            </Button>
          </Stack>
        </Alert>
      ) : null}
      <TextInput
        label={t('templates.subject')}
        value={subject}
        onChange={(event) => setSubject(event.currentTarget.value)}
      />
      <Textarea
        label={t('templates.body')}
        description={t('templates.bodyHelp')}
        value={body}
        onChange={(event) => setBody(event.currentTarget.value)}
        autosize
        minRows={4}
        maxRows={10}
      />
      <Group wrap="wrap">
        <Button
          onClick={() =>
            save.mutate(
              { kind: view.kind, language: view.language, words: draft.words },
              { onSuccess: (view) => adopt(wordsOf(view)) },
            )
          }
        >
          {t('templates.save')}
        </Button>
        <Button
          variant="subtle"
          disabled={!view.edited}
          onClick={() =>
            save.mutate(
              { kind: view.kind, language: view.language, words: null },
              { onSuccess: (view) => adopt(wordsOf(view)) },
            )
          }
        >
          {t('templates.resetAction')}
        </Button>
      </Group>
      <Title order={4}>{t('templates.previewTitle')}</Title>
      <Group wrap="wrap" align="flex-end">
        <Select
          label={t('templates.previewPet')}
          data={records.pets.map((pet) => ({ value: String(pet.id), label: pet.name }))}
          value={petId === undefined ? null : String(petId)}
          onChange={(value) => setPetId(value === null ? undefined : Number(value))}
          searchable
          clearable
          w={220}
        />
        <Select
          label={t('templates.previewPerson')}
          data={records.people.map((person) => ({ value: String(person.id), label: person.name }))}
          value={personId === undefined ? null : String(personId)}
          onChange={(value) => setPersonId(value === null ? undefined : Number(value))}
          searchable
          clearable
          w={220}
        />
        <Button variant="light" onClick={() => setPreviewed(draft)}>
          {t('templates.preview')}
        </Button>
      </Group>
      {preview.isError ? (
        <RefusalAlert error={preview.error} />
      ) : preview.data ? (
        <Stack gap={4} data-testid="template-preview">
          <Text fw={600}>{preview.data.subject}</Text>
          <iframe
            title={t('templates.previewTitle')}
            sandbox=""
            srcDoc={preview.data.html}
            style={{ width: '100%', height: 180, border: '1px solid var(--mantine-color-default-border)' }}
          />
        </Stack>
      ) : null}
      <Group wrap="wrap" align="flex-end">
        <TextInput
          label={t('templates.testAddress')}
          type="email"
          value={address}
          onChange={(event) => setAddress(event.currentTarget.value)}
          w={280}
        />
        <Button
          variant="light"
          disabled={address.trim() === ''}
          onClick={() => test.mutate({ preview: draft, address })}
        >
          {t('templates.test')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Why the words were refused, under the form: an unknown placeholder in the window's words, else the failure's. */
function RefusalAlert({ error }: { error: unknown }): React.JSX.Element {
  const { t } = useTranslation('outbox');
  const unknown = unknownPlaceholder(error);
  const failure = describeFailure(error);
  return (
    <Alert color="red" variant="light" title={unknown ? t('templates.refused') : failure.title} role="alert">
      {unknown
        ? t('templates.unknownPlaceholder', {
            placeholder: `{{${unknown.placeholder}}}`,
            allowed: unknown.allowed.map((name) => `{{${name}}}`).join(', '),
          })
        : failure.message}
    </Alert>
  );
}
