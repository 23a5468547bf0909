import type { Execucao, LoteVendaRequest, PosicaoPainel } from '../../../contract';
import { Decimal } from '../../../shared/decimal';
import { formatInteger } from '../../../shared/format';
import { somaExata } from '../../../shared/lotes';
import type { AcaoOpcao } from '../../components/form';

/**
 * The sale lote's state (pure): the stocks someone holds open, who sells (everyone who holds the chosen one,
 * unless unticked), the totals, and the lote Enviar venda sends.
 */

/** What the form holds: the stock, execução and the limit price. */
export interface VendaLoteValores {
  acao: string;
  execucao: Execucao;
  preco?: number | undefined;
}

const collator = new Intl.Collator('pt-BR');

/** Each stock held open, in order, with how many operations: 'ABEV3 (2 operações)'. */
export function acoesEmAberto(posicoes: readonly PosicaoPainel[]): AcaoOpcao[] {
  const count = new Map<string, number>();
  for (const p of posicoes) count.set(p.acao, (count.get(p.acao) ?? 0) + 1);
  return [...count]
    .sort(([a], [b]) => collator.compare(a, b))
    .map(([acao, n]) => ({
      value: acao,
      label: `${acao} (${formatInteger(n)} ${n === 1 ? 'operação' : 'operações'})`,
    }));
}

/** The operations the operator unticked, for one stock: choosing another starts with everyone ticked again. */
export interface Fora {
  acao: string;
  ids: ReadonlySet<number>;
}

export const foraDe = (fora: Fora, acao: string): ReadonlySet<number> =>
  fora.acao === acao ? fora.ids : new Set();

/** Ticks (`vende`) or unticks operations of `acao`. */
export function alternar(fora: Fora, acao: string, ids: number[], vende: boolean): Fora {
  const next = new Set(foraDe(fora, acao));
  for (const id of ids) {
    if (vende) next.delete(id);
    else next.add(id);
  }
  return { acao, ids: next };
}

/** The operations of `acao` that sell: all of them but the unticked. */
export const selecionadasDe = (posicoes: readonly PosicaoPainel[], fora: Fora, acao: string) =>
  posicoes.filter((p) => p.acao === acao && !foraDe(fora, acao).has(p.id));

/** (preço atual − preço de compra) × quantidade, to the cent; nothing without a quote. */
export function resultado(p: PosicaoPainel): number | null {
  if (p.preco_atual === null || p.preco_compra === null || p.quantidade === null) return null;
  return new Decimal(p.preco_atual)
    .minus(p.preco_compra)
    .times(p.quantidade)
    .toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
    .toNumber();
}

const aPrecoAtual = (p: PosicaoPainel) =>
  p.preco_atual === null || p.quantidade === null
    ? null
    : new Decimal(p.preco_atual).times(p.quantidade).toDecimalPlaces(2).toNumber();

export interface TotaisVenda {
  operacoes: number;
  acoes: number;
  /** At today's prices. */
  valor: number;
  clientes: number;
}

export function totaisVenda(selecionadas: readonly PosicaoPainel[]): TotaisVenda {
  return {
    operacoes: selecionadas.length,
    acoes: selecionadas.reduce((sum, p) => sum + (p.quantidade ?? 0), 0),
    valor: somaExata(selecionadas.map(aPrecoAtual)),
    clientes: new Set(selecionadas.map((p) => p.cliente)).size,
  };
}

/** The sale of every ticked operation (each sold whole); the price only for limite. */
export function vendaBody(
  values: Partial<VendaLoteValores>,
  selecionadas: readonly PosicaoPainel[],
): LoteVendaRequest {
  return {
    execucao: values.execucao ?? 'mercado',
    ...(values.execucao === 'limite' ? { preco: values.preco as number } : {}),
    operacoes: selecionadas.map((p) => p.id),
  };
}
