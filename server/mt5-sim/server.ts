import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { OUTCOME_UNKNOWN_ERROR, PlaceOrderRequestSchema } from '../lib/mt5-agent/protocol';
import {
  ClientOrderIdConflict,
  OrderNotCancelable,
  SimTerminal,
  type TerminalOptions,
} from './terminal';

export const BEHAVIOURS = [
  'online',
  'no-autotrading',
  'disconnected',
  'slow',
  'error',
  'malformed',
  'reject',
  'timeout-orders',
  'outcome-unknown',
] as const;
export type Behaviour = (typeof BEHAVIOURS)[number];
export const BehaviourSchema = z.enum(BEHAVIOURS);

export interface SimulatorOptions extends TerminalOptions {
  host?: string;
  port?: number;
  token: string;
  behaviour?: Behaviour;
  /** How long `slow` holds every answer (ms); past any sensible client timeout by default. */
  slowMs?: number;
}

export interface SimulatorStats {
  requests: number;
  inFlight: number;
  /** The most requests ever open at the same time (tests check the server's concurrency bound). */
  maxInFlight: number;
}

const MAX_BODY = 64 * 1024;

class HttpFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The MT5 agent simulator: a real HTTP server speaking docs/mt5-agent-protocol.md over a SimTerminal.
 * `behaviour` changes what it answers and can be switched while it runs (setBehaviour, or
 * PUT /_sim/behaviour with the token).
 */
export class Mt5Simulator {
  readonly terminal: SimTerminal;
  readonly stats: SimulatorStats = { requests: 0, inFlight: 0, maxInFlight: 0 };
  private behaviourValue: Behaviour = 'online';
  private readonly server: http.Server;
  private token: Buffer;
  private readonly slowMs: number;
  private readonly timers = new Set<NodeJS.Timeout>();
  private lastPort: number | undefined;

  constructor(private readonly opts: SimulatorOptions) {
    this.terminal = new SimTerminal(opts);
    this.token = Buffer.from(opts.token);
    this.slowMs = opts.slowMs ?? 60_000;
    this.setBehaviour(opts.behaviour ?? 'online');
    this.server = http.createServer((req, res) => this.onRequest(req, res));
    this.server.keepAliveTimeout = 5_000;
  }

  /** The agent's bearer token (a VM configured with a token of its own). */
  setToken(token: string): void {
    this.token = Buffer.from(token);
  }

  get behaviour(): Behaviour {
    return this.behaviourValue;
  }

  setBehaviour(behaviour: Behaviour): void {
    this.behaviourValue = behaviour;
    this.terminal.connected = behaviour !== 'disconnected';
    this.terminal.tradeAllowed = behaviour !== 'no-autotrading';
    this.terminal.rejectOrders = behaviour === 'reject';
  }

  /** Listens on host:port (port 0 picks one); resolves with the address actually bound. */
  listen(port = this.opts.port ?? 0): Promise<AddressInfo> {
    return new Promise((resolve, reject) => {
      const onError = (err: Error) => reject(err);
      this.server.once('error', onError);
      this.server.listen(port, this.opts.host ?? '127.0.0.1', () => {
        this.server.off('error', onError);
        resolve(this.server.address() as AddressInfo);
      });
    });
  }

  /**
   * The agent process dies: every connection drops and nothing listens. The terminal (its book, positions
   * and pending fills) lives on, as the real MT5 terminal does while its agent restarts.
   */
  async crash(): Promise<void> {
    if (!this.server.listening) return;
    this.lastPort = (this.server.address() as AddressInfo).port;
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeAllConnections();
    await closed;
  }

  /** The agent comes back on the same address, with the terminal's book as it was. */
  async restart(): Promise<AddressInfo> {
    return this.listen(this.lastPort ?? this.opts.port ?? 0);
  }

  get address(): AddressInfo | null {
    return this.server.address() as AddressInfo | null;
  }

  async close(): Promise<void> {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.terminal.close();
    if (!this.server.listening) return;
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeAllConnections();
    await closed;
  }

