import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { AuditFilter, NamedAuditEntry } from '../../../../shared/audit';
import { useEnvironment } from '../../client/EnvironmentProvider';
import { call } from '../../client/transport';

/** Entries per page: "Load more" asks for the next this many. */
export const AUDIT_PAGE = 50;

/** The trail, newest first, a page at a time: each page continues before the last entry shown. */
export function useAuditTrail(filter: Omit<AuditFilter, 'limit' | 'before'>) {
  const environment = useEnvironment();
  return useInfiniteQuery({
    queryKey: ['audit', filter],
    queryFn: ({ pageParam }) =>
      call('audit.list', {
        environment,
        filter: { ...filter, limit: AUDIT_PAGE, ...(pageParam === undefined ? {} : { before: pageParam }) },
      }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page: NamedAuditEntry[]) => (page.length < AUDIT_PAGE ? undefined : page.at(-1)?.id),
  });
}

/** The categories' names, so a change of an animal's category reads "Dogs → Cats". */
export function useCategoryNames() {
  const environment = useEnvironment();
  return useQuery({ queryKey: [environment, 'categories'], queryFn: () => call('categories.list', { environment }) });
}

/** A person's name from the register (the trail keeps none), as the People page reads them; the same query, so it is asked once. */
export function usePersonName(id: number, enabled: boolean) {
  const environment = useEnvironment();
  return useQuery({
    queryKey: [environment, 'people', 'show', id],
    queryFn: () => call('people.show', { environment, id }),
    enabled,
    retry: false,
    select: (shown) => shown.person.name,
  });
}
