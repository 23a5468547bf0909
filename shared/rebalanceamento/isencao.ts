import { Decimal } from '../decimal';
import { formatInteger, formatMoney } from '../format';
import { compareOverweight, type Linha } from './desvios';

/**
 * Lei 11.033/2004, art. 3º, I (IN RFB 1.585/2015, art. 60): a month whose common sales of stocks total at most
 * R$ 20,000.00 has its stock gains exempt. Only `acao`-class sales count (units, ETFs, BDRs and FIIs never do, as
 * in the income-tax rules of issue 29).
 */
export const LIMITE_ISENCAO = new Decimal(20000);

export interface Venda {
  linha: Linha;
  quantidade: number;
}

/** ⌈a / b⌉ exactly (a quotient rounded to 20 digits could cross a whole number). */
function ceilDiv(a: Decimal, b: Decimal): number {
  const q = a.dividedToIntegerBy(b);
  return (q.times(b).lessThan(a) ? q.plus(1) : q).toNumber();
}

const acoes = (n: number) => `${formatInteger(n)} ${n === 1 ? 'ação' : 'ações'}`;

/**
 * The planned sales cut so that the month's stock sales (`jaVendido`, book and elsewhere) plus the planned
 * `acao`-class ones stay ≤ R$ 20,000.00: the least overweight first, each by the whole shares that bring the
 * excess to zero (⌈excess / price⌉), a remnant under `valorMinimo` dropped with it. When the month already passed
 * the limit every stock sale goes: it would be taxed, and next month it may be exempt. One aviso per sale cut.
 */
export function capToExemption(
  vendas: readonly Venda[],
  jaVendido: Decimal,
  valorMinimo: Decimal,
): { vendas: Venda[]; avisos: string[] } {
  const contam = vendas.filter((v) => v.linha.classe === 'acao');
  const planejado = contam.reduce(
    (s, v) => s.plus(v.linha.preco.times(v.quantidade)),
    new Decimal(0),
  );
  let excesso = jaVendido.plus(planejado).minus(LIMITE_ISENCAO);
  if (!excesso.greaterThan(0)) return { vendas: [...vendas], avisos: [] };
  const cortadas = new Map<Venda, number>();
  // Least overweight first: the reverse of the most-overweight order.
  for (const v of [...contam].sort((a, b) => compareOverweight(b.linha, a.linha))) {
    if (!excesso.greaterThan(0)) break;
    const corte = Math.min(v.quantidade, ceilDiv(excesso, v.linha.preco));
    let resta = v.quantidade - corte;
    if (resta > 0 && v.linha.preco.times(resta).lessThan(valorMinimo)) resta = 0;
    excesso = excesso.minus(v.linha.preco.times(v.quantidade - resta));
    cortadas.set(v, resta);
  }
  const ja = formatMoney(jaVendido.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber());
  const limite = formatMoney(LIMITE_ISENCAO.toNumber());
  const avisos = [...cortadas].map(
    ([v, resta]) =>
      `${v.linha.ticker}: venda limitada pela isenção (${limite} em vendas de ações no mês, ${ja} já ` +
      `vendidos): de ${acoes(v.quantidade)} para ${acoes(resta)}.`,
  );
  const restantes = vendas
    .map((v) => (cortadas.has(v) ? { ...v, quantidade: cortadas.get(v)! } : v))
    .filter((v) => v.quantidade > 0);
  return { vendas: restantes, avisos };
}
