import { Alert, Badge, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { httpsServed, type CertificateState, type DomainCertificate } from '../../../../shared/sites';
import { formatMoment } from '../../ui/format';
import { useReverifyDomain } from '../../client/certificates';
import { useSitePorts } from './site-ports';

const STATE_COLOR: Record<CertificateState, string> = {
  none: 'gray',
  pending: 'yellow',
  issued: 'teal',
  failed: 'red',
};
const BADGE_WRAPS = { label: { whiteSpace: 'normal', overflow: 'visible', textAlign: 'center' } } as const;

/**
 * A domain's certificate: state with issuer, times and expiry, the failure as the CA gave it, and re-verify when flagged.
 * `part` splits it for a domain's card: the summary under its name, the times beside what the DNS check found.
 */
export function CertificateDetails({
  domain,
  certificate,
  part = 'all',
}: {
  domain: string;
  certificate: DomainCertificate;
  part?: 'all' | 'summary' | 'times';
}): React.JSX.Element {
  const { t } = useTranslation('sites');
  const summary = part !== 'times';
  const reverify = useReverifyDomain();
  const ports = useSitePorts();
  // "HTTPS ready" only where HTTPS is served: an issued certificate on a server without an HTTPS port serves nothing.
  const unserved = certificate.state === 'issued' && !httpsServed(certificate, ports ?? null);
  const badge = (
    // A narrow card wraps the label instead of cutting it to "NO CERTI…".
    <Badge
      color={unserved ? 'gray' : STATE_COLOR[certificate.state]}
      variant="light"
      h="auto"
      py={2}
      radius="sm"
      styles={BADGE_WRAPS}
      data-testid="certificate-state"
    >
      {unserved ? t('certificate.issuedUnserved') : t(`certificate.state.${certificate.state}`)}
    </Badge>
  );
  return (
    <Stack gap={4} data-testid={part === 'times' ? `certificate-times-${domain}` : `certificate-${domain}`}>
      {summary && (
        <Group gap="xs">
          {certificate.issuer ? (
            <Tooltip label={t('certificate.issuedBy', { issuer: certificate.issuer })}>{badge}</Tooltip>
          ) : (
            badge
          )}
          {certificate.state === 'issued' && certificate.notAfter !== null && (
            <Text size="xs" c="dimmed" data-testid="certificate-expiry">
              {t('certificate.expires', { moment: formatMoment(certificate.notAfter) })}
            </Text>
          )}
        </Group>
      )}
      {part !== 'summary' && (
        <Text size="xs" c="dimmed" data-testid="certificate-times">
          {certificate.issuer && t('certificate.issuer', { issuer: certificate.issuer })}
          {t('certificate.requested', { moment: formatMoment(certificate.requestedAt) })}
          {certificate.issuedAt !== null && t('certificate.issuedAt', { moment: formatMoment(certificate.issuedAt) })}
          {certificate.notBefore !== null &&
            t('certificate.validFrom', { moment: formatMoment(certificate.notBefore) })}
          {certificate.nextAttemptAt !== null &&
            t(certificate.state === 'issued' ? 'certificate.renews' : 'certificate.nextAttempt', {
              moment: formatMoment(certificate.nextAttemptAt),
            })}
        </Text>
      )}
      {summary && unserved && (
        <Text size="xs" c="dimmed" data-testid="certificate-unserved">
          {ports ? t('certificate.noHttps') : t('certificate.httpsOnceRunning')}
        </Text>
      )}
      {summary && certificate.reason && (
        <Text size="xs" c="red" style={{ wordBreak: 'break-word' }} data-testid="certificate-reason">
          {t(certificate.state === 'issued' ? 'certificate.renewalFailed' : 'certificate.failedBecause', {
            words: certificate.issuerWords ?? certificate.reason,
          })}
        </Text>
      )}
      {summary && certificate.needsReverify && (
        <Alert
          color="orange"
          variant="light"
          p="xs"
          icon={<IconAlertTriangle size={16} />}
          data-testid="certificate-reverify"
        >
          <Group justify="space-between" gap="xs">
            <Text size="xs">{t('certificate.stillNone')}</Text>
            <Button
              size="xs"
              variant="light"
              color="orange"
              leftSection={<IconRefresh size={14} />}
              loading={reverify.isPending}
              onClick={() => reverify.mutate(domain)}
            >
              {t('certificate.reverify')}
            </Button>
          </Group>
        </Alert>
      )}
    </Stack>
  );
}
