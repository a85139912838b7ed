import { Anchor, Box, Button, Card, Divider, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconArrowRight, IconExternalLink, IconRefresh, IconStar, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { httpsServed, siteAddress, type Domain, type RedirectStatus } from '../../../../shared/sites';
import { useSetRedirectStatus, useVerifyDomain } from './queries';
import { useRedirectStatusOptions } from './redirect-statuses';
import { CertificateDetails } from './CertificateDetails';
import { DnsRecordView } from './DnsRecordView';
import { DomainRoleBadge, VerificationBadge } from './SiteBadges';
import { VerificationDetails } from './VerificationDetails';
import { useSitePorts } from './site-ports';

function RedirectEditor({ domain }: { domain: Domain }): React.JSX.Element {
  const { t } = useTranslation('sites');
  const setStatus = useSetRedirectStatus();
  const options = useRedirectStatusOptions();
  return (
    <Group gap="xs" wrap="wrap">
      <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
        <IconArrowRight size={14} aria-hidden />
        <Text size="sm">{t('domains.redirectsTo')}</Text>
        <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }} data-testid="redirect-to">
          {domain.to}
        </Text>
      </Group>
      <Select
        size="xs"
        w={210}
        aria-label={t('domains.redirectStatusOf', { name: domain.name })}
        data={options}
        value={String(domain.redirectStatus)}
        allowDeselect={false}
        disabled={setStatus.isPending}
        onChange={(value) => value && setStatus.mutate({ name: domain.name, status: Number(value) as RedirectStatus })}
      />
    </Group>
  );
}

/** The address a visitor reaches a verified domain at on the running server: HTTPS once it has a certificate. */
function VisitLink({ domain }: { domain: Domain }): React.JSX.Element | null {
  const ports = useSitePorts();
  if (!ports || domain.status !== 'verified') return null;
  const address = siteAddress(domain.name, ports, httpsServed(domain.certificate, ports));
  return (
    <Anchor
      href={address}
      target="_blank"
      rel="noreferrer"
      size="sm"
      data-testid="domain-address"
      style={{ overflowWrap: 'anywhere' }}
    >
      {address} <IconExternalLink size={12} aria-hidden />
    </Anchor>
  );
}

export interface DomainCardProps {
  domain: Domain;
  onPromote: (domain: Domain) => void;
  onRemove: (domain: Domain) => void;
}

/**
 * One custom domain, as Vercel and Netlify show them: name, role, status and certificate on top, the
 * record to create with copy buttons, what the last check found, and the actions, always in view.
 */
export function DomainCard({ domain, onPromote, onRemove }: DomainCardProps): React.JSX.Element {
  const { t } = useTranslation('sites');
  const verify = useVerifyDomain();
  const primary = domain.role === 'primary';
  return (
    <Card withBorder radius="md" padding="md" data-testid={`domain-row-${domain.name}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <Stack gap={6} style={{ flex: '1 1 260px', minWidth: 0 }}>
            <Text fw={600} ff="monospace" style={{ overflowWrap: 'anywhere' }} data-testid="domain-name">
              {domain.name}
            </Text>
            <Group gap={6} wrap="wrap">
              <DomainRoleBadge domain={domain} />
              <VerificationBadge status={domain.status} />
              <Text size="xs" c="dimmed">
                {t(`domains.kind.${domain.kind}`)}
              </Text>
            </Group>
            <CertificateDetails domain={domain.name} certificate={domain.certificate} part="summary" />
            <VisitLink domain={domain} />
          </Stack>
          <Group gap="xs" wrap="wrap" data-testid="domain-actions">
            <Button
              size="xs"
              variant="light"
              leftSection={<IconRefresh size={14} />}
              aria-label={t('domains.verifyNamed', { name: domain.name })}
              loading={verify.isPending && verify.variables === domain.name}
              onClick={() => verify.mutate(domain.name)}
            >
              {t('domains.verify')}
            </Button>
            {!primary && (
              <Button
                size="xs"
                variant="default"
                leftSection={<IconStar size={14} />}
                aria-label={t('domains.makePrimaryNamed', { name: domain.name })}
                onClick={() => onPromote(domain)}
              >
                {t('domains.makePrimary')}
              </Button>
            )}
            <Button
              size="xs"
              variant="light"
              color="red"
              leftSection={<IconTrash size={14} />}
              aria-label={t('domains.removeNamed', { name: domain.name })}
              onClick={() => onRemove(domain)}
            >
              {t('domains.remove')}
            </Button>
          </Group>
        </Group>
        {primary ? (
          <Text size="sm" c="dimmed">
            {t('domains.servesSite')}
          </Text>
        ) : (
          <RedirectEditor domain={domain} />
        )}
        <Divider />
        <SimpleGrid type="container" cols={{ base: 1, '640px': 2 }} spacing="lg" verticalSpacing="md">
          <Box style={{ minWidth: 0 }}>
            <Text size="xs" c="dimmed" fw={600} tt="uppercase" mb={4}>
              {t('domains.recordToCreate')}
            </Text>
            <DnsRecordView record={domain.record} />
          </Box>
          <Box style={{ minWidth: 0 }} data-testid={`domain-details-${domain.name}`}>
            <VerificationDetails domain={domain} />
            {domain.certificate.state !== 'none' && (
              <CertificateDetails domain={domain.name} certificate={domain.certificate} part="times" />
            )}
          </Box>
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
