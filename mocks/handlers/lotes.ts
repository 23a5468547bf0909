import {
  Mt5StatusValueSchema,
  lotesEndpoints as e,
  type Leg,
  type LoteItemStatus,
  type LoteItemValidacao,
  type LoteResumo,
  type LoteStatus,
  type ValidacaoLeg,
} from '../../contract';
import { avisoLoteEmVoo } from '../../shared/compras-em-voo';
import { todayIso } from '../../shared/dates';
import { fractionalSymbol, splitLegs } from '../../shared/legs';
import { dimensionar, valorEstimado } from '../../shared/lotes';
import { fail, handle, invalid, ok } from '../contract';
import { mockUsername } from './auth';
import {
  addMockOperacao,
  closeMockOperacao,
  mockAcao,
  mockOperacao,
  mockAcaoTicker,
  mockQuote,
  mockValorDisponivel,
  openMockTickers,
} from './carteira';
import { findMockCliente, mockClienteStatus, listMockClientes } from './clientes';
import {
  comprasEmVooMock,
  disponivelMenosEmVoo,
  recusaLoteMock,
  registrarCompraMock,
  resetComprasEmVooMock,
} from './compras-em-voo';
import { REJECTED_TICKER } from './ordens';
import { closeMockPosicao, mockPosicao } from './painel';

/**
 * Bulk orders over the mock's clients (issue 16), as the server behaves: each client sized from its own valor
 * disponível; an online terminal takes the orders (half filled at the first poll, done at the second), an unhealthy
 * one rejects them, and an unreachable one keeps them waiting; executed orders reach the mock portfolio.
 */

interface MockItem {
  status: LoteItemStatus;
  polls: number;
  /** The terminal never answers: the order waits (never refused). */
  unreachable: boolean;
  /** What the executed order changes in the portfolio (once). */
  onDone: (() => void) | undefined;
}

interface MockLote {
  status: Omit<LoteStatus, 'itens' | 'executed_all' | 'finished'>;
  itens: MockItem[];
}

const UNREACHABLE = new Set(['offline', 'timeout', 'missing_ip', 'error']);
const REJEICAO = (ticker: string) =>
  `Ordem não executada por completo (${ticker} rejeitada: Solicitação rejeitada (Request rejected)).`;

let lotes = new Map<string, MockLote>();
let byKey = new Map<string, string>();
let nextLote = 1;
let nextGroup = 1;

export function resetLotesMock() {
  resetComprasEmVooMock('lotes');
  lotes = new Map();
  byKey = new Map();
  nextLote = 1;
  nextGroup = 1;
}

const uuidOf = (prefix: string, n: number) =>
  `${prefix}-0000-4000-8000-${String(n).padStart(12, '0')}`;

