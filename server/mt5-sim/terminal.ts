import {
  RETCODE,
  isOutcomeUnknown,
  type CancelOrderResponse,
  type Health,
  type OrderInfo,
  type OrderState,
  type PlaceOrderResponse,
  type Position,
} from '../lib/mt5-agent/protocol';
import { afterDeal, costsOf, dealOf, type DealCosts, type Fill } from './fills';
import { Market, ROUND_LOT, fromCents, isFractional, toCents } from './market';
import { refusalOf, sameOrder, type OrderRequest } from './orders';
import { inB3Session } from './pregao';
import { BROKER_COMMENT, FINISHED, RETCODE_DESC } from './retcodes';

export type { OrderRequest } from './orders';

interface SimOrder {
  ticket: number;
  request: OrderRequest;
  state: OrderState;
  fills: Fill[];
  retcode: number | null;
  retcode_desc: string;
  /** The broker's comment: what it said when the order was placed, or its reason for a later rejection. */
  comment: string;
  retcode_external: number;
}

export interface TerminalOptions extends DealCosts {
  /** Delay before a market order fills (ms). */
  fillDelayMs?: number;
  /** Round-lot market orders of 200 shares or more fill in two parts. */
  partialFills?: boolean;
  login?: number;
  marginFree?: number;
  /** Refuse orders outside B3's regular session (weekdays 10:00–16:55, São Paulo time). */
  tradingHours?: boolean;
  /** The retcode orders are refused with while rejecting (default 10006, REJECT). */
  rejectRetcode?: number;
}

/** Thrown when a client_order_id comes back with a different order: the caller has a bug. */
export class ClientOrderIdConflict extends Error {}

/** Thrown when a cancel names an order that already finished otherwise (filled, rejected, expired). */
export class OrderNotCancelable extends Error {}

/**
 * The simulated MT5 terminal and account: market, orders, fills and netting positions. No HTTP here; the
 * server module exposes it. Every price is kept in cents so sums stay exact.
 */
export class SimTerminal {
  readonly market = new Market();
  tradeAllowed = true;
  /** Set false to close the market by hand; with tradingHours the clock closes it too. */
  marketOpen = true;
  readonly tradingHours: boolean;
  rejectRetcode: number;
  /** Every order request is refused with REJECT (the broker says no). */
  rejectOrders = false;
  /** The broker's words on those refusals (e.g. B3's reason); by default MT5's description of the retcode. */
  rejectComment: string | null = null;
  rejectRetcodeExternal = 0;
  /** What each deal costs (brokerage and fee), settable while it runs. */
  costs: DealCosts;
  /** False answers orders as an agent older than the deals does: without them, so without their costs. */
  reportsDeals = true;
  private connectedSince: Date | null = new Date();

  private readonly orders = new Map<number, SimOrder>();
  private readonly byClientOrderId = new Map<
    string,
    { request: OrderRequest; response: PlaceOrderResponse }
  >();
  private readonly positionsBySymbol = new Map<string, { volume: number; openCents: number }>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private nextTicket = 50_000_001;
  private nextDeal = 80_000_001;
  private marginFreeCents: number;
  private readonly fillDelayMs: number;
  private readonly partialFills: boolean;
  private readonly login: number;

  constructor(opts: TerminalOptions = {}) {
    this.costs = { commission: opts.commission, feePercent: opts.feePercent };
    this.fillDelayMs = opts.fillDelayMs ?? 300;
    this.tradingHours = opts.tradingHours ?? false;
    this.rejectRetcode = opts.rejectRetcode ?? RETCODE.REJECT;
    this.partialFills = opts.partialFills ?? false;
    this.login = opts.login ?? 1_000_001;
    this.marginFreeCents = toCents(opts.marginFree ?? 1_000_000);
  }

  /** Connected to the broker; setting it true after a break starts a new connected_since. */
  get connected(): boolean {
    return this.connectedSince !== null;
  }

  set connected(value: boolean) {
    if (value !== this.connected) this.connectedSince = value ? new Date() : null;
  }

  health(): Health {
    return {
      connected: this.connected,
      trade_allowed: this.tradeAllowed,
      account: { login: this.login, currency: 'BRL', margin_free: fromCents(this.marginFreeCents) },
      terminal: { name: 'MetaTrader 5 (simulador)', build: 4755 },
      connected_since: this.connectedSince?.toISOString() ?? null,
    };
  }

