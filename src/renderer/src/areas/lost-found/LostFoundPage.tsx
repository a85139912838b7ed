import { Anchor, Badge, Button, Group, Image, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Match, Report, ReportKind } from '../../../../shared/lost-found';
import { useEnvironment } from '../../client/EnvironmentProvider';
import { useCan } from '../../client/staff';
import { call } from '../../client/transport';
import { MatchList } from '../../domain/lost-found/MatchList';
import { useCloseReport, useConfirmMatch, useReport, useReports } from '../../domain/lost-found/queries';
import { formatDay } from '../../ui/format';
import { LoadFailure, SkeletonBlocks } from '../../ui/LoadStates';
import { recordHref, type PageProps } from '../../ui/navigation';
import { PageTitle } from '../../ui/PageTitle';
import { ReportFormModal } from './ReportFormModal';

/** The photo the reporter sent with the report, when there is one. */
function ReportPhoto({ reportId }: { reportId: number }): React.JSX.Element | null {
  const { t } = useTranslation('lostFound');
  const environment = useEnvironment();
  const photo = useQuery({
    queryKey: [environment, 'lost-found', 'photo', reportId],
    queryFn: () => call('lostFound.photo', { environment, reportId }),
  });
  if (!photo.data) return null;
  return (
    <Image
      src={photo.data.src}
      alt={t('panel.photo', { id: reportId })}
      maw={240}
      mah={240}
      fit="contain"
      radius="sm"
      w="auto"
    />
  );
}

/** One report opened: what was reported, who to call, and its candidates with the button that confirms one. */
function ReportPanel({ reportId }: { reportId: number }): React.JSX.Element {
  const { t } = useTranslation('lostFound');
  const report = useReport(reportId);
  const confirm = useConfirmMatch();
  const close = useCloseReport();
  const staff = useCan('lostFound.confirm');
  if (report.isError) return <LoadFailure error={report.error} onRetry={() => void report.refetch()} />;
  if (!report.data) return <SkeletonBlocks count={1} height={160} />;
  const { report: shown, matches } = report.data;
  const onConfirm = (match: Match) =>
    confirm.mutate(match.pet ? { reportId, petId: match.pet.id } : { reportId, otherReportId: match.report?.id ?? 0 });
  const described = [shown.colour, shown.breed, shown.postcode, shown.place].filter(Boolean).join(' · ');
  return (
    <Paper withBorder p="md" aria-label={t('panel.label', { id: shown.id })}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h3">
            {t('panel.title', { kind: t(`kinds.${shown.kind}`), species: t(`species.${shown.species}`), id: shown.id })}
          </Title>
          <Badge>{t(`states.${shown.state}`)}</Badge>
        </Group>
        <Text>{described}</Text>
        <ReportPhoto reportId={shown.id} />
        {shown.features && <Text c="dimmed">{shown.features}</Text>}
        <Text size="sm">
          {t('panel.seen', { date: formatDay(shown.seenAt) })}
          {shown.contact ? ` · ${t('panel.contact', { name: shown.contact.name })}` : ''}
          {shown.contact?.phone ? ` · ${shown.contact.phone}` : ''}
        </Text>
        <Title order={3} size="h4">
          {t('panel.matches')}
        </Title>
        {shown.state === 'open' ? (
          <MatchList matches={matches} onConfirm={staff ? onConfirm : undefined} />
        ) : (
          <Text>
            {shown.returnedPetId ? (
              <Anchor href={recordHref('pets', shown.returnedPetId)}>{t('panel.returnedPet')}</Anchor>
            ) : (
              t(`states.${shown.state}`)
            )}
          </Text>
        )}
        {staff && shown.state === 'open' && (
          <Group>
            <Button variant="default" size="xs" onClick={() => close.mutate(shown.id)}>
              {t('panel.close')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

function ReportRow({ report }: { report: Report }): React.JSX.Element {
  const { t } = useTranslation('lostFound');
  return (
    <Table.Tr>
      <Table.Td>
        <Anchor href={recordHref('lost-found', report.id)}>
          {t('list.reportName', { kind: t(`kinds.${report.kind}`), id: report.id })}
        </Anchor>
      </Table.Td>
      <Table.Td>{t(`species.${report.species}`)}</Table.Td>
      <Table.Td>{[report.colour, report.breed].filter(Boolean).join(', ')}</Table.Td>
      <Table.Td>{report.postcode ?? report.place ?? ''}</Table.Td>
      <Table.Td>{formatDay(report.seenAt)}</Table.Td>
      <Table.Td>{t(`states.${report.state}`)}</Table.Td>
    </Table.Tr>
  );
}

/** `#/lost-found`: the reports, a new one typed at the desk, and one report with its matches (`#/lost-found/7`). */
export function LostFoundPage({ recordId }: PageProps): React.JSX.Element {
  const { t } = useTranslation('lostFound');
  const [kind, setKind] = useState<ReportKind | null>(null);
  const [adding, setAdding] = useState(false);
  const reports = useReports({ state: 'open', ...(kind && { kind }) });
  const staff = useCan('lostFound.add');
  return (
    <Stack gap="md">
      <PageTitle
        title={t('title')}
        description={t('description')}
        actions={
          <>
            <Select
              aria-label={t('list.kind')}
              placeholder={t('list.allKinds')}
              data={[
                { value: 'lost', label: t('kinds.lost') },
                { value: 'found', label: t('kinds.found') },
              ]}
              value={kind}
              onChange={(value) => setKind(value as ReportKind | null)}
              clearable
              w={160}
            />
            {staff && <Button onClick={() => setAdding(true)}>{t('list.new')}</Button>}
          </>
        }
      />
      {recordId !== null && <ReportPanel reportId={recordId} />}
      {reports.isError ? (
        <LoadFailure error={reports.error} onRetry={() => void reports.refetch()} />
      ) : !reports.data ? (
        <SkeletonBlocks count={3} height={36} />
      ) : reports.data.length === 0 ? (
        <Text c="dimmed">{t('list.none')}</Text>
      ) : (
        <Table striped aria-label={t('list.label')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('list.report')}</Table.Th>
              <Table.Th>{t('form.species')}</Table.Th>
              <Table.Th>{t('list.described')}</Table.Th>
              <Table.Th>{t('list.where')}</Table.Th>
              <Table.Th>{t('list.when')}</Table.Th>
              <Table.Th>{t('list.state')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {reports.data.map((report) => (
              <ReportRow key={report.id} report={report} />
            ))}
          </Table.Tbody>
        </Table>
      )}
      <ReportFormModal
        opened={adding}
        onClose={() => setAdding(false)}
        onAdded={(added) => {
          setAdding(false);
          window.location.hash = recordHref('lost-found', added.report.id);
        }}
      />
    </Stack>
  );
}
