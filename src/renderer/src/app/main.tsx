import './no-eval';
import { firstLanguage } from './first-language';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/charts/styles.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { noteFailure, worthRetrying } from './access';
import { App } from './App';
import { EnvironmentProvider } from '../client/EnvironmentProvider';
import { startLiveUpdates } from '../client/live-updates';
import { cssVariablesResolver, LAYER, theme } from './theme';
import { showLanguage, windowI18n } from '../i18n/i18n';
import { ModalLabels } from './ModalLabels';
import { WindowLanguage } from './WindowLanguage';

const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error, query) => noteFailure(queryClient, error, query.queryKey) }),
  mutationCache: new MutationCache({ onError: (error) => noteFailure(queryClient, error) }),
  defaultOptions: {
    queries: { retry: worthRetrying, staleTime: 5_000 },
    mutations: { retry: false },
  },
});

startLiveUpdates(queryClient);

const root = document.getElementById('root');
if (root) {
  await showLanguage(firstLanguage).catch(() => undefined);
  createRoot(root).render(
    <StrictMode>
      <I18nextProvider i18n={windowI18n}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
          <QueryClientProvider client={queryClient}>
            <EnvironmentProvider>
              <ModalLabels>
                {/* Above drawers, under dialogs: an open dialog shows its own failures, and no toast may cover its buttons. */}
                <Notifications position="bottom-right" limit={5} zIndex={LAYER.notifications} withAutoCloseProgress />
                <WindowLanguage />
                <App />
              </ModalLabels>
            </EnvironmentProvider>
          </QueryClientProvider>
        </MantineProvider>
      </I18nextProvider>
    </StrictMode>,
  );
}
