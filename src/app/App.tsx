import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { session } from '../lib/session';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';
import { system } from './theme';

export function App({ queryClient: given }: { queryClient?: QueryClient }) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  const [router] = useState(() => createAppRouter(queryClient));
  // However the session ends (Sair, a 401, another tab), the next user must not see this one's cached data.
  useEffect(
    () =>
      session.subscribe(() => {
        if (!session.get()) queryClient.clear();
      }),
    [queryClient],
  );
  return (
    <ChakraProvider value={system}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ChakraProvider>
  );
}
