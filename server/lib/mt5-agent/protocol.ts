import { z } from 'zod';

/**
 * The MT5 agent protocol (docs/mt5-agent-protocol.md) as zod schemas, shared by the server's agent client
 * and the simulator. Objects are not strict: a newer agent may add fields without breaking older servers.
 */

export const HealthSchema = z.object({
  connected: z.boolean(),
  trade_allowed: z.boolean(),
  account: z.object({
    login: z.number().int(),
    currency: z.string(),
    margin_free: z.number(),
  }),
  terminal: z.object({
    name: z.string(),
    build: z.number().int(),
  }),
  /** Since when (ISO 8601) the terminal has been connected to the broker without a break; null when it is not. */
  connected_since: z.string().nullish(),
});
export type Health = z.infer<typeof HealthSchema>;

export const TradeModeSchema = z.enum([
  'disabled',
  'long_only',
  'short_only',
  'close_only',
  'full',
]);
export type TradeMode = z.infer<typeof TradeModeSchema>;

export const SymbolInfoSchema = z.object({
  name: z.string(),
  trade_mode: TradeModeSchema,
  volume_min: z.number(),
  volume_max: z.number(),
  volume_step: z.number(),
  tick_size: z.number(),
  bid: z.number(),
  ask: z.number(),
  last: z.number(),
});
export type SymbolInfo = z.infer<typeof SymbolInfoSchema>;

export const OrderSideSchema = z.enum(['buy', 'sell']);
export const OrderTypeSchema = z.enum(['market', 'limit']);

export const PlaceOrderRequestSchema = z
  .object({
    client_order_id: z.string().min(1).max(64),
    symbol: z.string().min(1).max(32),
    side: OrderSideSchema,
    volume: z.number().int().positive(),
    type: OrderTypeSchema,
    price: z.number().positive().nullish(),
    tp: z.number().positive().nullish(),
    comment: z.string().max(64).default(''),
  })
  .refine((o) => o.type === 'market' || o.price != null, {
    message: 'price is required for limit orders',
    path: ['price'],
  });
export type PlaceOrderRequest = z.input<typeof PlaceOrderRequestSchema>;

/** The broker's own words on a trade request (MqlTradeResult.comment, .retcode_external); older agents omit them. */
const brokerWords = {
  /** e.g. B3's reason for a rejection; by default MT5's description of the retcode. */
  comment: z.string().nullish(),
  /** The external trading system's (B3's) own return code. */
  retcode_external: z.number().int().nullish(),
};

export const PlaceOrderResponseSchema = z.object({
  /** null when the terminal refused the request (retcode says why); nothing was placed. */
  ticket: z.number().int().positive().nullable(),
  retcode: z.number().int(),
  retcode_desc: z.string(),
  ...brokerWords,
});
export type PlaceOrderResponse = z.infer<typeof PlaceOrderResponseSchema>;

/** DELETE /orders/{ticket}: the removal request's outcome; follow the order with GET until it is canceled. */
export const CancelOrderResponseSchema = z.object({
  ticket: z.number().int().positive(),
  retcode: z.number().int(),
  retcode_desc: z.string(),
  ...brokerWords,
});
export type CancelOrderResponse = z.infer<typeof CancelOrderResponseSchema>;

export const OrderStateSchema = z.enum([
  'placed',
  'partial',
  'filled',
  'canceled',
  'rejected',
  'expired',
]);
export type OrderState = z.infer<typeof OrderStateSchema>;

/**
 * One deal (execution) of an order, as MT5's history_deals_get reports it. `commission` and `fee` are the terminal's
 * DEAL_COMMISSION and DEAL_FEE in the account's currency, negative for a cost (MT5's sign); older agents send no
 * deals, and a deal without them costs nothing.
 */
export const OrderDealSchema = z.object({
  ticket: z.number().int().positive().optional(),
  volume: z.number(),
  price: z.number(),
  commission: z.number().optional(),
  fee: z.number().optional(),
});
export type OrderDeal = z.infer<typeof OrderDealSchema>;

export const OrderInfoSchema = z.object({
  ticket: z.number().int().positive(),
  client_order_id: z.string().optional(),
  symbol: z.string(),
  side: OrderSideSchema.optional(),
  type: OrderTypeSchema.optional(),
  state: OrderStateSchema,
  volume_initial: z.number(),
  volume_filled: z.number(),
  price_avg: z.number().nullable(),
  /** The order's deals (optional: older agents omit them; the fill is still volume_filled and price_avg). */
  deals: z.array(OrderDealSchema).optional(),
  retcode: z.number().int().nullish(),
  retcode_desc: z.string().nullish(),
  ...brokerWords,
});
export type OrderInfo = z.infer<typeof OrderInfoSchema>;

export const PositionSchema = z.object({
  symbol: z.string(),
  volume: z.number(),
  price_open: z.number(),
});
export const PositionListSchema = z.array(PositionSchema);
export type Position = z.infer<typeof PositionSchema>;

/** Every error answer of the agent (4xx and 5xx). */
export const AgentErrorBodySchema = z.object({
  error: z.string(),
  message: z.string(),
});
export type AgentErrorBody = z.infer<typeof AgentErrorBodySchema>;

/** MT5's trade server return codes (MqlTradeResult.retcode) the protocol names. */
export const RETCODE = {
  PLACED: 10008,
  DONE: 10009,
  DONE_PARTIAL: 10010,
  REJECT: 10006,
  INVALID: 10013,
  INVALID_VOLUME: 10014,
  INVALID_PRICE: 10015,
  INVALID_STOPS: 10016,
  TRADE_DISABLED: 10017,
  MARKET_CLOSED: 10018,
  NO_MONEY: 10019,
  CLIENT_DISABLES_AT: 10027,
  TIMEOUT: 10012,
  CONNECTION: 10031,
} as const;

/** A request the terminal accepted: an order exists and has a ticket. */
export const isAccepted = (retcode: number) =>
  retcode === RETCODE.PLACED || retcode === RETCODE.DONE || retcode === RETCODE.DONE_PARTIAL;

/**
 * The request may have left the terminal and its outcome is unknown: never a refusal. Ask again later with
 * the same client_order_id; the agent answers the order if it exists and never sends it blindly.
 */
export const isOutcomeUnknown = (retcode: number) =>
  retcode === RETCODE.TIMEOUT || retcode === RETCODE.CONNECTION;

/** The agent's 503 error code when it cannot yet tell whether an order exists in the terminal. */
export const OUTCOME_UNKNOWN_ERROR = 'em_duvida';
