import type { OrderDeal } from '../lib/mt5-agent/protocol';
import { fromCents } from './market';

/** One execution of an order (an MT5 deal), its price and costs in cents so that sums stay exact. */
export interface Fill {
  ticket: number;
  volume: number;
  priceCents: number;
  commissionCents: number;
  feeCents: number;
}

/** What the simulated broker charges for each deal, as MT5 reports it in DEAL_COMMISSION and DEAL_FEE. */
export interface DealCosts {
  /** Brokerage per deal, in R$ (default 0: most B3 brokers charge none on stocks). */
  commission?: number;
  /** A fee on each deal, in percent of its value (default 0.005 %), rounded to the cent. */
  feePercent?: number;
}

export const DEFAULT_FEE_PERCENT = 0.005;

/** A deal's costs in cents for its volume and price. */
export function costsOf(
  costs: DealCosts,
  volume: number,
  priceCents: number,
): Pick<Fill, 'commissionCents' | 'feeCents'> {
  const percent = costs.feePercent ?? DEFAULT_FEE_PERCENT;
  return {
    commissionCents: Math.round((costs.commission ?? 0) * 100),
    feeCents: Math.round((volume * priceCents * percent) / 100),
  };
}

/** A fill as the protocol reports a deal: costs negative, as MT5 gives them (a charge lowers the balance). */
export function dealOf(fill: Fill): OrderDeal {
  return {
    ticket: fill.ticket,
    volume: fill.volume,
    price: fromCents(fill.priceCents),
    // `0 - 0` would be -0, which JSON writes as 0 anyway; keep a plain 0 for the tests' deep equality.
    commission: fill.commissionCents === 0 ? 0 : -fromCents(fill.commissionCents),
    fee: fill.feeCents === 0 ? 0 : -fromCents(fill.feeCents),
  };
}

export interface NettingPosition {
  volume: number;
  openCents: number;
}

/**
 * A netting account's position after a deal (signed volume: negative sells): adding to a position averages its
 * price; reducing keeps it; flipping starts anew.
 */
export function afterDeal(
  position: NettingPosition | undefined,
  signed: number,
  priceCents: number,
): NettingPosition {
  const current = position ?? { volume: 0, openCents: priceCents };
  const next = current.volume + signed;
  let openCents = current.openCents;
  if (current.volume === 0 || Math.sign(next) !== Math.sign(current.volume)) {
    openCents = priceCents;
  } else if (Math.abs(next) > Math.abs(current.volume)) {
    openCents = Math.round(
      (current.openCents * Math.abs(current.volume) + priceCents * Math.abs(signed)) /
        Math.abs(next),
    );
  }
  return { volume: next, openCents };
}
