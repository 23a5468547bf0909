import { http, HttpResponse, type DefaultBodyType, type PathParams } from 'msw';
import {
  CompraRequestSchema,
  CompraValidarRequestSchema,
  VendaRequestSchema,
  type ApiError,
  type BuyValidationResult,
  type GroupIdResponse,
  type OrderStatus,
} from '../../src/contract';

/** A ticker whose orders the mock terminal rejects (the error path QA replays). */
export const REJECTED_TICKER = 'RJCT3';

interface MockGroup {
  status: OrderStatus;
  polls: number;
}

const groups = new Map<string, MockGroup>();
const byKey = new Map<string, string>();
let nextGroup = 1;

function newGroup(
  legs: Array<{ symbol: string; quantidade: number }>,
  rejected: boolean,
  key: string | null,
) {
  if (key && byKey.has(key)) return byKey.get(key)!;
  const id = `00000000-0000-4000-8000-${String(nextGroup++).padStart(12, '0')}`;
  groups.set(id, {
    polls: 0,
    status: {
      group_id: id,
      executed_all: false,
      finished: false,
      erro: rejected
        ? 'Ordem não executada por completo (rejeitada: Solicitação rejeitada).'
        : null,
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
    async ({ request }) => {
      const body = CompraValidarRequestSchema.safeParse(await request.json());
      if (!body.success)
        return HttpResponse.json(
          { detail: body.error.issues[0]?.message ?? 'Requisição inválida.' },
          { status: 400 },
        );
      const price = body.data.preco ?? 10;
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
    async ({ request }) => {
      const body = CompraRequestSchema.safeParse(await request.json());
      if (!body.success)
        return HttpResponse.json(
          { detail: body.error.issues[0]?.message ?? 'Requisição inválida.' },
          { status: 400 },
        );
      const id = newGroup(
        body.data.legs,
        body.data.ticker_base === REJECTED_TICKER,
        request.headers.get('idempotency-key'),
      );
      return HttpResponse.json({ group_id: id });
    },
  ),
  http.post<PathParams, DefaultBodyType, GroupIdResponse | ApiError>(
    '/api/clientes/:id/mt5/venda/:operationId/',
    async ({ request }) => {
      const body = VendaRequestSchema.safeParse(await request.json());
      if (!body.success)
        return HttpResponse.json(
          { detail: body.error.issues[0]?.message ?? 'Requisição inválida.' },
          { status: 400 },
        );
      const id = newGroup(
        [{ symbol: 'ACAO', quantidade: 100 }],
        false,
        request.headers.get('idempotency-key'),
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
