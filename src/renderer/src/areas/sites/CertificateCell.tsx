import type { DomainCertificate } from '../../../../shared/sites';
import { CertificateDetails } from './CertificateDetails';

/** The Certificate column of the domains table: state, expiry, the failure and re-verify when flagged. */
export function CertificateCell({ domain, certificate }: { domain: string; certificate: DomainCertificate }): React.JSX.Element {
  return <CertificateDetails domain={domain} certificate={certificate} part="summary" />;
}
