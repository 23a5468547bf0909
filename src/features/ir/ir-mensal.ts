import type { LivroIr, MesIrCliente, SituacaoIr } from '../../../contract';
import { isMes, mesAnterior } from '../../widgets/ir';

/**
 * Ferramentas → IR mensal's rules, apart from React (tests/src/features/ir/ir-mensal.test.ts): which months can
 * be chosen and which one opens, the situation filter, and the line above the grid.
 */

/** How many months back can be chosen. */
export const MESES_NA_ESCOLHA = 24;

/** The month that opens: the one before today's, whose DARFs fall due this month. */
export const mesPadrao = (hoje: string) => mesAnterior(hoje.slice(0, 7));

/** The months offered, newest first: this one and the 23 before, plus `mes` when outside them. */
export function mesesParaEscolher(hoje: string, mes: string): string[] {
  const meses = [hoje.slice(0, 7)];
  while (meses.length < MESES_NA_ESCOLHA) meses.push(mesAnterior(meses.at(-1)!));
  if (!meses.includes(mes)) meses.push(mes);
  return meses.sort().reverse();
}

/** The screen's address: `?mes=aaaa-mm` (anything else dropped: the default month). */
export const irMensalSearch = (search: Record<string, unknown>): { mes?: string } =>
  isMes(search.mes) ? { mes: search.mes } : {};

export type FiltroSituacao = SituacaoIr | '';

/** The clients whose month is in the situation chosen ('' : all). */
export const filtrarPorSituacao = (clientes: readonly MesIrCliente[], situacao: FiltroSituacao) =>
  situacao === '' ? [...clientes] : clientes.filter((c) => c.situacao === situacao);

/** What the grid sums up: how many clients, how many DARFs and their total, and when they fall due. */
export function resumoDoLivro(livro: LivroIr) {
  const aPagar = livro.clientes.filter((c) => c.situacao === 'a_pagar');
  const total = Math.round(aPagar.reduce((t, c) => t + c.darf_valor, 0) * 100) / 100;
  return {
    clientes: livro.clientes.length,
    darfs: aPagar.length,
    total,
    abaixoDe10: livro.clientes.filter((c) => c.situacao === 'abaixo_de_10').length,
    // Every client's DARF of a month falls due on the same day.
    vencimento: livro.clientes[0]?.darf_vencimento ?? null,
  };
}
