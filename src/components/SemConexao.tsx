import { Alert, Box } from '@chakra-ui/react';
import { onlineManager, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { useSemResposta } from '../lib/conexao';

/** How often the failed screens' calls are tried again while the connection is lost. */
export const RECONEXAO_MS = 5_000;

export const SEM_CONEXAO = 'Sem conexão — tentando novamente';

const useOffline = () =>
  useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => !onlineManager.isOnline(),
    () => false,
  );

/** The queries on screen that failed: asked again (their screens show their data again by themselves). */
const tentarDeNovo = (queryClient: QueryClient) =>
  queryClient.refetchQueries({ type: 'active', predicate: (q) => q.state.status === 'error' });

/**
 * The banner while the server cannot be reached — the browser offline, or calls that got no answer (issue 34,
 * rough edge 4) — and what makes the app resume by itself: the failed queries are tried again every few seconds
 * while it shows, and once more when it goes (an answer came back).
 */
export function SemConexao() {
  const offline = useOffline();
  const semResposta = useSemResposta();
  const semConexao = offline || semResposta;
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!semConexao) {
      void tentarDeNovo(queryClient);
      return;
    }
    const timer = setInterval(() => void tentarDeNovo(queryClient), RECONEXAO_MS);
    return () => clearInterval(timer);
  }, [semConexao, queryClient]);
  if (!semConexao) return null;
  return (
    <Box position="sticky" top="0" zIndex="banner">
      <Alert.Root status="warning" variant="solid" role="status" rounded="none" py="2">
        <Alert.Indicator />
        <Alert.Title>{SEM_CONEXAO}</Alert.Title>
      </Alert.Root>
    </Box>
  );
}
