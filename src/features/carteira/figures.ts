import type { Operacao, ResumoCliente } from '../../../contract';
import { daysBetween } from '../../../shared/dates';
import type { Cor } from '../../lib/sinal';

/** The portfolio's display math (specification sections 2 and 9); pure, so it is unit-tested on its own. */

/** Resultado atual = posicionado − (−realizadas), as the specification words it. */
export function resultadoAtual(resumo: ResumoCliente | undefined): number | null {
  if (!resumo || resumo.posicionado === null || resumo.realizadas === null) return null;
  return resumo.posicionado - -resumo.realizadas;
}

/** Dias Posicionado: the server's value, else days from purchase to today, never negative. */
export function diasPosicionado(
  op: Pick<Operacao, 'dias_posicionado' | 'data_compra'>,
  hoje: string,
): number | null {
  if (op.dias_posicionado !== null) return op.dias_posicionado;
  if (!op.data_compra) return null;
  return Math.max(0, daysBetween(op.data_compra, hoje));
}

const percent = (a: number | null | undefined, b: number | null | undefined) =>
  a === null || a === undefined || b === null || b === undefined || b === 0
    ? null
    : (a / b - 1) * 100;

/** Variação (%): today's quote against the purchase price. */
export const variacao = (precoAtual: number | null | undefined, precoUnitario: number | null) =>
  percent(precoAtual, precoUnitario);

/** To Gain (%): how far the target still is from today's quote (≤ 0 once it is reached). */
export const toGain = (valorAlvo: number | null, precoAtual: number | null | undefined) =>
  percent(valorAlvo, precoAtual);

/** % Resultado of a realised operation. */
export const percentualResultado = (
  op: Pick<Operacao, 'preco_venda_unitario' | 'preco_unitario'>,
) => percent(op.preco_venda_unitario, op.preco_unitario);

/** Valor Resultado of a realised operation, to the cent. */
export function valorResultado(
  op: Pick<Operacao, 'valor_total_venda' | 'valor_total_compra'>,
): number | null {
  if (op.valor_total_venda === null || op.valor_total_compra === null) return null;
  return Math.round((op.valor_total_venda - op.valor_total_compra) * 100) / 100;
}

/** To Gain: green when ≤ 0 (target reached), else orange. */
export const corToGain = (value: number | null | undefined): Cor | null =>
  value === null || value === undefined ? null : value <= 0 ? 'verde' : 'laranja';

/** Quote tickers get the suffix .SA (specification section 9). */
export function tickersCotacao(ops: Operacao[]): string[] {
  return [
    ...new Set(ops.filter((o) => o.data_venda === null).map((o) => `${o.acao_nome}.SA`)),
  ].sort();
}