  placeOrder(request: OrderRequest): PlaceOrderResponse {
    const previous = this.byClientOrderId.get(request.client_order_id);
    if (previous) {
      if (!sameOrder(previous.request, request)) {
        throw new ClientOrderIdConflict(
          `client_order_id ${request.client_order_id} was already used for a different order`,
        );
      }
      return previous.response;
    }
    const refusal = this.refusal(request);
    let response: PlaceOrderResponse;
    if (refusal !== null) {
      const rejected = refusal === this.rejectRetcode && this.rejectOrders;
      response = {
        ticket: null,
        retcode: refusal,
        retcode_desc: RETCODE_DESC[refusal] ?? `Recusada (retcode ${refusal})`,
        comment: (rejected ? this.rejectComment : null) ?? BROKER_COMMENT[refusal] ?? '',
        retcode_external: rejected ? this.rejectRetcodeExternal : 0,
      };
      // Nothing left the terminal: asking again with this id tries again instead of repeating the refusal.
      if (isOutcomeUnknown(refusal)) return response;
    } else {
      const order: SimOrder = {
        ticket: this.nextTicket++,
        request,
        state: 'placed',
        fills: [],
        retcode: RETCODE.PLACED,
        retcode_desc: RETCODE_DESC[RETCODE.PLACED]!,
        comment: BROKER_COMMENT[RETCODE.PLACED]!,
        retcode_external: 0,
      };
      this.orders.set(order.ticket, order);
      response = {
        ticket: order.ticket,
        retcode: RETCODE.PLACED,
        retcode_desc: order.retcode_desc,
        comment: order.comment,
        retcode_external: 0,
      };
      this.schedule(order);
    }
    this.byClientOrderId.set(request.client_order_id, { request, response });
    return response;
  }

  /**
   * Cancels an order still open (what is left of it when partly filled). Null for an unknown ticket;
   * OrderNotCancelable when it already filled, was rejected or expired; canceling again answers the same.
   */
  cancel(ticket: number): CancelOrderResponse | null {
    const order = this.orders.get(ticket);
    if (!order) return null;
    if (order.state === 'canceled') {
      return { ...this.cancelAnswer(ticket), retcode_desc: 'Ordem já cancelada' };
    }
    if (order.state !== 'placed' && order.state !== 'partial') {
      throw new OrderNotCancelable(`Ordem ${ticket} já terminou (${order.state})`);
    }
    if (!this.connected) {
      return {
        ticket,
        retcode: RETCODE.CONNECTION,
        retcode_desc: RETCODE_DESC[RETCODE.CONNECTION]!,
        comment: BROKER_COMMENT[RETCODE.CONNECTION]!,
        retcode_external: 0,
      };
    }
    this.finish(order, 'canceled');
    return this.cancelAnswer(ticket);
  }

  /** B3 rejects an order the terminal had accepted, with its reason in the broker's comment. */
  rejectPlaced(ticket: number, comment: string, retcodeExternal = 0): void {
    const order = this.orders.get(ticket);
    if (!order || (order.state !== 'placed' && order.state !== 'partial')) return;
    this.finish(order, 'rejected');
    order.comment = comment;
    order.retcode_external = retcodeExternal;
  }

  private cancelAnswer(ticket: number): CancelOrderResponse {
    return {
      ticket,
      retcode: RETCODE.DONE,
      retcode_desc: RETCODE_DESC[RETCODE.DONE]!,
      comment: BROKER_COMMENT[RETCODE.DONE]!,
      retcode_external: 0,
    };
  }

  private finish(order: SimOrder, state: 'canceled' | 'rejected'): void {
    order.state = state;
    order.retcode = FINISHED[state]!.retcode;
    order.retcode_desc = FINISHED[state]!.desc;
  }

  order(ticket: number): OrderInfo | null {
    const order = this.orders.get(ticket);
    if (!order) return null;
    const filled = order.fills.reduce((sum, f) => sum + f.volume, 0);
    const value = order.fills.reduce((sum, f) => sum + f.volume * f.priceCents, 0);
    return {
      ticket: order.ticket,
      client_order_id: order.request.client_order_id,
      symbol: order.request.symbol,
      side: order.request.side,
      type: order.request.type,
      state: order.state,
      volume_initial: order.request.volume,
      volume_filled: filled,
      price_avg: filled ? Math.round((value / filled) * 100) / 10_000 : null,
      ...(this.reportsDeals ? { deals: order.fills.map(dealOf) } : {}),
      retcode: order.retcode,
      retcode_desc: order.retcode_desc,
      comment: order.comment,
      retcode_external: order.retcode_external,
    };
  }

