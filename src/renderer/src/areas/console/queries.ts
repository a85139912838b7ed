import { useMutation } from '@tanstack/react-query';
import type { ConsoleRequest } from '../../../../shared/admin-schemas';
import { call } from '../../client/transport';
import { useEnvironment } from '../../client/EnvironmentProvider';
import { notifyFailure, withProgress } from '../../client/notify';
import { windowI18n } from '../../i18n/i18n';

const t = windowI18n.getFixedT(null, 'console');

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
        t('sending', { count: request.count }),
        () => call('console.burst', { ...request, environment }),
        (result) => t('burstDone', { count: result.responses.length }),
      ),
  });
}
