import { Alert, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Recomendacao } from '../../../contract';
import { recomendacoesQueries, useRefreshRecomendacoes } from '../../api/recomendacoes';
import { LoadError, nuncaCarregou } from '../../components/LoadError';
import { RecomendacoesTable } from './RecomendacoesTable';

interface Props {
  /** The page's heading, on the line of Atualizar (the server's answer then shows below, as an alert). */
  titulo?: ReactNode;
  /** Said in place of the rows when there are none. */
  emptyText: string;
  /** What a row offers (the control panel: an order for many clients). */
  rowAction?: (recomendacao: Recomendacao) => ReactNode;
}

/**
 * The latest recommendations with Atualizar (the server computes them again and says what it found), a failed
 * update or load said as such: the control panel's RECOMENDAÇÕES tab and the /recomendacoes page.
 */
export function RecomendacoesPainel({ titulo, emptyText, rowAction }: Props) {
  const query = useQuery(recomendacoesQueries.list());
  const refresh = useRefreshRecomendacoes();
  const mensagem = refresh.data?.message;
  return (
    <Stack gap="4">
      <HStack justify={titulo ? 'space-between' : 'start'} gap="3" wrap="wrap">
        {titulo}
        <Button
          size="sm"
          onClick={() => refresh.mutate()}
          loading={refresh.isPending || query.isFetching}
        >
          Atualizar
        </Button>
        {mensagem && !titulo && (
          <Text fontSize="sm" color="fg.muted" role="status">
            {mensagem}
          </Text>
        )}
      </HStack>
      {mensagem && titulo && (
        <Alert.Root status="info" role="status">
          <Alert.Indicator />
          <Alert.Title>{mensagem}</Alert.Title>
        </Alert.Root>
      )}
      {refresh.error && (
        <Text fontSize="sm" color="red.600" role="alert">
          Falha ao atualizar as recomendações. {refresh.error.message}
        </Text>
      )}
      {nuncaCarregou(query) ? (
        <LoadError
          what="as recomendações"
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <RecomendacoesTable
          data={query.data ?? []}
          emptyText={query.isPending ? 'Carregando...' : emptyText}
          rowAction={rowAction}
        />
      )}
    </Stack>
  );
}