function validar(
  cliente: { id: number; nome: string | null },
  req: {
    ticker: string;
    preco?: number | undefined;
    tp: number;
    regra: 'percentual_disponivel' | 'valor_fixo' | 'quantidade_fixa';
    valor: number;
  },
  ajuste: number | undefined,
): LoteItemValidacao {
  const status = mockClienteStatus(cliente.id);
  // The client's buys of the stock in flight are already spoken for: sized from what they leave.
  const compras = comprasEmVooMock(cliente.id, req.ticker);
  const disponivel = disponivelMenosEmVoo(mockValorDisponivel(cliente.id), compras);
  const aviso = avisoLoteEmVoo(req.ticker, compras);
  const posicao = (openMockTickers(cliente.id) ?? []).includes(req.ticker);
  const base: LoteItemValidacao = {
    cliente: cliente.id,
    nome: cliente.nome ?? `Cliente ${cliente.id}`,
    status_mt5: Mt5StatusValueSchema.catch('error').parse(status?.status ?? 'missing_ip'),
    detalhe_mt5: status?.detail ?? null,
    valor_disponivel: disponivel,
    preco_referencia: null,
    quantidade: 0,
    legs_sugeridas: [],
    validacoes: [],
    valor_estimado: null,
    posicao_aberta: posicao,
    compras_em_voo: compras,
    aviso,
    elegivel: false,
    motivo: null,
  };
  if (!status || UNREACHABLE.has(status.status)) {
    return {
      ...base,
      motivo:
        status?.status === 'missing_ip'
          ? 'Cliente sem IP de VM.'
          : `Terminal MT5 indisponível: ${status?.detail ?? 'sem resposta'}.`,
    };
  }
  const preco = req.preco ?? mockQuote(req.ticker) ?? 10;
  const dim =
    ajuste !== undefined
      ? { quantidade: ajuste, motivo: null }
      : dimensionar(req.regra, req.valor, disponivel, preco);
  const legs = splitLegs(req.ticker, dim.quantidade);
  const problema = status.status === 'warning' ? 'AutoTrading desativado no terminal.' : null;
  const validacoes: ValidacaoLeg[] = legs.map((l) =>
    problema
      ? { symbol: l.symbol, ok: false, motivo: problema }
      : req.tp > preco
        ? { symbol: l.symbol, ok: true, motivo: null }
        : {
            symbol: l.symbol,
            ok: false,
            motivo: `O alvo deve ser maior que o preço (R$ ${preco.toFixed(2).replace('.', ',')}).`,
          },
  );
  const failed = validacoes.find((v) => !v.ok);
  const motivo =
    problema ??
    (posicao ? `Já tem posição aberta em ${req.ticker}.` : null) ??
    aviso ??
    (disponivel === null
      ? 'Sem patrimônio importado: valor disponível desconhecido.'
      : disponivel > 0
        ? null
        : 'Sem valor disponível.') ??
    dim.motivo ??
    failed?.motivo ??
    null;
  return {
    ...base,
    preco_referencia: preco,
    quantidade: dim.quantidade,
    legs_sugeridas: legs,
    validacoes,
    valor_estimado: dim.quantidade > 0 ? valorEstimado(dim.quantidade, preco) : null,
    elegivel: motivo === null,
    motivo,
  };
}

function newItem(
  cliente: number,
  nome: string,
  legs: Leg[],
  ticker: string,
  operacao: number | null,
  onDone: () => void,
): MockItem {
  const status = mockClienteStatus(cliente);
  const unhealthy = status?.status === 'warning' || ticker === REJECTED_TICKER;
  return {
    polls: 0,
    unreachable: !status || UNREACHABLE.has(status.status),
    onDone,
    status: {
      group_id: uuidOf('00000000', nextGroup++),
      cliente,
      nome,
      operacao,
      executed_all: false,
      finished: false,
      erro: unhealthy ? REJEICAO(ticker) : null,
      aviso: null,
      summary: legs.map((l) => ({
        symbol: l.symbol,
        executada: false,
        volume: l.quantidade,
        volume_exec: 0,
      })),
    },
  };
}

/** One poll of one order: half filled, then done (or refused at once, or never for an unreachable terminal). */
function poll(item: MockItem): LoteItemStatus {
  const { status } = item;
  if (status.finished || item.unreachable) return status;
  item.polls++;
  if (status.erro) {
    status.finished = true;
    return status;
  }
  const done = item.polls >= 2;
  status.summary = status.summary.map((l) => ({
    ...l,
    executada: done,
    volume_exec: done ? l.volume : Math.floor(l.volume / 2),
  }));
  status.executed_all = done;
  status.finished = done;
  if (done) {
    item.onDone?.();
    item.onDone = undefined;
  }
  return status;
}

function answer(lote: MockLote): LoteStatus {
  const itens = lote.itens.map((i) => ({ ...i.status }));
  return {
    ...lote.status,
    itens,
    executed_all: itens.length > 0 && itens.every((i) => i.executed_all),
    finished: itens.every((i) => i.finished),
  };
}

function store(
  key: string,
  status: MockLote['status'],
  itens: () => MockItem[],
): { lote_id: string } {
  const existing = byKey.get(key);
  if (existing) return { lote_id: existing };
  const id = uuidOf('10000000', nextLote++);
  lotes.set(id, { status: { ...status, lote_id: id }, itens: itens() });
  byKey.set(key, id);
  return { lote_id: id };
}

