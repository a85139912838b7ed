import { Badge } from '@mantine/core';
import type { DomainCertificate } from '../../../shared/sites';

/** The Certificate column of the domains table: its own file, so the certificates work can replace it whole. */
export function CertificateCell({ certificate }: { certificate: DomainCertificate }): React.JSX.Element {
  return (
    <Badge color="gray" variant="outline" data-testid="certificate-state">
      {certificate.state}
    </Badge>
  );
}
