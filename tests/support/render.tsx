import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import userEvent from '@testing-library/user-event';
import type { Papel } from '../../contract';
import { App } from '../../src/app/App';
import { createQueryClient } from '../../src/app/query-client';
import { session } from '../../src/lib/session';
import { system } from '../../src/app/theme';

const clients = new Set<QueryClient>();

/** Ends what the test's query clients still do (an MT5 order followed after its dialog closed). */
export function clearQueryClients() {
  for (const client of clients) client.clear();
  clients.clear();
}

function testQueryClient(): QueryClient {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  clients.add(queryClient);
  return queryClient;
}

/**
 * Renders the whole SPA at a path, logged in unless told otherwise: as an administrator with a full session unless
 * told another role (issue 32), or `papel: null` for a session stored before roles existed (the SPA asks GET eu/).
 */
export function renderApp(
  path = '/',
  {
    loggedIn = true,
    username = 'operador',
    papel = 'admin',
  }: { loggedIn?: boolean; username?: string; papel?: Papel | null } = {},
) {
  if (loggedIn)
    session.login({
      access: 'mock.token',
      username,
      ...(papel && { papel, escopo: 'completo' as const }),
    });
  else session.logout();
  window.history.replaceState({}, '', path);
  const queryClient = testQueryClient();
  const user = userEvent.setup();
  return { user, queryClient, ...render(<App queryClient={queryClient} />) };
}

/** Renders one component with the app's providers (theme, a fresh query client without retries). */
export function renderWithProviders(ui: ReactElement) {
  const queryClient = testQueryClient();
  const user = userEvent.setup();
  return {
    user,
    queryClient,
    ...render(
      <ChakraProvider value={system}>
        <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
      </ChakraProvider>,
    ),
  };
}
