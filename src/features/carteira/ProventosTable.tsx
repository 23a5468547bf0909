import { Alert, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { TIPO_EVENTO_NOME, type Provento } from '../../../contract';
import { formatDate, formatInteger, formatNumber } from '../../../shared/format';
import { carteiraQueries } from '../../api/carteira';
import { DataTable, META } from '../../components/DataTable';

const col = createColumnHelper<Provento>();

/** Values per share often have more than 2 places (R$ 0,4567): shown with theirs, at least 2. */
const porAcao = (v: number) =>
  formatNumber(v, Math.min(Math.max(String(v).split('.')[1]?.length ?? 0, 2), 8));

const columns = [
  col.accessor('data_ex', {
    header: 'Data Ex',
    cell: (c) => formatDate(c.getValue()),
    meta: META.data,
  }),
  col.accessor('acao_nome', {
    header: 'Ação',
    cell: (c) => <Text fontWeight="semibold">{c.getValue()}</Text>,
  }),
  col.accessor((p) => TIPO_EVENTO_NOME[p.tipo], { id: 'tipo', header: 'Tipo' }),
  col.accessor('quantidade', {
    header: 'Quantidade',
    cell: (c) => formatInteger(c.getValue()),
    meta: META.inteiro,
  }),
  col.accessor('valor_por_acao', {
    header: 'Valor por Ação',
    cell: (c) => porAcao(c.getValue()),
    meta: { ...META.dinheiro, exato: true },
  }),
  col.accessor('valor_bruto', {
    header: 'Valor Bruto',
    cell: (c) => formatNumber(c.getValue()),
    meta: META.dinheiro,
  }),
  col.accessor('valor_liquido', {
    header: 'Valor Líquido',
    cell: (c) => formatNumber(c.getValue()),
    meta: META.dinheiro,
  }),
];

/** PROVENTOS: the cash the client received per corporate event (JCP net of its withholding). */
export function ProventosTable({ clienteId, cliente }: { clienteId: number; cliente?: string }) {
  const proventos = useQuery(carteiraQueries.proventos(clienteId));
  // One notice per company and month, however many dividends it sums (issue 29).
  const avisos = [...new Set((proventos.data ?? []).flatMap((p) => (p.aviso ? [p.aviso] : [])))];
  return (
    <Stack gap="3">
      {avisos.map((aviso) => (
        <Alert.Root key={aviso} status="info">
          <Alert.Indicator />
          <Alert.Title>{aviso}</Alert.Title>
        </Alert.Root>
      ))}
      <ProventosGrid data={proventos.data ?? []} pending={proventos.isPending} cliente={cliente} />
    </Stack>
  );
}

function ProventosGrid({
  data,
  pending,
  cliente,
}: {
  data: Provento[];
  pending: boolean;
  cliente?: string;
}) {
  return (
    <DataTable
      label="Proventos recebidos"
      columns={columns}
      data={data}
      getRowId={(p) => String(p.evento)}
      emptyText={pending ? 'Carregando...' : 'Nenhum provento recebido.'}
      exportacao={{ nome: 'Proventos', de: cliente }}
    />
  );
}
