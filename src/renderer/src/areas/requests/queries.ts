import { useQuery } from '@tanstack/react-query';
import type { RequestFilter } from '../../../../shared/lab';
import { useEnvironment } from '../../client/EnvironmentProvider';
import { call } from '../../client/transport';

/** The request log, newest first; live (polled) unless paused. */
export function useRequestLog(filter: RequestFilter, live: boolean) {
  const environment = useEnvironment();
  return useQuery({
    queryKey: [environment, 'lab', 'requests', filter],
    queryFn: () => call('lab.requests', { environment, filter: { limit: 500, ...filter } }),
    // Kept: the log grows with API traffic, which no change topic tells of.
    refetchInterval: live ? 1_000 : false,
    staleTime: 0,
    placeholderData: (previous) => previous,
  });
}
