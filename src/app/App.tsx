import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { LoginPage } from '../features/auth/LoginPage';
import { useAcessoRestrito } from '../features/conta/acesso-restrito';
import { whenIdle } from '../lib/idle';
import { session, useSession } from '../lib/session';
import { createQueryClient } from './query-client';
import { system } from './theme';

// The first screen's JavaScript is the login screen's: the router, the shell and the screens load after it shows.
const loadRouterModule = () => import('./router');
type RouterModule = Awaited<ReturnType<typeof loadRouterModule>>;
// A temporary password's or a missing second factor's screen (issue 32): only those sessions load it.
const AcessoRestrito = lazy(async () => ({
  default: (await import('../features/conta/AcessoRestrito')).AcessoRestrito,
}));

export function App({ queryClient: given }: { queryClient?: QueryClient }) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  const current = useSession();
  const restrito = useAcessoRestrito(current);
  // However the session ends (Sair, a 401, another tab), the next user must not see this one's cached data.
  useEffect(
    () =>
      session.subscribe(() => {
        if (!session.get()) queryClient.clear();
      }),
    [queryClient],
  );
  // The logged-in product and its router, on the address: made at once when logged in, else while the login
  // screen waits for the user (its screen's code loading too), so that Entrar shows that screen at once.
  const [loggedIn, setLoggedIn] = useState<{
    LoggedIn: RouterModule['LoggedIn'];
    router: ReturnType<RouterModule['loadAppRouter']>;
  } | null>(null);
  const loading = useRef<Promise<void> | null>(null);
  useEffect(() => {
    if (loading.current) return;
    const load = () => {
      loading.current ??= loadRouterModule().then(({ LoggedIn, loadAppRouter }) =>
        setLoggedIn({ LoggedIn, router: loadAppRouter(queryClient) }),
      );
    };
    if (!current) return whenIdle(load);
    load();
  }, [current, queryClient]);

  return (
    <ChakraProvider value={system}>
      <QueryClientProvider client={queryClient}>
        {/* Any path shows the login screen while logged out; after login the same path renders. */}
        {!current ? (
          <LoginPage />
        ) : restrito.tela ? (
          <Suspense>
            <AcessoRestrito escopo={restrito.tela} onConcluido={restrito.concluir} />
          </Suspense>
        ) : (
          loggedIn && <loggedIn.LoggedIn router={loggedIn.router} />
        )}
      </QueryClientProvider>
    </ChakraProvider>
  );
}
