import { Text } from '@chakra-ui/react';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState, type ReactNode } from 'react';
import type { Recomendacao } from '../../../contract';
import { formatDate, formatInteger, formatNumber } from '../../../shared/format';
import { DataTable, META } from '../../components/DataTable';
import { GraficoDialog, graficoDaRecomendacao, TickerGrafico, type Grafico } from '../grafico';

function Sinal({ value }: { value: boolean }) {
  return (
    <Text
      as="span"
      role="img"
      aria-label={value ? 'Sim' : 'Não'}
      title={value ? 'Sim' : 'Não'}
      color={value ? 'green.600' : 'red.600'}
      fontWeight="bold"
    >
      {value ? '✓' : '✗'}
    </Text>
  );
}

const col = createColumnHelper<Recomendacao>();
const number = (c: { getValue: () => number }) => formatNumber(c.getValue());
const sinal = (c: { getValue: () => boolean }) => <Sinal value={c.getValue()} />;

/** The 22 columns of the specification, in its order and with its labels; the ticker opens the chart. */
const colunas = (onChart: (r: Recomendacao) => void) => [
  col.accessor('ticker', {
    header: 'Ticker',
    cell: (c) => <TickerGrafico ticker={c.getValue()} onClick={() => onChart(c.row.original)} />,
  }),
  col.accessor((r) => r.empresa ?? undefined, {
    id: 'empresa',
    header: 'Empresa',
    sortUndefined: 'last',
    cell: (c) => c.getValue() ?? '—',
  }),
  col.accessor((r) => r.setor ?? undefined, {
    id: 'setor',
    header: 'Setor',
    sortUndefined: 'last',
    cell: (c) => c.getValue() ?? '—',
  }),
  col.accessor('data', { header: 'Data', cell: (c) => formatDate(c.getValue()), meta: META.data }),
  col.accessor('preco_compra', { header: 'Preço compra', cell: number, meta: META.dinheiro }),
  col.accessor('alvo_sugerido', { header: 'Alvo sugerido', cell: number, meta: META.dinheiro }),
  col.accessor('percentual_estimado', {
    header: '% Estimado',
    cell: number,
    meta: META.percentual,
  }),
  col.accessor('probabilidade', { header: 'Probabilidade', cell: number, meta: META.percentual }),
  col.accessor('vezes_atingiu_alvo_1m', {
    header: 'Vezes alvo 1m',
    cell: (c) => formatInteger(c.getValue()),
    meta: META.inteiro,
  }),
  col.accessor('cruza_medias', { header: 'Cruza médias', cell: sinal, meta: META.simNao }),
  col.accessor('obv_cres', { header: 'OBV', cell: sinal, meta: META.simNao }),
  col.accessor('vol_acima_media', { header: 'Volume', cell: sinal, meta: META.simNao }),
  col.accessor('wma602', { header: 'WMA602', cell: sinal, meta: META.simNao }),
  col.accessor('MIN', { header: 'MIN', cell: number, meta: META.dinheiro }),
  col.accessor('MAX', { header: 'MAX', cell: number, meta: META.dinheiro }),
  col.accessor('AMPLITUDE', { header: 'AMPLITUDE', cell: number, meta: META.percentual }),
  col.accessor('AMP_AxF', { header: 'AMP A×F', cell: number, meta: META.percentual }),
  col.accessor('AMP_MXxMN', { header: 'AMP MX×MN', cell: number, meta: META.percentual }),
  col.accessor('A_x_F', { header: 'A×F', cell: number, meta: META.percentual }),
  col.accessor('ALVO', { header: 'ALVO', cell: number, meta: META.percentual }),
  col.accessor('ALTA', {
    header: 'ALTA',
    cell: (c) => formatInteger(c.getValue()),
    meta: META.inteiro,
  }),
  col.accessor('BAIXA', {
    header: 'BAIXA',
    cell: (c) => formatInteger(c.getValue()),
    meta: META.inteiro,
  }),
];

export interface RecomendacoesTableProps {
  data: Recomendacao[];
  emptyText: string;
  /** What a row offers (the control panel: an order for many clients); an Ações column after the 22. */
  rowAction?: (recomendacao: Recomendacao) => ReactNode;
}

/** The recommendations grid of the control panel and of /recomendacoes, in the server's order at first. */
export function RecomendacoesTable({ data, emptyText, rowAction }: RecomendacoesTableProps) {
  const [grafico, setGrafico] = useState<Grafico | null>(null);
  const columns = useMemo(() => {
    const todas = colunas((r) => setGrafico(graficoDaRecomendacao(r)));
    return rowAction
      ? [
          ...todas,
          col.display({
            id: 'acoes',
            header: 'Ações',
            meta: { pinRight: true },
            cell: (c) => rowAction(c.row.original),
          }),
        ]
      : todas;
  }, [rowAction]);
  return (
    <>
      <DataTable
        label="Recomendações"
        columns={columns}
        data={data}
        getRowId={(r) => r.ticker}
        emptyText={emptyText}
        exportacao={{ nome: 'Recomendações' }}
      />
      <GraficoDialog grafico={grafico} onClose={() => setGrafico(null)} />
    </>
  );
}
