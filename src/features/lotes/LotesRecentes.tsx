import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import type { LoteResumo } from '../../../contract';
import { formatInteger } from '../../../shared/format';
import { lotesQueries } from '../../api/lotes';
import { DataTable, META } from '../../components/DataTable';
import { formatDataHora } from './figures';

const col = createColumnHelper<LoteResumo>();
const count = (
  header: string,
  key: 'clientes' | 'executadas' | 'parciais' | 'falhas' | 'em_andamento',
) => col.accessor(key, { header, cell: (c) => formatInteger(c.getValue()), meta: META.inteiro });

const columns = [
  col.accessor('criado_em', {
    header: 'Data',
    cell: (c) => formatDataHora(c.getValue()),
    meta: { formato: 'dataHora' },
  }),
  col.accessor('lado', {
    header: 'Tipo',
    cell: (c) => (c.getValue() === 'compra' ? 'Compra' : 'Venda'),
    meta: { exportar: (l) => (l.lado === 'compra' ? 'Compra' : 'Venda') },
  }),
  col.accessor('ticker_base', { header: 'Ação' }),
  count('Clientes', 'clientes'),
  count('Executadas', 'executadas'),
  count('Em parte', 'parciais'),
  count('Falhas', 'falhas'),
  count('Em andamento', 'em_andamento'),
  col.accessor('criado_por', { header: 'Usuário' }),
  col.display({
    id: 'acompanhar',
    header: 'Ações',
    cell: (c) => (
      <Button asChild size="xs" variant="outline">
        <Link to="/ordens/lote" search={{ lote: c.row.original.lote_id }}>
          Acompanhar
        </Link>
      </Button>
    ),
  }),
];

/** The newest lotes, to watch one again (a closed browser, another operator's). */
export function LotesRecentes() {
  const query = useQuery(lotesQueries.list());
  return (
    <Stack gap="3">
      <Heading as="h2" size="md">
        Lotes recentes
      </Heading>
      {/* Said outside the table: a narrow screen scrolls the table, and would cut the sentence. */}
      {query.data?.length ? (
        <DataTable
          label="Lotes recentes"
          columns={columns}
          data={query.data}
          getRowId={(l) => l.lote_id}
          exportacao={{ nome: 'Lotes recentes' }}
        />
      ) : (
        <Text color="fg.muted">
          {query.isPending
            ? 'Carregando...'
            : query.isError
              ? `Não foi possível carregar os lotes: ${query.error.message}`
              : 'Nenhum lote enviado ainda.'}
        </Text>
      )}
    </Stack>
  );
}
