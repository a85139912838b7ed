import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditEntry, AuditFilter } from '../../../../shared/audit';
import { useEnvironment } from '../../client/EnvironmentProvider';
import { call } from '../../client/transport';

/** Entries per page: "Load more" asks for the next this many. */
export const AUDIT_PAGE = 50;

/** The trail, newest first, a page at a time: each page continues before the last entry shown. */
export function useAuditTrail(filter: Omit<AuditFilter, 'limit' | 'before'>) {
  const environment = useEnvironment();
  return useInfiniteQuery({
    queryKey: ['audit', filter],
    queryFn: ({ pageParam }) => call('audit.list', { environment, filter: { ...filter, limit: AUDIT_PAGE, ...(pageParam === undefined ? {} : { before: pageParam }) } }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page: AuditEntry[]) => (page.length < AUDIT_PAGE ? undefined : page.at(-1)?.id),
  });
}
