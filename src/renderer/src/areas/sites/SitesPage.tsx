import { Button, EmptyState, Paper, Stack, Table, Text } from '@mantine/core';
import { IconPlus, IconWorldWww } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailure, SkeletonRows } from '../../ui/LoadStates';
import { DomainsPanel } from './DomainsPanel';
import { PageTitle } from '../../ui/PageTitle';
import { ProjectFormModal } from './ProjectFormModal';
import { ProjectPanel } from './ProjectPanel';
import { TruncatedText } from '../../ui/TruncatedText';
import { useDialog } from '../../ui/dialog';
import { formatMoment } from '../../ui/format';
import { useAccounts } from '../../client/accounts';
import { useProjects } from './queries';

const COLUMNS = 5;

export function SitesPage(): React.JSX.Element {
  const { t } = useTranslation('sites');
  const projects = useProjects();
  const accounts = useAccounts();
  const creating = useDialog<true>();
  const [chosenId, setChosenId] = useState<number | null>(null);
  const chosen = projects.data?.find((project) => project.id === chosenId) ?? projects.data?.[0];
  const accountOf = (accountId: number) => accounts.data?.find((account) => account.id === accountId);

  return (
    <Stack>
      <PageTitle
        title={t('title')}
        description={t('description')}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => creating.open(true)}>
            {t('newProject')}
          </Button>
        }
      />
      {projects.isError ? (
        <LoadFailure error={projects.error} onRetry={() => void projects.refetch()} />
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={640}>
            <Table highlightOnHover data-testid="projects-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('columns.project')}</Table.Th>
                  <Table.Th>{t('columns.account')}</Table.Th>
                  <Table.Th>{t('columns.liveDeploy')}</Table.Th>
                  <Table.Th>{t('columns.created')}</Table.Th>
                  <Table.Th>{t('columns.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {projects.isPending && <SkeletonRows rows={2} columns={COLUMNS} />}
                {projects.data?.map((project) => {
                  const selected = project.id === chosen?.id;
                  return (
                    <Table.Tr
                      key={project.id}
                      data-testid={`project-row-${project.slug}`}
                      bg={selected ? 'var(--mantine-primary-color-light)' : undefined}
                    >
                      <Table.Td>
                        <TruncatedText text={project.name} maw={280} fw={500} />
                        <Text size="xs" c="dimmed" ff="monospace">
                          {project.slug}
                        </Text>
                      </Table.Td>
                      <Table.Td>{accountOf(project.accountId)?.name ?? `#${project.accountId}`}</Table.Td>
                      <Table.Td>
                        {project.liveDeploy === null ? (
                          <Text span inherit c="dimmed">
                            {t('notPublished')}
                          </Text>
                        ) : (
                          `#${project.liveDeploy}`
                        )}
                      </Table.Td>
                      <Table.Td c="dimmed">{formatMoment(project.createdAt)}</Table.Td>
                      <Table.Td>
                        <Button
                          size="compact-sm"
                          variant={selected ? 'light' : 'subtle'}
                          aria-pressed={selected}
                          aria-label={t('openNamed', { name: project.name })}
                          onClick={() => setChosenId(project.id)}
                        >
                          {t('open')}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {projects.data?.length === 0 && (
            <EmptyState
              py="xl"
              icon={<IconWorldWww size={28} />}
              withIndicatorBackground
              title={t('empty.title')}
              description={t('empty.description')}
            >
              <EmptyState.Actions>
                <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => creating.open(true)}>
                  {t('empty.action')}
                </Button>
              </EmptyState.Actions>
            </EmptyState>
          )}
        </Paper>
      )}
      {chosen && <ProjectPanel key={`project-${chosen.id}`} project={chosen} account={accountOf(chosen.accountId)} />}
      {chosen && <DomainsPanel key={`domains-${chosen.id}`} project={chosen} account={accountOf(chosen.accountId)} />}
      <ProjectFormModal
        opened={creating.opened}
        onClose={creating.close}
        onCreated={(projectId) => {
          setChosenId(projectId);
          creating.close();
        }}
      />
    </Stack>
  );
}
