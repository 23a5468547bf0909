import type { Lado, ValidacaoLeg } from '../../../contract';
import { alvoAbaixoDoPreco } from '../../../contract/mensagens-ordens';
import { Decimal } from '../../../shared/decimal';
import { formatMoney } from '../../../shared/format';
import type { SymbolInfo } from '../../lib/mt5-agent';
import type { LegPlan } from '../../../shared/legs';

export interface LegCheckInput {
  lado: Lado;
  legs: LegPlan[];
  /** The symbol info of each leg, in the same order; null when the terminal has no such symbol. */
  infos: Array<SymbolInfo | null>;
  /** The limit price; undefined for market orders (the ask or bid is used for the checks). */
  preco?: number | undefined;
  /** The target (buys only). */
  tp?: number | undefined;
  /** The account's free margin; undefined skips the margin check (sells free margin, they don't use it). */
  marginFree?: number | undefined;
}

/** Cents as the exact decimal rounds them (half up), then shown by the one BRL formatter. */
const brl = (value: Decimal.Value) =>
  formatMoney(new Decimal(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber());

const TRADE_ALLOWED: Record<Lado, ReadonlySet<SymbolInfo['trade_mode']>> = {
  compra: new Set(['full', 'long_only']),
  // A sale closes (part of) a long position: allowed unless the symbol is disabled or long-only.
  venda: new Set(['full', 'short_only', 'close_only']),
};

/** A multiple of `step` (decimal-exact: 0.3 is a multiple of 0.1). */
const isMultiple = (value: Decimal.Value, step: Decimal.Value) =>
  new Decimal(step).isZero() || new Decimal(value).mod(step).isZero();

/** The price the checks use: the limit price, else the side's market price. */
export function referencePrice(lado: Lado, info: SymbolInfo, preco?: number): number {
  if (preco !== undefined) return preco;
  return lado === 'compra' ? info.ask || info.last : info.bid || info.last;
}

/**
 * Checks each leg against the terminal's symbol info, the target and the account's free margin
 * (server-design §6); each leg answers ok or the first reason, in Portuguese.
 */
export function checkLegs(input: LegCheckInput): ValidacaoLeg[] {
  const results = input.legs.map((leg, i): ValidacaoLeg => {
    const info = input.infos[i] ?? null;
    const fail = (motivo: string): ValidacaoLeg => ({ symbol: leg.symbol, ok: false, motivo });
    if (!info) return fail(`O símbolo ${leg.symbol} não existe no terminal.`);
    if (!TRADE_ALLOWED[input.lado].has(info.trade_mode)) {
      return fail(`Negociação não permitida para ${leg.symbol} (modo ${info.trade_mode}).`);
    }
    if (leg.quantidade < info.volume_min)
      return fail(`Quantidade abaixo do mínimo de ${info.volume_min}.`);
    if (leg.quantidade > info.volume_max)
      return fail(`Quantidade acima do máximo de ${info.volume_max}.`);
    if (!isMultiple(leg.quantidade, info.volume_step)) {
      return fail(`A quantidade deve ser múltipla de ${info.volume_step}.`);
    }
    if (input.preco !== undefined && !isMultiple(input.preco, info.tick_size)) {
      return fail(`O preço ${input.preco} não respeita o tick de ${info.tick_size}.`);
    }
    if (
      input.lado === 'compra' &&
      input.tp !== undefined &&
      !isMultiple(input.tp, info.tick_size)
    ) {
      return fail(`O alvo ${input.tp} não respeita o tick de ${info.tick_size}.`);
    }
    const price = referencePrice(input.lado, info, input.preco);
    if (!(price > 0)) return fail(`Sem preço de mercado para ${leg.symbol}.`);
    if (input.lado === 'compra' && input.tp !== undefined && !(input.tp > price)) {
      return fail(alvoAbaixoDoPreco(brl(price)));
    }
    return { symbol: leg.symbol, ok: true, motivo: null };
  });

  if (input.lado === 'compra' && input.marginFree !== undefined && results.every((r) => r.ok)) {
    const needed = input.legs.reduce(
      (sum, leg, i) =>
        sum.plus(
          new Decimal(referencePrice('compra', input.infos[i]!, input.preco)).times(leg.quantidade),
        ),
      new Decimal(0),
    );
    if (needed.greaterThan(input.marginFree)) {
      const motivo = `Margem livre insuficiente: ${brl(needed)} necessários, ${brl(input.marginFree)} disponíveis.`;
      return results.map((r) => ({ ...r, ok: false, motivo }));
    }
  }
  return results;
}
