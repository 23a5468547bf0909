import { isIP, type BlockList } from 'node:net';
import { isAllowedHost, openToken } from './access';
import type { z } from 'zod';
import {
  Mt5HttpError,
  Mt5MalformedError,
  Mt5NetworkError,
  Mt5NotAllowedError,
  Mt5OfflineError,
  Mt5OutcomeUnknownError,
  Mt5TimeoutError,
} from './errors';
import { AnswerTooLargeError, exchange, type Answer } from './transport';
import {
  AgentErrorBodySchema,
  CancelOrderResponseSchema,
  HealthSchema,
  OUTCOME_UNKNOWN_ERROR,
  OrderInfoSchema,
  PlaceOrderRequestSchema,
  PlaceOrderResponseSchema,
  PositionListSchema,
  SymbolInfoSchema,
  isOutcomeUnknown,
  type CancelOrderResponse,
  type Health,
  type OrderInfo,
  type PlaceOrderRequest,
  type PlaceOrderResponse,
  type Position,
  type SymbolInfo,
} from './protocol';

/** What the client needs from config.mt5. */
export interface Mt5AgentSettings {
  agentPort: number;
  /** The shared token, for clients without one of their own. */
  agentToken: string;
  timeoutMs: number;
  /** Where agents may be called (MT5_AGENT_NETWORKS); unset only in unit tests of the client itself. */
  networks?: BlockList;
  /** Opens the clients' own tokens (MT5_TOKEN_KEY). */
  tokenKey?: Buffer | null;
  /** HTTPS to the agents (MT5_AGENT_TLS); null or unset speaks plain HTTP. */
  tls?: AgentTls | null;
  /** Told of every call's operation, outcome and duration (the metrics); never of its host or its contents. */
  observe?: AgentCallObserver;
}

export type AgentCallObserver = (operation: string, outcome: string, seconds: number) => void;

/** The protocol operation of a request, without what identifies a client or an order (a symbol, a ticket). */
function operationOf(method: string, path: string): string {
  if (path.startsWith('/symbols/')) return 'symbol';
  if (path.startsWith('/orders/')) return method === 'DELETE' ? 'cancel_order' : 'order';
  if (path === '/orders') return 'place_order';
  return path.slice(1);
}

function outcomeOf(err: unknown): string {
  if (err instanceof Mt5TimeoutError) return 'timeout';
  if (err instanceof Mt5OfflineError) return 'offline';
  if (err instanceof Mt5OutcomeUnknownError) return 'outcome_unknown';
  if (err instanceof Mt5HttpError) return 'http_error';
  if (err instanceof Mt5MalformedError) return 'malformed';
  if (err instanceof Mt5NetworkError) return 'network';
  return 'error';
}

export interface AgentTls {
  /** PEM of the CA the agents' certificates must chain to (MT5_AGENT_CA_FILE); the system's CAs without it. */
  ca?: Buffer;
}

/** The client's VM addresses: the private one is preferred (the server and the VMs share a network). */
export interface AgentAddress {
  vm_ip: string | null;
  vm_private_ip: string | null;
  /** The client's own agent token, sealed (clientes.mt5_token); null uses the shared one. */
  mt5_token?: string | null;
}

export const FORA_DAS_REDES =
  'IP da VM fora das redes permitidas para agentes MT5 (MT5_AGENT_NETWORKS)';

export function agentHost(address: AgentAddress): string | null {
  const host = address.vm_private_ip?.trim() || address.vm_ip?.trim();
  return host || null;
}

export function agentBaseUrl(host: string, port: number, tls = false): string {
  return `${tls ? 'https' : 'http'}://${isIP(host) === 6 ? `[${host}]` : host}:${port}`;
}

// Connection failures that mean "nobody is there": the terminal's VM is off, or the agent is not running.
const OFFLINE_CODES = new Set([
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EADDRNOTAVAIL',
]);
const TIMEOUT_CODES = new Set(['ETIMEDOUT']);

/** The deepest error code of a transport failure (a wrapped socket error is in `cause`). */
function errorCode(err: unknown): string {
  let current: unknown = err;
  let code = 'UNKNOWN';
  for (let depth = 0; current && depth < 5; depth++) {
    const c = current as { code?: unknown; cause?: unknown; errors?: unknown[] };
    if (typeof c.code === 'string') code = c.code;
    current = c.cause ?? (Array.isArray(c.errors) ? c.errors[0] : undefined);
  }
  return code;
}

export interface CallOptions {
  /** Aborts the call early (e.g. the status check's overall deadline); reported as a timeout. */
  signal?: AbortSignal;
}

/**
 * Typed HTTP(S) client of one MT5 agent (docs/mt5-agent-protocol.md): bearer token, one timeout for the whole
 * exchange (connect, headers and body), answers of at most MAX_ANSWER_BYTES validated against the protocol.
 * Every failure is an Mt5AgentError subclass.
 */
export class Mt5AgentClient {
  readonly baseUrl: string;

  constructor(
    host: string,
    private readonly settings: Mt5AgentSettings,
  ) {
    this.baseUrl = agentBaseUrl(host, settings.agentPort, Boolean(settings.tls));
  }

