import { createColumnHelper } from '@tanstack/react-table';
import type { PosicaoPainel } from '../../../../contract';
import { daysBetween, todayIso } from '../../../../shared/dates';
import { formatDate, formatInteger, formatNumber } from '../../../../shared/format';
import { META } from '../../../components/DataTable';
import { PrecoAtual } from '../../../components/PrecoAtual';
import { ValorComSinal } from '../../../components/ValorComSinal';
import { graficoDaPosicao, TickerGrafico } from '../../../widgets/grafico';

/** Specification section 9: the server's value, else days from the purchase to today, never negative. */
function diasPosicionado(p: PosicaoPainel): number | undefined {
  if (p.dias_posicionado !== null) return p.dias_posicionado;
  return p.data_compra ? Math.max(0, daysBetween(p.data_compra, todayIso())) : undefined;
}

const col = createColumnHelper<PosicaoPainel>();
// Missing values (undefined) sort after the others in both directions.

/** A position's chart: its buy and its target. */
export const graficoDe = (p: PosicaoPainel) =>
  graficoDaPosicao({
    ticker: p.acao,
    data_compra: p.data_compra,
    preco_compra: p.preco_compra,
    valor_alvo: p.valor_alvo,
  });

/** The positions' columns; the ticker opens the position's chart. */
export const colunasDasPosicoes = (onChart: (p: PosicaoPainel) => void) => [
  col.accessor('cliente', { header: 'Cliente' }),
  col.accessor('acao', {
    header: 'Ação',
    cell: (c) => <TickerGrafico ticker={c.getValue()} onClick={() => onChart(c.row.original)} />,
  }),
  col.accessor((r) => r.data_compra ?? undefined, {
    id: 'data_compra',
    header: 'Data Compra',
    sortUndefined: 'last',
    cell: (c) => formatDate(c.getValue()),
    meta: META.data,
  }),
  col.accessor((r) => r.preco_compra ?? undefined, {
    id: 'preco_compra',
    header: 'Preço Unitário',
    sortUndefined: 'last',
    cell: (c) => formatNumber(c.getValue()),
    meta: META.dinheiro,
  }),
  col.accessor((r) => r.quantidade ?? undefined, {
    id: 'quantidade',
    header: 'Quantidade',
    sortUndefined: 'last',
    cell: (c) => formatInteger(c.getValue()),
    meta: META.inteiro,
  }),
  col.accessor((r) => r.valor_total_compra ?? undefined, {
    id: 'valor_total_compra',
    header: 'Valor Total Compra',
    sortUndefined: 'last',
    cell: (c) => formatNumber(c.getValue()),
    meta: META.dinheiro,
  }),
  col.accessor((r) => r.preco_atual ?? undefined, {
    id: 'preco_atual',
    header: 'Preço Atual',
    sortUndefined: 'last',
    cell: (c) => <PrecoAtual value={c.getValue()} />,
    meta: META.dinheiro,
  }),
  col.accessor((r) => r.lucro_percentual ?? undefined, {
    id: 'lucro_percentual',
    header: 'Variação (%)',
    sortUndefined: 'last',
    cell: (c) => <ValorComSinal value={c.getValue()}>{formatNumber(c.getValue())}</ValorComSinal>,
    meta: META.percentual,
  }),
  col.accessor((r) => r.valor_alvo ?? undefined, {
    id: 'valor_alvo',
    header: 'Valor Alvo',
    sortUndefined: 'last',
    cell: (c) => formatNumber(c.getValue()),
    meta: META.dinheiro,
  }),
  col.accessor(diasPosicionado, {
    id: 'dias_posicionado',
    header: 'Dias Posicionado',
    sortUndefined: 'last',
    cell: (c) => formatInteger(c.getValue()),
    meta: META.inteiro,
  }),
];
