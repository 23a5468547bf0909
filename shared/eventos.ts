import type { TipoEventoEmDinheiro } from '../contract';
import { Decimal as BaseDecimal } from './decimal';
import { jcpAliquota } from './ir';

/**
 * What corporate events do to one operation, as pure functions over exact decimals
 * (docs/decisions/0007-eventos-corporativos.md). The server (server/modules/eventos/aplicacao.ts) loads, locks and
 * stores, the mocks keep their state; every number is decided here.
 */

// A billion shares times a factor of 10 places has more digits than decimal.js keeps by default (20).
const Decimal = BaseDecimal.clone({ precision: 60 });

/** What a share event changes on an operation. */
export interface Posicao {
  quantidade: number;
  preco_unitario: string | null;
  valor_alvo: string | null;
  /** Issue 31's stop moves with the price as the target does, or a split would fire a stop no price reached. */
  valor_stop: string | null;
}

export interface Ajustada {
  depois: Posicao;
  /** The fraction of a share floored away, as exact decimal text ('0.5'). */
  fracao: string;
}

const dividir = (valor: string | null, fator: BaseDecimal) =>
  valor === null
    ? null
    : new Decimal(valor).dividedBy(fator).toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed(4);

/**
 * A share event on an operation: quantity × factor with the fraction of a share floored away, unit price,
 * target and stop ÷ factor (to the 4 places the columns keep), so the total cost stays what was paid, less the floored
 * fraction's share of it.
 */
export function ajustarPosicao(p: Posicao, fator: string): Ajustada {
  const f = new Decimal(fator);
  const exata = new Decimal(p.quantidade).times(f);
  const inteira = exata.floor();
  return {
    depois: {
      quantidade: inteira.toNumber(),
      preco_unitario: dividir(p.preco_unitario, f),
      valor_alvo: dividir(p.valor_alvo, f),
      valor_stop: dividir(p.valor_stop, f),
    },
    fracao: exata.minus(inteira).toFixed(),
  };
}

/**
 * The share events applied to an operation, replayed in their order from the values before the first: what the
 * operation holds after them, and each one's before, after and fraction. Undoing one event is replaying the others.
 */
export function reaplicar(
  inicial: Posicao,
  fatores: readonly string[],
): Array<{ antes: Posicao; depois: Posicao; fracao: string }> {
  const passos: Array<{ antes: Posicao; depois: Posicao; fracao: string }> = [];
  let atual = inicial;
  for (const fator of fatores) {
    const { depois, fracao } = ajustarPosicao(atual, fator);
    passos.push({ antes: atual, depois, fracao });
    atual = depois;
  }
  return passos;
}

/** A share event applied to an operation, as the cash events' quantity needs it. */
export interface AplicacaoDeAcoes {
  data_ex: string;
  fator: string;
  quantidade_antes: number;
}

/**
 * The shares an operation held at the close before `dataEx`: its quantity now when every share event applied to it
 * came before that date, else its quantity before the first one, carried through those that did come before.
 * `aplicacoes` are in the order they were applied.
 */
export function quantidadeNaVespera(
  quantidadeAtual: number,
  aplicacoes: readonly AplicacaoDeAcoes[],
  dataEx: string,
): number {
  if (aplicacoes.every((a) => a.data_ex < dataEx)) return quantidadeAtual;
  let quantidade = new Decimal(aplicacoes[0]!.quantidade_antes);
  for (const a of aplicacoes) {
    if (a.data_ex < dataEx) quantidade = quantidade.times(a.fator).floor();
  }
  return quantidade.toNumber();
}

/**
 * Quantity × value per share to the cent (half up); JCP less its withholding, itself to the cent, at the rate of
 * the day it is paid or credited (15 % up to 2025-12-31, 17.5 % from 2026: shared/ir jcpAliquota).
 */
export function valoresDoProvento(
  tipo: TipoEventoEmDinheiro,
  quantidade: number,
  valorPorAcao: string,
  dataPagamento: string,
): { valor_bruto: string; valor_liquido: string } {
  const bruto = new Decimal(valorPorAcao)
    .times(quantidade)
    .toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const retido =
    tipo === 'jcp'
      ? bruto.times(jcpAliquota(dataPagamento)).toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
      : new Decimal(0);
  return { valor_bruto: bruto.toFixed(2), valor_liquido: bruto.minus(retido).toFixed(2) };
}

const proporcao = (n: BaseDecimal) =>
  n.toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toNumber().toLocaleString('pt-BR', {
    maximumFractionDigits: 4,
  });

/** A share event as people say it: '1:2' for a split by 2, '10:1' for a reverse split by 0.1, '10%' for a bonus. */
export function proporcaoDoEvento(tipo: string, fator: number): string {
  const f = new Decimal(fator);
  if (tipo === 'bonificacao') return `${proporcao(f.minus(1).times(100))}%`;
  return f.greaterThanOrEqualTo(1)
    ? `1:${proporcao(f)}`
    : `${proporcao(new Decimal(1).dividedBy(f))}:1`;
}
