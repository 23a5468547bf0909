import { createColumnHelper } from '@tanstack/react-table';
import type { PosicaoPainel } from '../../../../contract';
import { daysBetween, todayIso } from '../../../../shared/dates';
import { formatDate, formatInteger, formatNumber } from '../../../../shared/format';
import { resultadoAberto, type TotaisAbertas } from '../../../../shared/resultados';
import { cabecalho } from '../../../components/cabecalho';
import { META } from '../../../components/DataTable';
import { PrecoAtual } from '../../../components/PrecoAtual';
import { Total, TotalRotulo } from '../../../components/Total';
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

const comSinal = (v: number | null | undefined) => (
  <ValorComSinal value={v}>{formatNumber(v)}</ValorComSinal>
);

/** The totals of the rows the filters leave, and how many they are. */
export interface TotaisDoFiltro extends TotaisAbertas {
  linhas: number;
}

const nota = (n: number) =>
  n ? `${n} sem cotação: fora do valor atual, do resultado e da variação.` : undefined;

/**
 * The positions' columns (the specification's, then Resultado (R$) at today's quote); the ticker opens the
 * position's chart; the footer is the totals row of the rows shown.
 */
export const colunasDasPosicoes = (onChart: (p: PosicaoPainel) => void, t: TotaisDoFiltro) => [
  col.accessor('cliente', {
    header: 'Cliente',
    cell: (c) => (
      // A long name wraps instead of widening the grid past the screen.
      <span style={{ whiteSpace: 'normal', display: 'inline-block', maxWidth: '11em' }}>
        {c.getValue()}
      </span>
    ),
    footer: () => <TotalRotulo linhas={t.linhas} nota={nota(t.semCotacao)} />,
  }),
  col.accessor('acao', {
    header: 'Ação',
    cell: (c) => <TickerGrafico ticker={c.getValue()} onClick={() => onChart(c.row.original)} />,
  }),
  col.accessor((r) => r.data_compra ?? undefined, {
    id: 'data_compra',
    ...cabecalho('Data Compra', META.data),
    sortUndefined: 'last',
    cell: (c) => formatDate(c.getValue()),
  }),
  col.accessor((r) => r.preco_compra ?? undefined, {
    id: 'preco_compra',
    ...cabecalho('Preço Unitário', META.dinheiro),
    sortUndefined: 'last',
    cell: (c) => formatNumber(c.getValue()),
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
    ...cabecalho('Valor Total Compra', META.dinheiro),
    sortUndefined: 'last',
    cell: (c) => formatNumber(c.getValue()),
    footer: () => formatNumber(t.comprado),
  }),
  col.accessor((r) => r.preco_atual ?? undefined, {
    id: 'preco_atual',
    ...cabecalho('Preço Atual', META.dinheiro),
    sortUndefined: 'last',
    cell: (c) => <PrecoAtual value={c.getValue()} />,
    footer: () => <Total rotulo="Valor atual">{formatNumber(t.valorAtual)}</Total>,
  }),
  col.accessor((r) => r.lucro_percentual ?? undefined, {
    id: 'lucro_percentual',
    ...cabecalho('Variação (%)', META.percentual),
    sortUndefined: 'last',
    cell: (c) => comSinal(c.getValue()),
    footer: () => comSinal(t.variacao),
  }),
  col.accessor((r) => r.valor_alvo ?? undefined, {
    id: 'valor_alvo',
    ...cabecalho('Valor Alvo', META.dinheiro),
    sortUndefined: 'last',
    cell: (c) => formatNumber(c.getValue()),
  }),
  col.accessor(diasPosicionado, {
    id: 'dias_posicionado',
    ...cabecalho('Dias Posicionado', META.inteiro),
    sortUndefined: 'last',
    cell: (c) => formatInteger(c.getValue()),
  }),
  col.accessor((r) => resultadoAberto(r) ?? undefined, {
    id: 'resultado',
    ...cabecalho('Resultado (R$)', META.dinheiro),
    sortUndefined: 'last',
    cell: (c) => comSinal(c.getValue()),
    footer: () => comSinal(t.resultado),
  }),
];
