import { Button, HStack, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import type { PatrimonioDisponivel } from '../../../contract';
import { formatMoney } from '../../../shared/format';
import { painelQueries } from '../../api/painel';
import { DataTable, META } from '../../components/DataTable';
import { LoadError, nuncaCarregou } from '../../components/LoadError';
import { ValorComSinal } from '../../components/ValorComSinal';
import { vermelhoSeNegativo } from '../../lib/sinal';

const col = createColumnHelper<PatrimonioDisponivel>();
const texto = (key: 'codigo' | 'nome') => (r: PatrimonioDisponivel) => r[key] ?? undefined;
const valor =
  (key: 'patrimonio' | 'total_consolidado' | 'valor_disponivel') => (r: PatrimonioDisponivel) =>
    r[key] ?? undefined;
const money = (c: { getValue: () => number | undefined }) => formatMoney(c.getValue());

const columns = [
  col.accessor(texto('codigo'), {
    id: 'codigo',
    header: 'Código',
    sortUndefined: 'last',
    cell: (c) => c.getValue() ?? '—',
  }),
  col.accessor(texto('nome'), {
    id: 'nome',
    header: 'Nome',
    sortUndefined: 'last',
    cell: (c) => c.getValue() ?? '—',
  }),
  col.accessor(valor('patrimonio'), {
    id: 'patrimonio',
    header: 'Patrimônio',
    sortUndefined: 'last',
    cell: money,
    meta: META.dinheiro,
  }),
  col.accessor(valor('total_consolidado'), {
    id: 'total_consolidado',
    header: 'Total Consolidado',
    sortUndefined: 'last',
    cell: money,
    meta: META.dinheiro,
  }),
  col.accessor(valor('valor_disponivel'), {
    id: 'valor_disponivel',
    header: 'Valor Disponível',
    sortUndefined: 'last',
    // Valor Disponível: in red when the client holds more than its share of the patrimony allows.
    cell: (c) => (
      <ValorComSinal
        value={c.getValue()}
        cor={vermelhoSeNegativo}
        fontWeight={vermelhoSeNegativo(c.getValue()) ? 'semibold' : 'normal'}
      >
        {formatMoney(c.getValue())}
      </ValorComSinal>
    ),
    meta: META.dinheiro,
  }),
];

export function PatrimonioTab() {
  const query = useQuery(painelQueries.patrimonioDisponivel());
  return (
    <Stack gap="4">
      <HStack>
        <Button size="sm" onClick={() => void query.refetch()} loading={query.isFetching}>
          Atualizar
        </Button>
      </HStack>
      {nuncaCarregou(query) ? (
        <LoadError
          what="o patrimônio disponível"
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <DataTable
          label="Patrimônio disponível"
          columns={columns}
          data={query.data ?? []}
          getRowId={(r) => `${r.codigo ?? ''}|${r.nome ?? ''}`}
          initialSorting={[{ id: 'nome', desc: false }]}
          emptyText={query.isPending ? 'Carregando...' : undefined}
          exportacao={{ nome: 'Patrimônio disponível' }}
        />
      )}
    </Stack>
  );
}