  /**
   * The client for a customer's VM, or null when it has no address; Mt5NotAllowedError (nothing is sent) when the
   * address is outside the allowed networks or the client's own token cannot be opened.
   */
  static forAddress(address: AgentAddress, settings: Mt5AgentSettings): Mt5AgentClient | null {
    const host = agentHost(address);
    if (!host) return null;
    const url = agentBaseUrl(host, settings.agentPort, Boolean(settings.tls));
    if (settings.networks && !isAllowedHost(settings.networks, host)) {
      throw new Mt5NotAllowedError(url, FORA_DAS_REDES);
    }
    let agentToken = settings.agentToken;
    if (address.mt5_token) {
      try {
        agentToken = openToken(settings.tokenKey!, address.mt5_token);
      } catch {
        throw new Mt5NotAllowedError(
          url,
          'token próprio do cliente ilegível (a chave MT5_TOKEN_KEY mudou?): cadastre o token de novo',
        );
      }
    }
    return new Mt5AgentClient(host, { ...settings, agentToken });
  }

  get timeoutMs(): number {
    return this.settings.timeoutMs;
  }

  health(opts?: CallOptions): Promise<Health> {
    return this.call('GET', '/health', HealthSchema, undefined, opts);
  }

  /** Mt5HttpError with status 404 when the terminal has no such symbol. */
  symbol(symbol: string, opts?: CallOptions): Promise<SymbolInfo> {
    return this.call(
      'GET',
      `/symbols/${encodeURIComponent(symbol)}`,
      SymbolInfoSchema,
      undefined,
      opts,
    );
  }

  /**
   * Idempotent by client_order_id: sending the same one again answers the first order. Resolves only with a
   * definite answer (a ticket, or a refusal: nothing was placed); Mt5OutcomeUnknownError when the order may or
   * may not exist (ask again later with the same client_order_id).
   */
  async placeOrder(order: PlaceOrderRequest, opts?: CallOptions): Promise<PlaceOrderResponse> {
    const body = PlaceOrderRequestSchema.parse(order);
    const answer = await this.call('POST', '/orders', PlaceOrderResponseSchema, body, opts);
    if (answer.ticket === null && isOutcomeUnknown(answer.retcode)) {
      throw new Mt5OutcomeUnknownError(
        this.baseUrl + '/orders',
        `retcode ${answer.retcode}: ${answer.retcode_desc}`,
        answer.retcode,
      );
    }
    return answer;
  }

  /**
   * Asks the terminal to cancel an order still open (a resting limit order, or what is left of one partly
   * filled); follow it with order() until it is canceled. Mt5HttpError 404 for an unknown ticket, 409
   * (`order_not_cancelable`) when it already finished otherwise.
   */
  cancelOrder(ticket: number, opts?: CallOptions): Promise<CancelOrderResponse> {
    return this.call('DELETE', `/orders/${ticket}`, CancelOrderResponseSchema, undefined, opts);
  }

  /** Mt5HttpError with status 404 when the agent knows no such ticket. */
  order(ticket: number, opts?: CallOptions): Promise<OrderInfo> {
    return this.call('GET', `/orders/${ticket}`, OrderInfoSchema, undefined, opts);
  }

  positions(opts?: CallOptions): Promise<Position[]> {
    return this.call('GET', '/positions', PositionListSchema, undefined, opts);
  }

  private async call<S extends z.ZodType>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    schema: S,
    body: unknown,
    opts: CallOptions = {},
  ): Promise<z.infer<S>> {
    const observe = this.settings.observe;
    if (!observe) return this.send(method, path, schema, body, opts);
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    try {
      const answer = await this.send(method, path, schema, body, opts);
      observe(operationOf(method, path), 'ok', seconds());
      return answer;
    } catch (err) {
      observe(operationOf(method, path), outcomeOf(err), seconds());
      throw err;
    }
  }

  private async send<S extends z.ZodType>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    schema: S,
    body: unknown,
    opts: CallOptions,
  ): Promise<z.infer<S>> {
    const url = this.baseUrl + path;
    const timeout = AbortSignal.timeout(this.settings.timeoutMs);
    const signal = opts.signal ? AbortSignal.any([timeout, opts.signal]) : timeout;
    let answer: Answer;
    try {
      answer = await exchange({
        method,
        url,
        signal,
        ca: this.settings.tls?.ca,
        headers: {
          authorization: `Bearer ${this.settings.agentToken}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (err) {
      // Malformed, as any answer that breaks the protocol: for POST /orders the order flows then ask again with the
      // same client_order_id, never taking it for a refusal.
      if (err instanceof AnswerTooLargeError) throw new Mt5MalformedError(url, err.message);
      if (signal.aborted) throw new Mt5TimeoutError(url, this.settings.timeoutMs);
      const code = errorCode(err);
      if (OFFLINE_CODES.has(code)) throw new Mt5OfflineError(url, code);
      if (TIMEOUT_CODES.has(code)) throw new Mt5TimeoutError(url, this.settings.timeoutMs);
      throw new Mt5NetworkError(url, code);
    }
    const { status, text } = answer;

    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (status < 200 || status > 299) {
      const parsed = AgentErrorBodySchema.safeParse(json);
      if (status === 503 && parsed.success && parsed.data.error === OUTCOME_UNKNOWN_ERROR) {
        throw new Mt5OutcomeUnknownError(url, parsed.data.message);
      }
      throw new Mt5HttpError(
        url,
        status,
        parsed.success ? parsed.data.error : null,
        parsed.success ? parsed.data.message : null,
      );
    }
    if (json === undefined) throw new Mt5MalformedError(url, 'not JSON');
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Mt5MalformedError(
        url,
        issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'unexpected shape',
      );
    }
    return parsed.data;
  }
}
