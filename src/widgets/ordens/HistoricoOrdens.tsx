import { Stack, Text } from '@chakra-ui/react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { clientesQueries } from '../../api/clientes';
import { ordensQueries } from '../../api/ordens';
import { DataTable } from '../../components/DataTable';
import { contagem, filtrosDe, nomeDoCliente, VAZIO, type Campos } from './historico';
import { colunasDoHistorico } from './historicoColunas';
import { HistoricoFiltros } from './HistoricoFiltros';

/**
 * The order history: every order group newest first, filtered on the server and loaded a page at a time (the
 * cursor never repeats nor skips an order while new ones arrive). `clienteId` fixes the client (the portfolio's
 * ORDENS tab): its filter and column are left out.
 */
export function HistoricoOrdens({ clienteId }: { clienteId?: number }) {
  const [campos, setCampos] = useState<Campos>(VAZIO);
  const filtros = useMemo(() => filtrosDe(campos, clienteId), [campos, clienteId]);
  const query = useInfiniteQuery(ordensQueries.list(filtros));
  const comCliente = clienteId === undefined;
  const clientes = useQuery({ ...clientesQueries.list(), enabled: comCliente });
  const fixo = useQuery({ ...clientesQueries.detail(clienteId ?? 0), enabled: !comCliente });
  const ordens = useMemo(() => query.data?.pages.flatMap((p) => p.results) ?? [], [query.data]);
  const columns = useMemo(() => colunasDoHistorico(comCliente), [comCliente]);

  return (
    <Stack gap="4">
      <HistoricoFiltros
        campos={campos}
        onChange={setCampos}
        clientes={comCliente ? (clientes.data ?? []) : undefined}
        onRefresh={() => void query.refetch()}
        refreshing={query.isRefetching}
      />
      <DataTable
        label="Histórico de ordens"
        columns={columns}
        data={ordens}
        getRowId={(o) => o.group_id}
        emptyText={query.isPending ? 'Carregando...' : 'Nenhuma ordem encontrada.'}
        infinite={query}
        toolbar={
          <Text fontSize="sm" color="fg.muted" aria-live="polite">
            {contagem(ordens.length, query.hasNextPage, query.isPending)}
          </Text>
        }
        exportacao={{
          nome: 'Ordens',
          de: nomeDoCliente(campos, comCliente ? undefined : fixo.data, clientes.data),
        }}
      />
    </Stack>
  );
}
