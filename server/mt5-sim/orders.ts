import { RETCODE } from '../lib/mt5-agent/protocol';
import { ROUND_LOT, isFractional, onTick, toCents, type Market } from './market';

/** An order request as the simulated terminal takes it: what it refuses, and when a resent one is the same. */

/** A POST /orders body after validation (see PlaceOrderRequestSchema). */
export interface OrderRequest {
  client_order_id: string;
  symbol: string;
  side: 'buy' | 'sell';
  volume: number;
  type: 'market' | 'limit';
  price?: number | null;
  tp?: number | null;
  comment: string;
}

/** What a refusal depends on, of the terminal and its account. */
export interface TerminalState {
  connected: boolean;
  tradeAllowed: boolean;
  /** The retcode every order is refused with while the terminal rejects them all (null: it does not). */
  rejectRetcode: number | null;
  /** The market is open (by hand, and by B3's session when the terminal keeps its hours). */
  open: boolean;
  market: Market;
  marginFreeCents: number;
}

/** MT5's retcode for an order the terminal refuses outright, or null when it takes it. */
export function refusalOf(req: OrderRequest, t: TerminalState): number | null {
  if (!t.connected) return RETCODE.CONNECTION;
  if (!t.tradeAllowed) return RETCODE.CLIENT_DISABLES_AT;
  if (t.rejectRetcode !== null) return t.rejectRetcode;
  if (!t.open) return RETCODE.MARKET_CLOSED;
  const info = t.market.info(req.symbol);
  if (!info) return RETCODE.INVALID;
  if (info.trade_mode === 'disabled') return RETCODE.TRADE_DISABLED;
  if (
    (info.trade_mode === 'close_only' || info.trade_mode === 'short_only') &&
    req.side === 'buy'
  ) {
    return RETCODE.TRADE_DISABLED;
  }
  const lotOk = isFractional(req.symbol)
    ? req.volume >= 1 && req.volume < ROUND_LOT
    : req.volume % ROUND_LOT === 0 && req.volume <= info.volume_max;
  if (!Number.isInteger(req.volume) || !lotOk) return RETCODE.INVALID_VOLUME;
  if (req.type === 'limit' && (req.price == null || !onTick(req.price))) {
    return RETCODE.INVALID_PRICE;
  }
  const reference = req.type === 'limit' ? req.price! : req.side === 'buy' ? info.ask : info.bid;
  // A target is set only on buys (a sale closes a position and carries none): a sale's tp is ignored.
  if (req.tp != null && req.side === 'buy') {
    if (!onTick(req.tp) || req.tp <= reference) return RETCODE.INVALID_STOPS;
  }
  if (req.side === 'buy' && toCents(reference) * req.volume > t.marginFreeCents) {
    return RETCODE.NO_MONEY;
  }
  return null;
}

/** A resent request with the same client_order_id is the same order only if everything else is too. */
export function sameOrder(a: OrderRequest, b: OrderRequest): boolean {
  return (
    a.symbol === b.symbol &&
    a.side === b.side &&
    a.volume === b.volume &&
    a.type === b.type &&
    (a.price ?? null) === (b.price ?? null) &&
    (a.tp ?? null) === (b.tp ?? null)
  );
}
