import { ordensEndpoints as e, type ApiError, type Leg, type OrderStatus } from '../../contract';
import { todayIso } from '../../shared/dates';
import { quantityForValue, splitLegs } from '../../shared/legs';
import { fail, handle, ok } from '../contract';
import { mockUsername } from './auth';
import {
  addMockOperacao,
  closeMockOperacao,
  mockAcao,
  mockAcaoTicker,
  mockOperacao,
  mockQuote,
} from './carteira';
import { mockClienteStatus } from './clientes';

/** A ticker whose orders the mock terminal rejects (the error path QA replays). */
export const REJECTED_TICKER = 'RJCT3';

interface MockGroup {
  status: OrderStatus;
  polls: number;
  /** What the executed order changes in the portfolio (runs once). */
  onDone: (() => void) | undefined;
}

const DEFAULT_REJECTION = 'Ordem não executada por completo (rejeitada: Solicitação rejeitada).';

/**
 * QA replay (recorded fixtures): prices come from the recorded quotes, clients whose terminal is unreachable
 * answer 502 and clients whose terminal is unhealthy reject orders, with the server's recorded messages.
 */
interface Replay {
  unreachable: (detail: string | null) => string;
  rejection: (ticker: string) => string;
}
let replay: Replay | null = null;
export function seedOrdensMock(value: Replay | null) {
  replay = value;
}

const UNREACHABLE = new Set(['offline', 'timeout', 'missing_ip']);
const UNHEALTHY = new Set(['warning', 'error']);

/** The 502 the server answers when the client's agent cannot be reached, or null. */
function unreachable(clienteId: number): { status: 502; body: ApiError } | null {
  const status = replay ? mockClienteStatus(clienteId) : null;
  if (!replay || !status || !UNREACHABLE.has(status.status)) return null;
  return { status: 502, body: { detail: replay.unreachable(status.detail) } };
}

function rejectionOf(clienteId: number, ticker: string): string | null {
  if (ticker === REJECTED_TICKER) return replay?.rejection(ticker) ?? DEFAULT_REJECTION;
  const status = replay ? mockClienteStatus(clienteId) : null;
  return replay && status && UNHEALTHY.has(status.status) ? replay.rejection(ticker) : null;
}

const groups = new Map<string, MockGroup>();
const byKey = new Map<string, string>();
let nextGroup = 1;

function newGroup(legs: Leg[], erro: string | null, key: string | null, onDone?: () => void) {
  if (key && byKey.has(key)) return byKey.get(key)!;
  const id = `00000000-0000-4000-8000-${String(nextGroup++).padStart(12, '0')}`;
  groups.set(id, {
    polls: 0,
    onDone,
    status: {
      group_id: id,
      executed_all: false,
      finished: false,
      erro,
      summary: legs.map((l) => ({
        symbol: l.symbol,
        executada: false,
        volume: l.quantidade,
        volume_exec: 0,
      })),
    },
  });
  if (key) byKey.set(key, id);
  return id;
}

/** The first poll shows the order half filled; the second, executed (or finished with erro). */
function poll(id: string): OrderStatus | undefined {
  const group = groups.get(id);
  if (!group) return undefined;
  group.polls++;
  const { status } = group;
  if (status.erro) return { ...status, finished: true };
  const done = group.polls >= 2;
  status.summary = status.summary.map((leg) => ({
    ...leg,
    executada: done,
    volume_exec: done ? leg.volume : Math.floor(leg.volume / 2),
  }));
  status.executed_all = done;
  status.finished = done;
  if (done) {
    group.onDone?.();
    group.onDone = undefined;
  }
  return status;
}

const ORDEM_NAO_ENCONTRADA = 'Ordem não encontrada.';