const LOTE_NAO_ENCONTRADO = 'Lote não encontrado.';

export const lotesHandlers = [
  handle(e.validate, ({ input: { body } }) => {
    const todos = listMockClientes();
    const lista = body.clientes
      ? body.clientes.map((id) => findMockCliente(id))
      : [...todos].sort((a, b) => (a.nome ?? '').localeCompare(b.nome ?? '', 'pt-BR'));
    const missing = lista.findIndex((c) => !c);
    if (missing >= 0) {
      return invalid([{ path: ['clientes', missing], message: 'Cliente não encontrado.' }]);
    }
    const ajustes = new Map(body.ajustes?.map((a) => [a.cliente, a.quantidade]));
    return ok(e.validate, {
      itens: lista.map((c) => validar(c!, body, ajustes.get(c!.id))),
    });
  }),

  handle(e.sendCompra, ({ input: { headers, body }, request }) => {
    const acao = mockAcao(body.ticker_base);
    const allowed = new Set([body.ticker_base, fractionalSymbol(body.ticker_base)]);
    const issues = body.itens.flatMap((item, i) => [
      ...(findMockCliente(item.cliente)
        ? []
        : [{ path: ['itens', i, 'cliente'], message: 'Cliente não encontrado.' }]),
      ...(item.legs.every((l) => allowed.has(l.symbol))
        ? []
        : [
            {
              path: ['itens', i, 'legs'],
              message: `As pernas devem ser ${body.ticker_base} e/ou ${fractionalSymbol(body.ticker_base)}, sem repetição.`,
            },
          ]),
    ]);
    if (issues.length) return invalid(issues);
    const key = headers['idempotency-key'];
    const emVoo = byKey.has(key) || body.confirmar_compra_em_voo ? null : recusaLoteMock(body);
    if (emVoo) return emVoo;
    return ok(
      e.sendCompra,
      store(
        key,
        {
          lote_id: '',
          tipo: 'compra',
          ticker_base: body.ticker_base,
          execucao: body.execucao,
          preco: body.preco ?? null,
          tp: body.tp,
          regra: body.regra ?? null,
          valor: body.valor ?? null,
          created_at: new Date().toISOString(),
          created_by: mockUsername(request),
        },
        () =>
          body.itens.map((item) => {
            const cliente = findMockCliente(item.cliente)!;
            const quantidade = item.legs.reduce((sum, l) => sum + l.quantidade, 0);
            const novo = newItem(
              cliente.id,
              cliente.nome ?? `Cliente ${cliente.id}`,
              item.legs,
              body.ticker_base,
              null,
              () =>
                acao &&
                addMockOperacao({
                  cliente: cliente.id,
                  acao: acao.id,
                  data_compra: todayIso(),
                  preco_unitario: body.preco ?? mockQuote(body.ticker_base) ?? null,
                  quantidade,
                  data_venda: null,
                  preco_venda_unitario: null,
                  valor_alvo: body.tp,
                }),
            );
            registrarCompraMock({
              origem: 'lotes',
              cliente: cliente.id,
              ticker: body.ticker_base,
              group_id: novo.status.group_id,
              quantidade,
              ...(body.preco !== undefined && { preco: body.preco }),
              emVoo: () => !novo.status.finished,
            });
            return novo;
          }),
      ),
    );
  }),

  handle(e.sendVenda, ({ input: { headers, body }, request }) => {
    // An operation of the portfolio mock, else a row of the control panel's (the QA replay's other clients).
    const ops = body.operacoes.map((id) => {
      const op = mockOperacao(id);
      if (op) {
        const cliente = findMockCliente(op.cliente);
        return {
          id,
          cliente: op.cliente,
          nome: cliente?.nome ?? `Cliente ${op.cliente}`,
          ticker: mockAcaoTicker(op.acao) ?? '',
          quantidade: op.quantidade ?? 0,
          vendida: op.data_venda !== null,
        };
      }
      const posicao = mockPosicao(id);
      const cliente = listMockClientes().find((c) => c.nome === posicao?.cliente);
      return (
        posicao &&
        cliente && {
          id,
          cliente: cliente.id,
          nome: posicao.cliente,
          ticker: posicao.acao,
          quantidade: posicao.quantidade ?? 0,
          vendida: false,
        }
      );
    });
    const missing = ops.findIndex((o) => !o);
    if (missing >= 0) {
      return invalid([{ path: ['operacoes', missing], message: 'Operação não encontrada.' }]);
    }
    const tickers = [...new Set(ops.map((o) => o!.ticker))];
    if (tickers.length > 1) {
      return fail(
        400,
        `Um lote de venda é de uma ação só; estas operações são de ${tickers.sort().join(', ')}.`,
      );
    }
    const vendidas = ops.filter((o) => o!.vendida);
    if (vendidas.length) {
      return fail(
        409,
        `Operações já vendidas: ${vendidas.map((o) => `${o!.nome} (${o!.id})`).join(', ')}.`,
      );
    }
    const ticker = tickers[0]!;
    return ok(
      e.sendVenda,
      store(
        headers['idempotency-key'],
        {
          lote_id: '',
          tipo: 'venda',
          ticker_base: ticker,
          execucao: body.execucao,
          preco: body.preco ?? null,
          tp: null,
          regra: null,
          valor: null,
          created_at: new Date().toISOString(),
          created_by: mockUsername(request),
        },
        () =>
          ops.map((o) =>
            newItem(o!.cliente, o!.nome, splitLegs(ticker, o!.quantidade), ticker, o!.id, () => {
              closeMockOperacao(o!.id, body.preco ?? mockQuote(ticker) ?? null);
              closeMockPosicao(o!.id);
            }),
          ),
      ),
    );
  }),

  handle(e.status, ({ input: { params } }) => {
    const lote = lotes.get(params.lote_id);
    if (!lote) return fail(404, LOTE_NAO_ENCONTRADO);
    lote.itens.forEach(poll);
    return ok(e.status, answer(lote));
  }),

  handle(e.list, () =>
    ok(
      e.list,
      [...lotes.values()].reverse().map((lote): LoteResumo => {
        const { itens, finished } = answer(lote);
        const filled = (i: LoteItemStatus) => i.summary.some((l) => l.volume_exec > 0);
        return {
          lote_id: lote.status.lote_id,
          tipo: lote.status.tipo,
          ticker_base: lote.status.ticker_base,
          execucao: lote.status.execucao,
          created_at: lote.status.created_at,
          created_by: lote.status.created_by,
          clientes: new Set(itens.map((i) => i.cliente)).size,
          executadas: itens.filter((i) => i.executed_all).length,
          parciais: itens.filter((i) => i.finished && !i.executed_all && filled(i)).length,
          falhas: itens.filter((i) => i.finished && !i.executed_all && !filled(i)).length,
          em_andamento: itens.filter((i) => !i.finished).length,
          finished,
        };
      }),
    ),
  ),

  // What rests open is canceled at once (the filled part stays); an order the terminal never got cannot be.
  handle(e.cancel, ({ input: { params } }) => {
    const lote = lotes.get(params.lote_id);
    if (!lote) return fail(404, LOTE_NAO_ENCONTRADO);
    const abertos = lote.itens.filter((i) => !i.status.finished);
    if (abertos.length === 0) {
      return fail(409, 'Todas as ordens do lote já terminaram: não há o que cancelar.');
    }
    const cancelamentos = abertos.map((item) => {
      const { status } = item;
      const base = { cliente: status.cliente, nome: status.nome, group_id: status.group_id };
      if (item.unreachable) {
        return {
          ...base,
          ok: false,
          motivo: 'Nada a cancelar agora: nenhuma perna está aberta no terminal.',
        };
      }
      item.onDone = undefined;
      const abertas = status.summary.filter((l) => !l.executada).map((l) => l.symbol);
      Object.assign(status, {
        finished: true,
        erro: `Ordem não executada por completo (${abertas.map((s) => `${s} cancelada`).join('; ')}).`,
      });
      return { ...base, ok: true, motivo: null };
    });
    return ok(e.cancel, { ...answer(lote), cancelamentos });
  }),
];