  private onRequest(req: http.IncomingMessage, res: http.ServerResponse): void {
    this.stats.requests++;
    this.stats.inFlight++;
    this.stats.maxInFlight = Math.max(this.stats.maxInFlight, this.stats.inFlight);
    res.once('close', () => this.stats.inFlight--);
    void this.handle(req, res).catch((err: unknown) => {
      if (err instanceof HttpFailure)
        send(res, err.status, { error: err.code, message: err.message });
      else send(res, 500, { error: 'internal', message: 'Erro interno do agente' });
    });
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://agent');
    // Nothing of a request without the token is read, not even its body.
    if (!this.authorized(req.headers.authorization)) {
      throw new HttpFailure(401, 'unauthorized', 'Token ausente ou inválido');
    }
    const body = await readBody(req);
    if (url.pathname.startsWith('/_sim/')) {
      send(res, 200, this.control(req.method ?? 'GET', url.pathname, body));
      return;
    }
    if (
      this.behaviourValue === 'timeout-orders' &&
      req.method === 'POST' &&
      url.pathname === '/orders'
    ) {
      // The order is taken, but its answer never arrives in time: the caller must recover by client_order_id.
      const answer = this.route('POST', '/orders', body);
      await this.hold(res);
      send(res, 200, answer);
      return;
    }
    if (
      this.behaviourValue === 'outcome-unknown' &&
      req.method === 'POST' &&
      url.pathname === '/orders'
    ) {
      // The order is taken, but the agent cannot tell yet: asked again later, it answers the order.
      this.route('POST', '/orders', body);
      throw new HttpFailure(
        503,
        OUTCOME_UNKNOWN_ERROR,
        'O resultado da ordem ainda é desconhecido; pergunte de novo com o mesmo client_order_id',
      );
    }
    switch (this.behaviourValue) {
      case 'slow':
        await this.hold(res);
        if (res.destroyed) return;
        break;
      case 'error':
        throw new HttpFailure(500, 'terminal_error', 'Falha simulada do terminal MT5');
      case 'malformed':
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"connected": tru');
        return;
      default:
        break;
    }
    send(res, 200, this.route(req.method ?? 'GET', url.pathname, body));
  }

  private route(method: string, path: string, body: unknown): unknown {
    const t = this.terminal;
    if (method === 'GET' && path === '/health') return t.health();
    if (method === 'GET' && path === '/positions') return t.positions();
    const symbol = /^\/symbols\/([^/]+)$/.exec(path);
    if (method === 'GET' && symbol) {
      const name = decodeURIComponent(symbol[1]!).toUpperCase();
      const info = t.market.info(name);
      if (!info) throw new HttpFailure(404, 'symbol_not_found', `Símbolo ${name} não existe`);
      return info;
    }
    if (method === 'POST' && path === '/orders') {
      const parsed = PlaceOrderRequestSchema.safeParse(body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw new HttpFailure(
          400,
          'invalid_request',
          `${issue.path.join('.') || 'body'}: ${issue.message}`,
        );
      }
      try {
        return t.placeOrder(parsed.data);
      } catch (err) {
        if (err instanceof ClientOrderIdConflict) {
          throw new HttpFailure(409, 'client_order_id_conflict', err.message);
        }
        throw err;
      }
    }
    const ticket = /^\/orders\/(\d+)$/.exec(path);
    if (method === 'GET' && ticket) {
      const info = t.order(Number(ticket[1]));
      if (!info) throw new HttpFailure(404, 'order_not_found', `Ordem ${ticket[1]} não existe`);
      return info;
    }
    if (method === 'DELETE' && ticket) {
      let answer;
      try {
        answer = t.cancel(Number(ticket[1]));
      } catch (err) {
        if (err instanceof OrderNotCancelable) {
          throw new HttpFailure(409, 'order_not_cancelable', err.message);
        }
        throw err;
      }
      if (!answer) throw new HttpFailure(404, 'order_not_found', `Ordem ${ticket[1]} não existe`);
      return answer;
    }
    throw new HttpFailure(404, 'not_found', `${method} ${path} não existe`);
  }

  /** Test and demo controls; not part of the agent protocol. */
  private control(method: string, path: string, body: unknown): unknown {
    if (path === '/_sim/behaviour' && method === 'PUT') {
      const parsed = z.object({ behaviour: BehaviourSchema }).safeParse(body);
      if (!parsed.success) {
        throw new HttpFailure(400, 'invalid_request', `behaviour: ${BEHAVIOURS.join(' | ')}`);
      }
      this.setBehaviour(parsed.data.behaviour);
    } else if (path === '/_sim/prices' && method === 'PUT') {
      const parsed = z.record(z.string(), z.number().positive()).safeParse(body);
      if (!parsed.success) throw new HttpFailure(400, 'invalid_request', '{"SYMBOL": price}');
      for (const [symbol, last] of Object.entries(parsed.data))
        this.terminal.setPrice(symbol, last);
    } else if (path !== '/_sim/behaviour' || method !== 'GET') {
      throw new HttpFailure(404, 'not_found', `${method} ${path} não existe`);
    }
    return { behaviour: this.behaviourValue };
  }

  private hold(res: http.ServerResponse): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.timers.delete(timer);
        resolve();
      };
      const timer = setTimeout(done, this.slowMs);
      this.timers.add(timer);
      res.once('close', done);
    });
  }

  private authorized(header: string | undefined): boolean {
    const match = /^Bearer (.+)$/.exec(header ?? '');
    if (!match) return false;
    const given = Buffer.from(match[1]!);
    return given.length === this.token.length && crypto.timingSafeEqual(given, this.token);
  }
}

function send(res: http.ServerResponse, status: number, body: unknown): void {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

async function readBody(req: http.IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) throw new HttpFailure(413, 'too_large', 'Corpo grande demais');
    chunks.push(chunk);
  }
  if (size === 0) return undefined;
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new HttpFailure(400, 'invalid_json', 'O corpo não é um JSON válido');
  }
}
