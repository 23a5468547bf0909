import { http, HttpResponse, type DefaultBodyType, type PathParams } from 'msw';
import {
  CompraRequestSchema,
  CompraValidarRequestSchema,
  VendaRequestSchema,
  type ApiError,
  type BuyValidationResult,
  type GroupIdResponse,
  type OrderStatus,
} from '../../contract';
import { todayIso } from '../../shared/dates';
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
export function seedMt5Mock(value: Replay | null) {
  replay = value;
}

const UNREACHABLE = new Set(['offline', 'timeout', 'missing_ip']);
const UNHEALTHY = new Set(['warning', 'error']);

function unreachable(clienteId: number) {
  const status = replay ? mockClienteStatus(clienteId) : null;
  if (!replay || !status || !UNREACHABLE.has(status.status)) return null;
  return HttpResponse.json<ApiError>(
    { detail: replay.unreachable(status.detail) },
    { status: 502 },
  );
}

function rejectionOf(clienteId: number, ticker: string): string | null {
  if (ticker === REJECTED_TICKER) return replay?.rejection(ticker) ?? DEFAULT_REJECTION;
  const status = replay ? mockClienteStatus(clienteId) : null;
  return replay && status && UNHEALTHY.has(status.status) ? replay.rejection(ticker) : null;
}

const groups = new Map<string, MockGroup>();
const byKey = new Map<string, string>();
let nextGroup = 1;

function newGroup(
  legs: Array<{ symbol: string; quantidade: number }>,
  erro: string | null,
  key: string | null,
  onDone?: () => void,
) {
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
function poll(id: string): OrderStatus | null {
  const group = groups.get(id);
  if (!group) return null;
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

function split(ticker: string, quantity: number) {
  const round = Math.floor(quantity / 100) * 100;
  return [
    ...(round ? [{ symbol: ticker, quantidade: round }] : []),
    ...(quantity % 100 ? [{ symbol: `${ticker}F`, quantidade: quantity % 100 }] : []),
  ];
}

export const mt5Handlers = [
  http.post<PathParams, DefaultBodyType, BuyValidationResult | ApiError>(
    '/api/clientes/:id/mt5/compra/validar/',
    async ({ params, request }) => {
      const body = CompraValidarRequestSchema.safeParse(await request.json());
      if (!body.success)
        return HttpResponse.json(
          { detail: body.error.issues[0]?.message ?? 'Requisição inválida.' },
          { status: 400 },
        );
      const offline = unreachable(Number(params.id));
      if (offline) return offline;
      const price = body.data.preco ?? (replay && mockQuote(body.data.ticker)) ?? 10;
      const quantity = body.data.quantidade ?? Math.floor((body.data.valor ?? 0) / price);
      const legs = split(body.data.ticker, quantity);
      return HttpResponse.json({
        legs_sugeridas: legs,
        validacoes: legs.map((l) =>
          body.data.tp > price
            ? { symbol: l.symbol, ok: true, motivo: null }
            : { symbol: l.symbol, ok: false, motivo: 'O alvo deve ser maior que o preço.' },
        ),
      });
    },
  ),
  http.post<PathParams, DefaultBodyType, GroupIdResponse | ApiError>(
    '/api/clientes/:id/mt5/compra/',
    async ({ params, request }) => {
      const body = CompraRequestSchema.safeParse(await request.json());
      if (!body.success)
        return HttpResponse.json(
          { detail: body.error.issues[0]?.message ?? 'Requisição inválida.' },
          { status: 400 },
        );
      const cliente = Number(params.id);
      const offline = unreachable(cliente);
      if (offline) return offline;
      const { ticker_base, legs, tp, preco } = body.data;
      const acao = mockAcao(ticker_base);
      const id = newGroup(
        legs,
        rejectionOf(cliente, ticker_base),
        request.headers.get('idempotency-key'),
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
      return HttpResponse.json({ group_id: id });
    },
  ),
  http.post<PathParams, DefaultBodyType, GroupIdResponse | ApiError>(
    '/api/clientes/:id/mt5/venda/:operationId/',
    async ({ params, request }) => {
      const body = VendaRequestSchema.safeParse(await request.json());
      if (!body.success)
        return HttpResponse.json(
          { detail: body.error.issues[0]?.message ?? 'Requisição inválida.' },
          { status: 400 },
        );
      const offline = unreachable(Number(params.id));
      if (offline) return offline;
      const operacao = mockOperacao(Number(params.operationId));
      const symbol = (operacao && mockAcaoTicker(operacao.acao)) ?? 'ACAO';
      const id = newGroup(
        [{ symbol, quantidade: operacao?.quantidade ?? 100 }],
        null,
        request.headers.get('idempotency-key'),
        operacao &&
          (() =>
            closeMockOperacao(
              operacao.id,
              body.data.preco ?? mockQuote(symbol) ?? operacao.preco_unitario,
            )),
      );
      return HttpResponse.json({ group_id: id });
    },
  ),
  http.get<PathParams, DefaultBodyType, OrderStatus | ApiError>(
    '/api/clientes/:id/mt5/:side/:groupId/',
    ({ params }) => {
      const status = poll(String(params.groupId));
      return status
        ? HttpResponse.json(status)
        : HttpResponse.json({ detail: 'Ordem não encontrada.' }, { status: 404 });
    },
  ),
];
