import { Button, Code, EmptyState, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPlus, IconWorld } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';
import type { Account } from '../../../../shared/models';
import { projectAddress, type Domain, type Project } from '../../../../shared/sites';
import { useDialog } from '../../ui/dialog';
import { useDomains, usePromoteDomain } from './queries';
import { DomainCard } from './DomainCard';
import { DomainFormModal } from './DomainFormModal';
import { LoadFailure } from '../../ui/LoadStates';
import { RemoveDomainModal } from './RemoveDomainModal';
import { useSitePorts } from './site-ports';

/** Where visitors reach the site without a domain of its own: the running server's real port, or that it is not running. */
function NoDomainsYet({ project }: { project: Project }): React.JSX.Element {
  const { t } = useTranslation('sites');
  const ports = useSitePorts();
  const host = project.publicHost;
  const where = ports ? (
    <Trans
      t={t}
      i18nKey="domains.visitorsReach"
      values={{ address: projectAddress(project, ports) }}
      components={{ code: <Code data-testid="site-address" /> }}
    />
  ) : (
    t('domains.serverStopped', { host })
  );
  return (
    <EmptyState
      py="lg"
      icon={<IconWorld size={28} />}
      withIndicatorBackground
      title={t('domains.emptyTitle')}
      description={
        <Text size="sm" c="dimmed" span data-testid="no-domains-explained">
          {where} {t('domains.addOwn')}
        </Text>
      }
    />
  );
}

/** A project's custom domains, one card each: the record to create, verification, certificate, primary and redirects, removal. */
export function DomainsPanel({
  project,
  account,
}: {
  project: Project;
  account: Account | undefined;
}): React.JSX.Element {
  const { t } = useTranslation('sites');
  const domains = useDomains(project.id);
  const promote = usePromoteDomain();
  const adding = useDialog<true>();
  const removing = useDialog<Domain>();
  const primary = domains.data?.find((domain) => domain.role === 'primary')?.name ?? null;
  // The domain as it is now (a redirect may have been added since the dialog opened).
  const toRemove = domains.data?.find((domain) => domain.name === removing.subject?.name) ?? removing.subject;

  const confirmPromote = (domain: Domain) =>
    modals.openConfirmModal({
      title: t('domains.promoteTitle', { name: domain.name }),
      children: (
        <Text size="sm">
          {t('domains.promoteText', {
            name: domain.name,
            primary: primary ?? t('domains.currentPrimary'),
            status: domain.redirectStatus,
          })}
        </Text>
      ),
      labels: { confirm: t('domains.makePrimary'), cancel: t('domains.cancel') },
      onConfirm: () => promote.mutate(domain.name),
    });

  return (
    <Paper withBorder radius="md" p="md" data-testid="domains-panel">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {t('domains.title')}
        </Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => adding.open(true)}>
          {t('domains.add')}
        </Button>
      </Group>
      {domains.isError ? (
        <LoadFailure error={domains.error} onRetry={() => void domains.refetch()} />
      ) : (
        <Stack gap="md" data-testid="domain-cards">
          {domains.isPending && <Skeleton h={160} radius="md" />}
          {domains.data?.map((domain) => (
            <DomainCard key={domain.name} domain={domain} onPromote={confirmPromote} onRemove={removing.open} />
          ))}
          {domains.data?.length === 0 && <NoDomainsYet project={project} />}
        </Stack>
      )}
      <DomainFormModal
        opened={adding.opened}
        project={project}
        account={account}
        primary={primary}
        onClose={adding.close}
      />
      <RemoveDomainModal
        opened={removing.opened}
        domain={toRemove}
        domains={domains.data ?? []}
        onClose={removing.close}
      />
    </Paper>
  );
}
