import {
  ordensEndpoints as e,
  type ApiError,
  type EstadoOrdem,
  type Execucao,
  type Lado,
  type Leg,
  type Ordem,
  type OrderStatus,
} from '../../contract';
import { avisoCompraEmVoo } from '../../shared/compras-em-voo';
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
import { findMockCliente, mockClienteStatus } from './clientes';
import {
  comprasEmVooMock,
  recusaCompraMock,
  registrarCompraMock,
  resetComprasEmVooMock,
} from './compras-em-voo';

/** A ticker whose orders the mock terminal rejects (the error path QA replays). */
export const REJECTED_TICKER = 'RJCT3';

/** What the history shows of an order besides its status. */
interface MockMeta {
  cliente: number;
  acao: string;
  lado: Lado;
  execucao: Execucao;
  preco: number | null;
  tp: number | null;
  criado_em: string;
  usuario: string;
}

interface MockGroup {
  status: OrderStatus;
  polls: number;
  /** What the executed order changes in the portfolio (runs once). */
  onDone: (() => void) | undefined;
  meta: MockMeta;
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

function newGroup(
  meta: MockMeta,
  legs: Leg[],
  erro: string | null,
  key: string | null,
  onDone?: () => void,
) {
  if (key && byKey.has(key)) return byKey.get(key)!;
  const id = `00000000-0000-4000-8000-${String(nextGroup++).padStart(12, '0')}`;
  groups.set(id, {
    polls: 0,
    onDone,
    meta,
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

/** Orders sent before the session started, for the history (they never change). */
function seedHistorico() {
  const done = (volume_exec: number) => ({ executada: true, volume_exec });
  const seeds: Array<{ meta: MockMeta; status: Omit<OrderStatus, 'group_id'> }> = [
    {
      meta: {
        cliente: 1,
        acao: 'PETR4',
        lado: 'compra',
        execucao: 'mercado',
        preco: null,
        tp: 33,
        criado_em: '2025-08-04T13:15:02.120Z',
        usuario: 'operador',
      },
      status: {
        executed_all: true,
        finished: true,
        erro: null,
        summary: [{ symbol: 'PETR4', volume: 100, ...done(100) }],
      },
    },
    {
      meta: {
        cliente: 2,
        acao: 'VALE3',
        lado: 'compra',
        execucao: 'limite',
        preco: 58.5,
        tp: 63,
        criado_em: '2025-09-01T14:02:40.500Z',
        usuario: 'maria',
      },
      status: {
        executed_all: false,
        finished: true,
        erro: 'Ordem não executada por completo (VALE3 rejeitada: Solicitação rejeitada).',
        summary: [{ symbol: 'VALE3', volume: 200, executada: false, volume_exec: 0 }],
      },
    },
  ];
  for (const { meta, status } of seeds) {
    const id = `00000000-0000-4000-8000-${String(nextGroup++).padStart(12, '0')}`;
    groups.set(id, { polls: 0, onDone: undefined, meta, status: { group_id: id, ...status } });
  }
}
seedHistorico();

/** Back to the history alone and no replay (mocks/handlers/index.ts). */
export function resetOrdensMock() {
  replay = null;
  resetComprasEmVooMock('ordens');
  groups.clear();
  byKey.clear();
  nextGroup = 1;
  seedHistorico();
}

const ORDEM_NAO_ENCONTRADA = 'Ordem não encontrada.';

export const ordensHandlers = [
  handle(e.validateCompra, ({ input: { params, body } }) => {
    const offline = unreachable(params.id);
    if (offline) return offline;
    const price = body.preco ?? (replay && mockQuote(body.ticker)) ?? 10;
    const quantity = body.quantidade ?? quantityForValue(body.valor ?? 0, price);
    const legs = splitLegs(body.ticker, quantity);
    const compras = comprasEmVooMock(params.id, body.ticker);
    return ok(e.validateCompra, {
      legs_sugeridas: legs,
      validacoes: legs.map((l) =>
        body.tp > price
          ? { symbol: l.symbol, ok: true, motivo: null }
          : { symbol: l.symbol, ok: false, motivo: 'O alvo deve ser maior que o preço.' },
      ),
      compras_em_voo: compras,
      aviso: avisoCompraEmVoo(body.ticker, compras),
    });
  }),

  handle(e.sendCompra, ({ input: { params, headers, body }, request }) => {
    const cliente = params.id;
    const offline = unreachable(cliente);
    if (offline) return offline;
    const { ticker_base, legs, tp, preco } = body;
    const key = headers['idempotency-key'] ?? null;
    // A retried submit answers its first group; another buy of the stock in flight asks for confirmation.
    const retry = key !== null && byKey.has(key);
    const emVoo =
      retry || body.confirmar_compra_em_voo ? null : recusaCompraMock(cliente, ticker_base);
    if (emVoo) return emVoo;
    const acao = mockAcao(ticker_base);
    const quantidade = legs.reduce((sum, leg) => sum + leg.quantidade, 0);
    const id = newGroup(
      {
        cliente,
        acao: ticker_base,
        lado: 'compra',
        execucao: body.execucao,
        preco: preco ?? null,
        tp,
        criado_em: new Date().toISOString(),
        usuario: mockUsername(request),
      },
      legs,
      rejectionOf(cliente, ticker_base),
      key,
      acao &&
        (() =>
          addMockOperacao({
            cliente,
            acao: acao.id,
            data_compra: todayIso(),
            preco_unitario: preco ?? mockQuote(ticker_base) ?? null,
            quantidade,
            data_venda: null,
            preco_venda_unitario: null,
            valor_alvo: tp,
          })),
    );
    if (!retry) {
      const emCurso = () =>
        !groups.get(id)?.status.finished && !groups.get(id)?.status.executed_all;
      registrarCompraMock({
        origem: 'ordens',
        cliente,
        ticker: ticker_base,
        group_id: id,
        quantidade,
        preco,
        emVoo: emCurso,
      });
    }
    return ok(e.sendCompra, { group_id: id });
  }),

  handle(e.sendVenda, ({ input: { params, headers, body }, request }) => {
    const offline = unreachable(params.id);
    if (offline) return offline;
    const operacao = mockOperacao(params.operation_id);
    const symbol = (operacao && mockAcaoTicker(operacao.acao)) ?? 'ACAO';
    const id = newGroup(
      {
        cliente: params.id,
        acao: symbol,
        lado: 'venda',
        execucao: body.execucao,
        preco: body.preco ?? null,
        tp: null,
        criado_em: new Date().toISOString(),
        usuario: mockUsername(request),
      },
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

  // The history pages by the server's cursor: (criado_em to the microsecond, id), newest first.
  handle(e.list, ({ input: { query } }) => {
    const limite = query.limite ?? 50;
    const lista = [...groups.entries()]
      .map(([groupId, group]) => ordemOf(groupId, group))
      .filter(
        (o) =>
          (query.cliente === undefined || o.cliente === query.cliente) &&
          (query.acao === undefined || o.acao === query.acao) &&
          (query.estado === undefined || o.estado === query.estado) &&
          (query.de === undefined || todayIso(new Date(o.criado_em)) >= query.de) &&
          (query.ate === undefined || todayIso(new Date(o.criado_em)) <= query.ate) &&
          (query.cursor === undefined || cursorOf(o) < query.cursor),
      )
      .sort((a, b) => cursorOf(b).localeCompare(cursorOf(a)));
    const results = lista.slice(0, limite);
    const last = results.at(-1);
    return ok(e.list, {
      results,
      next_cursor: lista.length > limite && last ? cursorOf(last) : null,
    });
  }),

  handle(e.detail, ({ input: { params } }) => {
    const group = groups.get(params.group_id);
    if (!group) return fail(404, ORDEM_NAO_ENCONTRADA);
    const ordem = ordemOf(params.group_id, group);
    const { status } = group;
    const timeline = [
      {
        em: ordem.criado_em,
        evento: 'Ordem registrada',
        detalhe: `${ordem.lado === 'compra' ? 'Compra' : 'Venda'} de ${ordem.acao}.`,
        usuario: ordem.usuario,
      },
      ...(status.executed_all || status.finished
        ? [
            {
              em: ordem.criado_em,
              evento: status.executed_all
                ? 'Ordem concluída'
                : 'Ordem encerrada sem execução completa',
              detalhe: status.erro ?? null,
              usuario: ordem.usuario,
            },
          ]
        : []),
    ];
    return ok(e.detail, { ...ordem, timeline, operacoes: [] });
  }),
];

/** The server's cursor of a row (its instant to the microsecond, its id): ordered as text, as the rows are. */
const cursorOf = (o: Ordem) => `${o.criado_em.replace('Z', '000Z')}_${o.group_id}`;

function estadoOf(status: OrderStatus): EstadoOrdem {
  if (status.executed_all) return 'completed';
  if (status.erro?.startsWith('Resolvida por')) return 'resolved';
  if (status.finished) return 'failed';
  return 'sent';
}

/** A mock group as the history's row. */
function ordemOf(groupId: string, { status, meta }: MockGroup): Ordem {
  const estado = estadoOf(status);
  return {
    group_id: groupId,
    lote_id: null,
    cliente: meta.cliente,
    nome: findMockCliente(meta.cliente)?.nome ?? `Cliente ${meta.cliente}`,
    acao: meta.acao,
    lado: meta.lado,
    execucao: meta.execucao,
    preco: meta.preco,
    tp: meta.tp,
    estado,
    criado_em: meta.criado_em,
    usuario: meta.usuario,
    legs: status.summary.map((l) => ({
      symbol: l.symbol,
      volume: l.volume,
      volume_exec: l.volume_exec,
      preco_medio: l.volume_exec > 0 ? (meta.preco ?? mockQuote(meta.acao) ?? 10) : null,
      estado: l.executada
        ? 'filled'
        : estado === 'failed'
          ? 'rejected'
          : l.volume_exec > 0
            ? 'partial'
            : 'placed',
      retcode: l.executada ? 10009 : estado === 'failed' ? 10006 : 10008,
      retcode_desc: l.executada
        ? 'Solicitação executada'
        : estado === 'failed'
          ? 'Solicitação rejeitada'
          : 'Ordem colocada',
      ticket: null,
      broker_comment: null,
      retcode_external: null,
      problema: null,
    })),
    concluido_em: estado === 'sent' ? null : meta.criado_em,
    erro: status.erro ?? null,
    aviso: status.aviso ?? null,
    operacao_id: null,
  };
}
