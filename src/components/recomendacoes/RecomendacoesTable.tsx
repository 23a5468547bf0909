import { Text } from '@chakra-ui/react';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, type ReactNode } from 'react';
import type { Recomendacao } from '../../../contract';
import { formatDate, formatInteger, formatNumber } from '../../../shared/format';
import { DataTable } from '../DataTable';

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
const numeric = { meta: { numeric: true } } as const;
const number = (c: { getValue: () => number }) => formatNumber(c.getValue());
const sinal = (c: { getValue: () => boolean }) => <Sinal value={c.getValue()} />;

/** The 22 columns of the specification, in its order and with its labels. */
const columns = [
  col.accessor('ticker', {
    header: 'Ticker',
    cell: (c) => <Text fontWeight="semibold">{c.getValue()}</Text>,
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
  col.accessor('data', { header: 'Data', cell: (c) => formatDate(c.getValue()) }),
  col.accessor('preco_compra', { header: 'Preço compra', cell: number, ...numeric }),
  col.accessor('alvo_sugerido', { header: 'Alvo sugerido', cell: number, ...numeric }),
  col.accessor('percentual_estimado', { header: '% Estimado', cell: number, ...numeric }),
  col.accessor('probabilidade', { header: 'Probabilidade', cell: number, ...numeric }),
  col.accessor('vezes_atingiu_alvo_1m', {
    header: 'Vezes alvo 1m',
    cell: (c) => formatInteger(c.getValue()),
    ...numeric,
  }),
  col.accessor('cruza_medias', { header: 'Cruza médias', cell: sinal }),
  col.accessor('obv_cres', { header: 'OBV', cell: sinal }),
  col.accessor('vol_acima_media', { header: 'Volume', cell: sinal }),
  col.accessor('wma602', { header: 'WMA602', cell: sinal }),
  col.accessor('MIN', { header: 'MIN', cell: number, ...numeric }),
  col.accessor('MAX', { header: 'MAX', cell: number, ...numeric }),
  col.accessor('AMPLITUDE', { header: 'AMPLITUDE', cell: number, ...numeric }),
  col.accessor('AMP_AxF', { header: 'AMP A×F', cell: number, ...numeric }),
  col.accessor('AMP_MXxMN', { header: 'AMP MX×MN', cell: number, ...numeric }),
  col.accessor('A_x_F', { header: 'A×F', cell: number, ...numeric }),
  col.accessor('ALVO', { header: 'ALVO', cell: number, ...numeric }),
  col.accessor('ALTA', { header: 'ALTA', cell: (c) => formatInteger(c.getValue()), ...numeric }),
  col.accessor('BAIXA', { header: 'BAIXA', cell: (c) => formatInteger(c.getValue()), ...numeric }),
];

export interface RecomendacoesTableProps {
  data: Recomendacao[];
  emptyText: string;
  /** What a row offers (the control panel: an order for many clients); an Ações column after the 22. */
  rowAction?: (recomendacao: Recomendacao) => ReactNode;
}

/** The recommendations grid of the control panel and of /recomendacoes, in the server's order at first. */
export function RecomendacoesTable({ data, emptyText, rowAction }: RecomendacoesTableProps) {
  const withAction = useMemo(
    () =>
      rowAction
        ? [
            ...columns,
            col.display({ id: 'acoes', header: 'Ações', cell: (c) => rowAction(c.row.original) }),
          ]
        : columns,
    [rowAction],
  );
  return (
    <DataTable
      label="Recomendações"
      columns={withAction}
      data={data}
      getRowId={(r) => r.ticker}
      emptyText={emptyText}
    />
  );
}
