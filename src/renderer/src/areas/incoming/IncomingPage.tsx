import { Badge, Button, Group, Stack, Table, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { PageTitle } from '../../ui/PageTitle';
import { useGuardedChoice } from '../../ui/unsaved-changes';
import { useTranslation } from 'react-i18next';
import type { Submission } from '../../../../shared/front-door';
import { formatMoment } from '../../ui/format';
import { useSubmission, useSubmissionStep, useSubmissions } from './queries';
import { FormSettingsPanel } from './FormSettingsPanel';
import { NextInLine } from './NextInLine';

/** What the public sent through the adoption site's forms: the queue, and the one chosen with its next steps. */
export function IncomingPage(): React.JSX.Element {
  const { t } = useTranslation('incoming');
  const submissions = useSubmissions();
  const [chosen, choose] = useState<number | null>(null);
  const rows = submissions.data ?? [];
  // The queue tab unmounts the forms' editor: its questions typed and not saved are asked about first.
  const [tab, chooseTab] = useGuardedChoice('queue');
  return (
    <Stack data-ready={submissions.isSuccess ? 'incoming' : undefined}>
      <PageTitle title={t('title')} description={t('description')} />
      <Tabs value={tab} onChange={chooseTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="queue">{t('tabs.queue')}</Tabs.Tab>
          <Tabs.Tab value="forms">{t('tabs.forms')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="queue">
          <Stack>
            {rows.length === 0 && submissions.isSuccess ? <Text>{t('empty')}</Text> : null}
            {rows.length > 0 ? (
              <Table striped highlightOnHover aria-label={t('title')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('column.received')}</Table.Th>
                    <Table.Th>{t('column.name')}</Table.Th>
                    <Table.Th>{t('column.animal')}</Table.Th>
                    <Table.Th>{t('column.state')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((submission) => (
                    <Table.Tr key={submission.id}>
                      <Table.Td>{formatMoment(submission.receivedAt)}</Table.Td>
                      <Table.Td>
                        <Button variant="subtle" size="compact-sm" onClick={() => choose(submission.id)}>
                          {submission.name}
                        </Button>
                      </Table.Td>
                      <Table.Td>{submission.pet?.name ?? t(`kind.${submission.kind}`)}</Table.Td>
                      <Table.Td>
                        <Badge variant="light">{t(`state.${submission.state}`)}</Badge>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            ) : null}
            {chosen !== null ? <SubmissionPanel id={chosen} /> : null}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="forms">
          <FormSettingsPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** One submission: its answers (shown as text), the duplicate question, and the steps its state allows. */
function SubmissionPanel({ id }: { id: number }): React.JSX.Element | null {
  const { t } = useTranslation('incoming');
  const shown = useSubmission(id);
  const step = useSubmissionStep();
  const [notes, setNotes] = useState('');
  const submission = shown.data;
  if (!submission) return null;
  const open = !['approved', 'declined', 'withdrawn'].includes(submission.state);
  const go = (next: Parameters<typeof step.mutate>[0]) => step.mutate(next);
  return (
    <Stack aria-label={t('details', { name: submission.name })} component="section">
      <Title order={3}>{submission.name}</Title>
      <Text>
        {submission.email}
        {submission.phone ? ` · ${submission.phone}` : ''}
        {submission.postcode ? ` · ${submission.postcode}` : ''}
      </Text>
      {submission.answers.map((answer) => (
        <Text key={answer.question}>
          <strong>{answerLabel((key) => t(key as never), answer)}</strong> {answer.answer}
        </Text>
      ))}
      {submission.pet && <NextInLine pet={submission.pet} />}
      {submission.personId === null ? (
        <Stack gap="xs">
          {submission.duplicates.map((warning) => (
            <Group key={warning.personId}>
              <Text>{t('maybe', { name: warning.name })}</Text>
              <Button size="xs" onClick={() => go({ step: 'link', id, personId: warning.personId })}>
                {t('link', { name: warning.name })}
              </Button>
            </Group>
          ))}
          <Group>
            <Button size="xs" variant="light" onClick={() => go({ step: 'createPerson', id })}>
              {t('createPerson')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Text>{t('linked')}</Text>
      )}
      {open ? (
        <Group>
          {submission.state === 'new' ? (
            <Button size="xs" onClick={() => go({ step: 'state', id, to: 'in_review' })}>
              {t('review')}
            </Button>
          ) : null}
          {submission.state === 'in_review' ? (
            <Button size="xs" onClick={() => go({ step: 'bookVisit', id })}>
              {t('bookVisit')}
            </Button>
          ) : null}
          {submission.state === 'home_visit' && submission.visit.doneAt === null ? (
            <Group>
              <TextInput
                label={t('visitNotes')}
                value={notes}
                onChange={(event) => setNotes(event.currentTarget.value)}
              />
              <Button size="xs" onClick={() => go({ step: 'recordVisit', id, notes })}>
                {t('recordVisit')}
              </Button>
            </Group>
          ) : null}
          {submission.personId !== null && submission.kind === 'apply' ? (
            <Button size="xs" color="green" onClick={() => go({ step: 'approve', id })}>
              {t('approve')}
            </Button>
          ) : null}
          <Button size="xs" variant="default" onClick={() => go({ step: 'state', id, to: 'declined' })}>
            {t('decline')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

function answerLabel(t: (key: string) => string, answer: Submission['answers'][number]): string {
  // Our standard questions are named by their key; the shelter's own carry the words they were asked in.
  return answer.label === answer.question ? t(`question.${answer.question}`) : answer.label;
}
