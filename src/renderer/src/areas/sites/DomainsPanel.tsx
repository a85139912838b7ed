import { Button, EmptyState, Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArrowRight, IconPlus, IconRefresh, IconStar, IconTrash, IconWorld } from '@tabler/icons-react';
import { Fragment } from 'react';
import type { Account } from '../../../../shared/models';
import type { Domain, Project, RedirectStatus } from '../../../../shared/sites';
import { useDialog } from '../../ui/dialog';
import { useDomains, usePromoteDomain, useRemoveDomain, useSetRedirectStatus, useVerifyDomain } from './queries';
import { REDIRECT_STATUS_OPTIONS } from './redirect-statuses';
import { CertificateCell } from './CertificateCell';
import { CertificateDetails } from './CertificateDetails';
import { DnsRecordView } from './DnsRecordView';
import { DomainFormModal } from './DomainFormModal';
import { LoadFailure, SkeletonRows } from '../../ui/LoadStates';
import { RowAction } from '../../ui/RowAction';
import { DomainRoleBadge, VerificationBadge } from './SiteBadges';
import { VerificationDetails } from './VerificationDetails';

const COLUMNS = 6;

function RedirectEditor({ domain }: { domain: Domain }): React.JSX.Element {
  const setStatus = useSetRedirectStatus();
  if (domain.role === 'primary') {
    return (
      <Text size="sm" c="dimmed">
        serves the site
      </Text>
    );
  }
  return (
    <Stack gap={4}>
      <Group gap={4} wrap="nowrap">
        <IconArrowRight size={14} aria-hidden />
        <Text size="sm" ff="monospace" data-testid="redirect-to">
          {domain.to}
        </Text>
      </Group>
      <Select
        size="xs"
        w={200}
        aria-label={`Redirect status of ${domain.name}`}
        data={REDIRECT_STATUS_OPTIONS}
        value={String(domain.redirectStatus)}
        allowDeselect={false}
        disabled={setStatus.isPending}
        onChange={(value) => value && setStatus.mutate({ name: domain.name, status: Number(value) as RedirectStatus })}
      />
    </Stack>
  );
}

/** A project's custom domains: the record to create, verification, primary and redirects, removal. */
export function DomainsPanel({ project, account }: { project: Project; account: Account | undefined }): React.JSX.Element {
  const domains = useDomains(project.id);
  const verify = useVerifyDomain();
  const promote = usePromoteDomain();
  const remove = useRemoveDomain();
  const adding = useDialog<true>();
  const primary = domains.data?.find((domain) => domain.role === 'primary')?.name ?? null;

  const confirmRemove = (domain: Domain) =>
    modals.openConfirmModal({
      title: `Remove ${domain.name}?`,
      children: (
        <Text size="sm">
          {domain.name} stops being served from the very next request; visitors get “no site at this domain”. Its DNS record stays at your provider until you delete it there.
        </Text>
      ),
      labels: { confirm: 'Remove', cancel: 'Keep' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(domain.name),
    });

  const confirmPromote = (domain: Domain) =>
    modals.openConfirmModal({
      title: `Make ${domain.name} the primary domain?`,
      children: <Text size="sm">{domain.name} will serve the site; {primary ?? 'the current primary'} becomes a redirect to it with status {domain.redirectStatus}.</Text>,
      labels: { confirm: 'Make primary', cancel: 'Cancel' },
      onConfirm: () => promote.mutate(domain.name),
    });

  return (
    <Paper withBorder radius="md" p="md" data-testid="domains-panel">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Custom domains
        </Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => adding.open(true)}>
          Add domain
        </Button>
      </Group>
      {domains.isError ? (
        <LoadFailure error={domains.error} onRetry={() => void domains.refetch()} />
      ) : (
        <Table.ScrollContainer minWidth={1080}>
          <Table data-testid="domains-table" verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th miw={200}>Domain</Table.Th>
                <Table.Th w={110}>Status</Table.Th>
                <Table.Th>DNS record to create</Table.Th>
                <Table.Th>Certificate</Table.Th>
                <Table.Th>Redirect</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {domains.isPending && <SkeletonRows rows={2} columns={COLUMNS} />}
              {domains.data?.map((domain) => (
                <Fragment key={domain.name}>
                  <Table.Tr data-testid={`domain-row-${domain.name}`} style={{ borderBottom: 'none' }}>
                    <Table.Td>
                      <Stack gap={4} align="flex-start">
                        <Text fw={500} ff="monospace" size="sm" style={{ overflowWrap: 'anywhere' }}>
                          {domain.name}
                        </Text>
                        <Group gap={4}>
                          <DomainRoleBadge domain={domain} />
                          <Text size="xs" c="dimmed">
                            {domain.kind}
                          </Text>
                        </Group>
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      <VerificationBadge status={domain.status} />
                    </Table.Td>
                    <Table.Td>
                      <DnsRecordView record={domain.record} />
                    </Table.Td>
                    <Table.Td>
                      <CertificateCell domain={domain.name} certificate={domain.certificate} />
                    </Table.Td>
                    <Table.Td>
                      <RedirectEditor domain={domain} />
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Button size="compact-sm" variant="light" leftSection={<IconRefresh size={14} />} aria-label={`Verify ${domain.name}`} loading={verify.isPending && verify.variables === domain.name} onClick={() => verify.mutate(domain.name)}>
                          Verify
                        </Button>
                        <RowAction
                          tooltip="Make primary"
                          label={`Make ${domain.name} primary`}
                          icon={<IconStar size={16} />}
                          onClick={() => confirmPromote(domain)}
                          unavailable={domain.role === 'primary' ? 'Already the primary domain' : undefined}
                        />
                        <RowAction tooltip="Remove" label={`Remove ${domain.name}`} icon={<IconTrash size={16} />} danger onClick={() => confirmRemove(domain)} />
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                  <Table.Tr data-testid={`domain-details-${domain.name}`}>
                    <Table.Td colSpan={COLUMNS} pt={0}>
                      <VerificationDetails domain={domain} />
                      {domain.certificate.state !== 'none' && <CertificateDetails domain={domain.name} certificate={domain.certificate} part="times" />}
                    </Table.Td>
                  </Table.Tr>
                </Fragment>
              ))}
            </Table.Tbody>
          </Table>
          {domains.data?.length === 0 && (
            <EmptyState
              py="lg"
              icon={<IconWorld size={28} />}
              withIndicatorBackground
              title="No custom domains yet"
              description={`Visitors reach the site at ${project.slug}.<sites host>. Add a domain of your own (Pro plan or above) and point it there.`}
            />
          )}
        </Table.ScrollContainer>
      )}
      <DomainFormModal opened={adding.opened} project={project} account={account} primary={primary} onClose={adding.close} />
    </Paper>
  );
}
