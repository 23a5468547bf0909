import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Recomendacao } from '../../../contract';
import { recomendacoesQueries, useRefreshRecomendacoes } from '../../api/recomendacoes';
import { LoadError, nuncaCarregou } from '../../components/LoadError';
import { RecomendacoesTable } from '../../widgets/recomendacoes';

/** The row action: the recommendation as an order for many clients, its target the suggested one on the tick. */
function OrdemEmLote(r: Recomendacao) {
  return (
    <Button asChild size="xs" variant="outline" aria-label={`Ordem em lote de ${r.ticker}`}>
      <Link
        to="/ordens/lote"
        search={{ tipo: 'compra', ticker: r.ticker, tp: Math.round(r.alvo_sugerido * 100) / 100 }}
      >
        Ordem em lote
      </Link>
    </Button>
  );
}

export function RecomendacoesTab() {
  const query = useQuery(recomendacoesQueries.list());
  const refresh = useRefreshRecomendacoes();
  return (
    <Stack gap="4">
      <HStack gap="3" wrap="wrap">
        <Button
          size="sm"
          onClick={() => refresh.mutate()}
          loading={refresh.isPending || query.isFetching}
        >
          Atualizar
        </Button>
        {refresh.data && (
          <Text fontSize="sm" color="fg.muted" role="status">
            {refresh.data.message}
          </Text>
        )}
      </HStack>
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
          emptyText={query.isPending ? 'Carregando...' : 'Nenhuma recomendação encontrada.'}
          rowAction={OrdemEmLote}
        />
      )}
    </Stack>
  );
}
