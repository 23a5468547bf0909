import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { LoginPage } from '../features/auth/LoginPage';
import { whenIdle } from '../lib/idle';
import { session, useSession } from '../lib/session';
import { createQueryClient } from './query-client';
import { system } from './theme';

// The first screen's JavaScript is the login screen's: the router, the shell and the screens load after it shows.
const loadRouter = () => import('./router');
const AppRouter = lazy(async () => ({ default: (await loadRouter()).AppRouter }));

export function App({ queryClient: given }: { queryClient?: QueryClient }) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  const current = useSession();
  // However the session ends (Sair, a 401, another tab), the next user must not see this one's cached data.
  useEffect(
    () =>
      session.subscribe(() => {
        if (!session.get()) queryClient.clear();
      }),
    [queryClient],
  );
  // While the login screen waits for the user, the screen at its path loads, so that Entrar opens it at once.
  useEffect(() => {
    if (current) return;
    return whenIdle(() => {
      const { pathname, search } = window.location;
      void loadRouter().then((router) => router.preloadScreen(queryClient, pathname + search));
    });
  }, [current, queryClient]);

  return (
    <ChakraProvider value={system}>
      <QueryClientProvider client={queryClient}>
        {/* Any path shows the login screen while logged out; after login the same path renders. */}
        {current ? (
          <Suspense>
            <AppRouter queryClient={queryClient} />
          </Suspense>
        ) : (
          <LoginPage />
        )}
      </QueryClientProvider>
    </ChakraProvider>
  );
}
