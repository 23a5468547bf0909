import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';

/**
 * Failed calls are logged and the previous data stays on screen (specification section 8); a screen that
 * must say more (a dialog, an import) reads the mutation's error itself.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error) => console.error(error.message) }),
    mutationCache: new MutationCache({ onError: (error) => console.error(error.message) }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failureCount, error) =>
          failureCount < 2 &&
          !(
            'status' in error &&
            typeof error.status === 'number' &&
            error.status < 500 &&
            error.status > 0
          ),
        refetchOnWindowFocus: false,
        // Offline, a call fails (and is retried) instead of waiting paused: a screen's spinner ends in its error
        // with Tentar novamente, and the banner says the connection is lost; back online, the failed queries
        // run again by themselves (refetchOnReconnect, and the banner's retries: src/components/SemConexao.tsx).
        networkMode: 'always',
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