export const ordensHandlers = [
  handle(e.validateCompra, ({ input: { params, body } }) => {
    const offline = unreachable(params.id);
    if (offline) return offline;
    const price = body.preco ?? (replay && mockQuote(body.ticker)) ?? 10;
    const quantity = body.quantidade ?? quantityForValue(body.valor ?? 0, price);
    const legs = splitLegs(body.ticker, quantity);
    return ok(e.validateCompra, {
      legs_sugeridas: legs,
      validacoes: legs.map((l) =>
        body.tp > price
          ? { symbol: l.symbol, ok: true, motivo: null }
          : { symbol: l.symbol, ok: false, motivo: 'O alvo deve ser maior que o preço.' },
      ),
    });
  }),

  handle(e.sendCompra, ({ input: { params, headers, body } }) => {
    const cliente = params.id;
    const offline = unreachable(cliente);
    if (offline) return offline;
    const { ticker_base, legs, tp, preco } = body;
    const acao = mockAcao(ticker_base);
    const id = newGroup(
      legs,
      rejectionOf(cliente, ticker_base),
      headers['idempotency-key'] ?? null,
      acao &&
        (() =>
          addMockOperacao({
            cliente,
            acao: acao.id,
            data_compra: todayIso(),
            preco_unitario: preco ?? mockQuote(ticker_base) ?? null,
            quantidade: legs.reduce((sum, leg) => sum + leg.quantidade, 0),
            data_venda: null,
            preco_venda_unitario: null,
            valor_alvo: tp,
          })),
    );
    return ok(e.sendCompra, { group_id: id });
  }),

  handle(e.sendVenda, ({ input: { params, headers, body } }) => {
    const offline = unreachable(params.id);
    if (offline) return offline;
    const operacao = mockOperacao(params.operation_id);
    const symbol = (operacao && mockAcaoTicker(operacao.acao)) ?? 'ACAO';
    const id = newGroup(
      [{ symbol, quantidade: operacao?.quantidade ?? 100 }],
      null,
      headers['idempotency-key'] ?? null,
      operacao &&
        (() =>
          closeMockOperacao(
            operacao.id,
            body.preco ?? mockQuote(symbol) ?? operacao.preco_unitario,
          )),
    );
    return ok(e.sendVenda, { group_id: id });
  }),

  handle(e.compraStatus, ({ input: { params } }) => {
    const status = poll(params.group_id);
    return status ? ok(e.compraStatus, status) : fail(404, ORDEM_NAO_ENCONTRADA);
  }),

  // A person closes an order whose outcome cannot be known: nothing reaches the portfolio.
  handle(e.resolve, ({ input: { params, body }, request }) => {
    const group = groups.get(params.group_id);
    if (!group) return fail(404, ORDEM_NAO_ENCONTRADA);
    if (group.status.finished || group.status.erro) {
      return fail(409, 'A ordem já terminou: não há o que resolver.');
    }
    group.onDone = undefined;
    group.status = {
      ...group.status,
      finished: true,
      erro: `Resolvida por ${mockUsername(request)}: ${body.motivo}`,
    };
    return ok(e.resolve, group.status);
  }),

  // What is still open is canceled at once: the filled part stays, the group ends with the terminal's words.
  handle(e.cancel, ({ input: { params } }) => {
    const group = groups.get(params.group_id);
    if (!group) return fail(404, ORDEM_NAO_ENCONTRADA);
    if (group.status.finished || group.status.erro) {
      return fail(409, 'A ordem já terminou: não há o que cancelar.');
    }
    group.onDone = undefined;
    const abertas = group.status.summary.filter((l) => !l.executada).map((l) => l.symbol);
    group.status = {
      ...group.status,
      finished: true,
      erro: `Ordem não executada por completo (${abertas.map((s) => `${s} cancelada`).join('; ')}).`,
    };
    return ok(e.cancel, group.status);
  }),

  handle(e.vendaStatus, ({ input: { params } }) => {
    const status = poll(params.group_id);
    return status ? ok(e.vendaStatus, status) : fail(404, ORDEM_NAO_ENCONTRADA);
  }),
];
