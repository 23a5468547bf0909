import { Decimal } from '../../../shared/decimal';
import type { OrderDeal } from '../../lib/mt5-agent';

/**
 * What an MT5 order costs (issue 29): the commission and fee the terminal reports for its deals, plus the B3 fees the
 * server is configured with (CUSTOS_B3_PERCENTUAL, in percent of the traded value). The operation records the sum,
 * rounded half up to the cent once: a buy as custos_compra, a sale as custos_venda.
 */

/** A leg's costs as stored: R$ ≥ 0 to 4 places (decimal text). */
export interface CustosPerna {
  commission: string;
  fee: string;
}

/**
 * A leg's costs from its deals. MT5 reports DEAL_COMMISSION and DEAL_FEE negative for a charge; a cost is kept as
 * its size, whatever sign an agent sends. A deal without them (or an older agent that sends no deals) costs nothing.
 */
export function custosDosDeals(deals: readonly OrderDeal[] | undefined): CustosPerna {
  let commission = new Decimal(0);
  let fee = new Decimal(0);
  for (const deal of deals ?? []) {
    commission = commission.plus(new Decimal(deal.commission ?? 0).abs());
    fee = fee.plus(new Decimal(deal.fee ?? 0).abs());
  }
  const text = (v: Decimal) => v.toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed(4);
  return { commission: text(commission), fee: text(fee) };
}

/** What a leg contributes: its filled shares at their average price, and the terminal's costs. */
export interface PernaExecutada extends CustosPerna {
  volume_filled: number;
  price_avg: string | null;
}

/**
 * The order's costs to the cent: Σ commission + Σ fee + percentual % × Σ (filled × average price) over its legs,
 * rounded half up once (never leg by leg, so that splitting an order into round lot and fractional costs no cent).
 */
export function custosDaOrdem(legs: readonly PernaExecutada[], percentual: string): string {
  let terminal = new Decimal(0);
  let negociado = new Decimal(0);
  for (const leg of legs) {
    terminal = terminal.plus(leg.commission).plus(leg.fee);
    if (leg.volume_filled > 0 && leg.price_avg !== null) {
      negociado = negociado.plus(new Decimal(leg.price_avg).times(leg.volume_filled));
    }
  }
  const b3 = negociado.times(percentual).dividedBy(100);
  return terminal.plus(b3).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}