  /** How many orders the terminal holds: what a second send of one order would raise. */
  get orderCount(): number {
    return this.orders.size;
  }

  positions(): Position[] {
    return [...this.positionsBySymbol.entries()]
      .filter(([, p]) => p.volume !== 0)
      .map(([symbol, p]) => ({ symbol, volume: p.volume, price_open: fromCents(p.openCents) }));
  }

  /** An account that already holds shares (the demo starts its terminals with its clients' portfolios). */
  setPosition(symbol: string, volume: number, priceOpen: number): void {
    this.positionsBySymbol.set(symbol, { volume, openCents: Math.round(priceOpen * 100) });
  }

  /**
   * Fills part of an open order at its limit price (a market order at the market's): tests step through a partial
   * fill one answer at a time instead of racing the fill delay.
   */
  fillPart(ticket: number, volume: number): void {
    const order = this.orders.get(ticket);
    if (!order) return;
    const { symbol, side, price } = order.request;
    const market = side === 'buy' ? this.market.ask(symbol) : this.market.bid(symbol);
    this.fill(order, volume, toCents(price ?? market));
  }

  /** Moves a price; resting limit orders that it crosses fill. */
  setPrice(symbol: string, last: number): void {
    this.market.setPrice(symbol, last);
    for (const order of this.orders.values()) {
      if (order.request.type === 'limit' && order.state === 'placed') this.tryFillLimit(order);
    }
  }

  /** Stops pending fills (the simulator is shutting down). */
  close(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  private refusal(req: OrderRequest): number | null {
    return refusalOf(req, {
      connected: this.connected,
      tradeAllowed: this.tradeAllowed,
      rejectRetcode: this.rejectOrders ? this.rejectRetcode : null,
      open: this.marketOpen && !(this.tradingHours && !inB3Session(new Date())),
      market: this.market,
      marginFreeCents: this.marginFreeCents,
    });
  }

  private schedule(order: SimOrder): void {
    if (order.request.type === 'limit') {
      this.tryFillLimit(order);
      return;
    }
    const volume = order.request.volume;
    const split =
      this.partialFills && !isFractional(order.request.symbol) && volume >= 2 * ROUND_LOT;
    const first = split ? Math.floor(volume / 2 / ROUND_LOT) * ROUND_LOT : volume;
    this.later(this.fillDelayMs, () => this.fillAtMarket(order, first));
    if (split) this.later(2 * this.fillDelayMs, () => this.fillAtMarket(order, volume - first));
  }

  private later(ms: number, fn: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, ms);
    this.timers.add(timer);
  }

  private fillAtMarket(order: SimOrder, volume: number): void {
    const { symbol, side } = order.request;
    const price = side === 'buy' ? this.market.ask(symbol) : this.market.bid(symbol);
    this.fill(order, volume, toCents(price));
  }

  private tryFillLimit(order: SimOrder): void {
    const { symbol, side, price } = order.request;
    const limit = toCents(price!);
    const ask = toCents(this.market.ask(symbol));
    const bid = toCents(this.market.bid(symbol));
    // A limit fills at its price or better, once the market reaches it.
    if (side === 'buy' && ask <= limit) this.fill(order, order.request.volume, ask);
    if (side === 'sell' && bid >= limit) this.fill(order, order.request.volume, bid);
  }

  private fill(order: SimOrder, volume: number, priceCents: number): void {
    if (order.state !== 'placed' && order.state !== 'partial') return;
    const costs = costsOf(this.costs, volume, priceCents);
    order.fills.push({ ticket: this.nextDeal++, volume, priceCents, ...costs });
    const filled = order.fills.reduce((sum, f) => sum + f.volume, 0);
    order.state = filled >= order.request.volume ? 'filled' : 'partial';
    order.retcode = order.state === 'filled' ? RETCODE.DONE : RETCODE.DONE_PARTIAL;
    order.retcode_desc =
      order.state === 'filled' ? RETCODE_DESC[RETCODE.DONE]! : 'Solicitação executada parcialmente';
    const { symbol, side } = order.request;
    const signed = side === 'buy' ? volume : -volume;
    this.marginFreeCents -= signed * priceCents;
    this.positionsBySymbol.set(
      symbol,
      afterDeal(this.positionsBySymbol.get(symbol), signed, priceCents),
    );
  }
}
