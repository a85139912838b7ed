import './no-eval';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/charts/styles.css';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { noteFailure, worthRetrying } from './access';
import { App } from './App';
import { EnvironmentProvider } from '../client/EnvironmentProvider';
import { startLiveUpdates } from '../client/live-updates';
import { cssVariablesResolver, LAYER, theme } from './theme';

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
  createRoot(root).render(
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
        <QueryClientProvider client={queryClient}>
          <EnvironmentProvider>
            <ModalsProvider labels={{ confirm: 'Confirm', cancel: 'Cancel' }}>
              {/* Above drawers, under dialogs: an open dialog shows its own failures, and no toast may cover its buttons. */}
              <Notifications position="bottom-right" limit={5} zIndex={LAYER.notifications} withAutoCloseProgress />
              <App />
            </ModalsProvider>
          </EnvironmentProvider>
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>,
  );
}
