import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from './transport';
import { useEnvironment } from './EnvironmentProvider';
import { withProgress } from './notify';
import { windowI18n } from '../i18n/i18n';

/** Areas showing a domain's certificate: refreshed after a re-verify. */
const SITE_AREAS = new Set(['sites', 'domains', 'projects', 'certificates']);

export function useCertificates() {
  const environment = useEnvironment();
  // Issuing runs in the background; its outcome comes with the `sites` topic, so the list lives under it.
  return useQuery({
    queryKey: [environment, 'sites', 'certificates'],
    queryFn: () => call('certificates.list', { environment }),
  });
}

/** The 30-minute rule's action: DNS checked again, then the certificate requested anew. */
export function useReverifyDomain() {
  const queryClient = useQueryClient();
  const environment = useEnvironment();
  return useMutation({
    mutationFn: (name: string) =>
      withProgress(
        windowI18n.t('sites:toast.reverifying', { name }),
        () => call('domains.reverify', { environment, name }),
        (domain) =>
          domain.certificate.state === 'issued'
            ? windowI18n.t('sites:toast.alreadyIssued', { name: domain.name })
            : windowI18n.t('sites:toast.reverified', { name: domain.name }),
      ),
    onSettled: () =>
      queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] === environment && SITE_AREAS.has(String(query.queryKey[1])),
      }),
  });
}

/** The CAs' certificates (public: the shelter server's, then the sites') as a file the browser saves. */
export async function downloadCaCertificate(): Promise<void> {
  const { pem } = await call('certificates.ca', {});
  const url = URL.createObjectURL(new Blob([pem], { type: 'application/x-pem-file' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'adoption-desk-local-ca.pem';
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
