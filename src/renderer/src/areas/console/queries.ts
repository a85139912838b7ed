import { useMutation } from '@tanstack/react-query';
import type { ConsoleRequest } from '../../../../shared/admin-schemas';
import { call } from '../../client/transport';
import { useEnvironment } from '../../client/EnvironmentProvider';
import { notifyFailure, withProgress } from '../../client/notify';

export type ConsoleCall = Omit<ConsoleRequest, 'environment'>;

/** The console reports the answer itself, so only failures to reach the API raise a notification. */
export function useSendRequest() {
  const environment = useEnvironment();
  return useMutation({
    mutationFn: (request: ConsoleCall) => call('console.send', { ...request, environment }),
    onError: notifyFailure,
  });
}

export function useBurst() {
  const environment = useEnvironment();
  return useMutation({
    mutationFn: (request: ConsoleCall & { count: number }) =>
      withProgress(
        `Sending ${request.count} requests…`,
        () => call('console.burst', { ...request, environment }),
        (result) => `Burst done: ${result.responses.length} answers.`,
      ),
  });
}
