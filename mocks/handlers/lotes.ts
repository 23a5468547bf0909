import {
  Mt5StatusValueSchema,
  lotesEndpoints as e,
  type Cliente,
  type Leg,
  type LoteItemStatus,
  type LoteItemValidacao,
  type LoteStatus,
  type LoteValidacao,
  type LoteValidarRequest,
  type OrderStatus,
} from '../../contract';
import { alvoAbaixoDoPreco, NADA_A_CANCELAR, posicaoAberta } from '../../contract/mensagens-ordens';
import { CLIENTE_SEM_IP, terminalProblem, terminalSemResposta } from '../../contract/terminal';
import { avisoLoteEmVoo } from '../../shared/compras-em-voo';
import { todayIso } from '../../shared/dates';
import { formatMoney } from '../../shared/format';
import { legsProblem, splitLegs } from '../../shared/legs';
import { dimensionar, valorEstimado } from '../../shared/lotes';
import { fail, handle, invalid, ok } from '../contract';
import { recorded } from '../recorded';
import { mockUsername } from './auth';
import * as carteira from './carteira';
import { findMockCliente, listMockClientes, mockClienteStatus } from './clientes';
import {
  comprasEmVooMock,
  disponivelMenosEmVoo,
  recusaLoteMock,
  registrarCompraMock,
  resetComprasEmVooMock,
} from './compras-em-voo';
import { avancar, cancelarGrupo, novoGrupo, rejeicao, uuid, type Grupo } from './grupos';
import { REJECTED_TICKER } from './ordens';
import { closeMockPosicao, mockPosicao } from './painel';

/**
 * Lotes over the mock's clients (issue 16), as the server behaves: each client sized from its own valor
 * disponível (shared/lotes); an online terminal takes the orders, an unhealthy one rejects them, an unreachable one
 * keeps them waiting; executed orders reach the mock portfolio. QA replay: the recorded validation and, for the
 * recorded clients, their orders' recorded statuses one per poll.
 */
export interface LotesReplay {
  validar: (req: LoteValidarRequest) => LoteValidacao;
  roteiro: (lado: 'compra' | 'venda', cliente: number, ticker: string) => OrderStatus[] | undefined;
}
let replay: LotesReplay | null = null;
export const seedLotesMock = (value: LotesReplay | null) => (replay = value);

type Lote = Omit<LoteStatus, 'itens' | 'executed_all' | 'finished'> & {
  itens: Array<Grupo<LoteItemStatus>>;
};
let lotes = new Map<string, Lote>();
let byKey = new Map<string, string>();
let [nextLote, nextGroup] = [1, 1];

export function resetLotesMock() {
  resetComprasEmVooMock('lotes');
  [lotes, byKey, nextLote, nextGroup, replay] = [new Map(), new Map(), 1, 1, null];
}

const UNREACHABLE = new Set(['offline', 'timeout', 'missing_ip', 'error']);
const nomeDe = (c: Cliente | undefined, id: number) => c?.nome ?? `Cliente ${id}`;

function validateCliente(
  cliente: Cliente,
  req: LoteValidarRequest,
  ajuste: number | undefined,
): LoteItemValidacao {
  const status = mockClienteStatus(cliente.id);
  // The client's buys of the stock in flight are already spoken for: sized from what they leave.
  const compras = comprasEmVooMock(cliente.id, req.ticker);
  const disponivel = disponivelMenosEmVoo(carteira.mockValorDisponivel(cliente.id), compras);
  const aviso = avisoLoteEmVoo(req.ticker, compras);
  const posicao = (carteira.openMockTickers(cliente.id) ?? []).includes(req.ticker);
  const base = {
    cliente: cliente.id,
    nome: nomeDe(cliente, cliente.id),
    status_mt5: Mt5StatusValueSchema.catch('error').parse(status?.status ?? 'missing_ip'),
    detalhe_mt5: status?.detail ?? null,
    valor_disponivel: disponivel,
    posicao_aberta: posicao,
    compras_em_voo: compras,
    aviso,
  };
  if (!status || UNREACHABLE.has(status.status)) {
    const motivo =
      status?.status === 'missing_ip'
        ? `${CLIENTE_SEM_IP}.`
        : terminalSemResposta(status?.detail ?? '');
    const vazio = {
      preco_referencia: null,
      quantidade: 0,
      legs_sugeridas: [],
      validacoes: [],
      valor_estimado: null,
    };
    return { ...base, ...vazio, elegivel: false, motivo };
  }
  const preco = req.preco ?? carteira.mockQuote(req.ticker) ?? 10;
  const dim =
    ajuste !== undefined
      ? { quantidade: ajuste, motivo: null }
      : dimensionar(req.regra, req.valor, disponivel, preco);
  const legs = splitLegs(req.ticker, dim.quantidade);
  const problema =
    status.status === 'warning' ? terminalProblem({ connected: true, trade_allowed: false }) : null;
  const abaixo = req.tp > preco ? null : alvoAbaixoDoPreco(formatMoney(preco));
  const validacoes = legs.map((l) => ({
    symbol: l.symbol,
    ok: !(problema ?? abaixo),
    motivo: problema ?? abaixo,
  }));
  // Without money the sizing rule refuses any amount: its words (shared/lotes), whatever the lote's rule.
  const semDinheiro = dimensionar('valor_fixo', 1, disponivel, 1).motivo;
  const motivo =
    problema ??
    (posicao ? posicaoAberta(req.ticker) : null) ??
    aviso ??
    semDinheiro ??
    dim.motivo ??
    abaixo;
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
  lado: 'compra' | 'venda',
  cliente: number,
  legs: Leg[],
  ticker: string,
  operacao: number | null,
  aoExecutar: () => void,
) {
  const status = mockClienteStatus(cliente);
  const unhealthy = status?.status === 'warning' || ticker === REJECTED_TICKER;
  const item = {
    group_id: uuid('00000000', nextGroup++),
    cliente,
    nome: nomeDe(findMockCliente(cliente), cliente),
    operacao,
  };
  return novoGrupo<LoteItemStatus>(
    { ...item, erro: unhealthy ? rejeicao(ticker) : null, aviso: null },
    legs,
    {
      esperando: !status || UNREACHABLE.has(status.status),
      aoExecutar,
      roteiro: replay?.roteiro(lado, cliente, ticker),
    },
  );
}

function answer(lote: Lote): LoteStatus {
  const itens = lote.itens.map((i) => ({ ...i.status }));
  return {
    ...lote,
    itens,
    executed_all: itens.length > 0 && itens.every((i) => i.executed_all),
    finished: itens.every((i) => i.finished),
  };
}

function store(
  key: string,
  request: Request,
  lote: Omit<Lote, 'lote_id' | 'created_at' | 'created_by' | 'itens'>,
  itens: () => Lote['itens'],
) {
  const lote_id = byKey.get(key) ?? uuid('10000000', nextLote++);
  if (!byKey.has(key)) {
    lotes.set(lote_id, {
      ...lote,
      lote_id,
      created_at: new Date().toISOString(),
      created_by: mockUsername(request),
      itens: itens(),
    });
    byKey.set(key, lote_id);
  }
  return { lote_id };
}

const naoEncontrado = () => fail(404, recorded('lote-status-404').response.body.detail);
/** The server's 400 for a client id it does not know, as recorded. */
const clienteDesconhecido = (path: Array<string | number>) => ({
  path,
  message: recorded('lote-validar-400').response.body.campos!['clientes.0']!,
});

export const lotesHandlers = [
  handle(e.validate, ({ input: { body } }) => {
    if (replay) return ok(e.validate, replay.validar(body));
    const lista =
      body.clientes?.map((id) => findMockCliente(id)) ??
      [...listMockClientes()].sort((a, b) => (a.nome ?? '').localeCompare(b.nome ?? '', 'pt-BR'));
    const missing = lista.findIndex((c) => !c);
    if (missing >= 0) return invalid([clienteDesconhecido(['clientes', missing])]);
    const ajustes = new Map(body.ajustes?.map((a) => [a.cliente, a.quantidade]));
    return ok(e.validate, {
      itens: lista.map((c) => validateCliente(c!, body, ajustes.get(c!.id))),
    });
  }),

  handle(e.sendCompra, ({ input: { headers, body }, request }) => {
    const { ticker_base: ticker, preco = null, tp } = body;
    const issues = body.itens.flatMap((item, i) => {
      const problema = legsProblem(
        ticker,
        item.legs.map((l) => l.symbol),
      );
      return [
        ...(findMockCliente(item.cliente) ? [] : [clienteDesconhecido(['itens', i, 'cliente'])]),
        ...(problema ? [{ path: ['itens', i, 'legs'], message: problema }] : []),
      ];
    });
    if (issues.length) return invalid(issues);
    const key = headers['idempotency-key'];
    const emVoo = byKey.has(key) || body.confirmar_compra_em_voo ? null : recusaLoteMock(body);
    if (emVoo) return emVoo;
    const acao = carteira.mockAcao(ticker);
    const fields = {
      tipo: 'compra' as const,
      ticker_base: ticker,
      execucao: body.execucao,
      preco,
      tp,
      regra: body.regra ?? null,
      valor: body.valor ?? null,
    };
    const itens = () =>
      body.itens.map(({ cliente, legs }) => {
        const quantidade = legs.reduce((sum, l) => sum + l.quantidade, 0);
        const data = {
          cliente,
          data_compra: todayIso(),
          quantidade,
          data_venda: null,
          preco_venda_unitario: null,
          valor_alvo: tp,
        };
        const item = newItem('compra', cliente, legs, ticker, null, () => {
          if (acao)
            carteira.addMockOperacao({
              ...data,
              acao: acao.id,
              preco_unitario: preco ?? carteira.mockQuote(ticker) ?? null,
            });
        });
        const { group_id } = item.status;
        registrarCompraMock({
          origem: 'lotes',
          cliente,
          ticker,
          group_id,
          quantidade,
          ...(preco !== null && { preco }),
          emVoo: () => !item.status.finished,
        });
        return item;
      });
    return ok(e.sendCompra, store(key, request, fields, itens));
  }),

  handle(e.sendVenda, ({ input: { headers, body }, request }) => {
    // An operation of the portfolio mock, else a row of the control panel's (the QA replay's other clients).
    const ops = body.operacoes.map((id) => {
      const op = carteira.mockOperacao(id);
      if (op)
        return {
          id,
          cliente: op.cliente,
          ticker: carteira.mockAcaoTicker(op.acao) ?? '',
          quantidade: op.quantidade ?? 0,
          vendida: op.data_venda !== null,
        };
      const posicao = mockPosicao(id);
      const cliente = listMockClientes().find((c) => c.nome === posicao?.cliente);
      return (
        posicao &&
        cliente && {
          id,
          cliente: cliente.id,
          ticker: posicao.acao,
          quantidade: posicao.quantidade ?? 0,
          vendida: false,
        }
      );
    });
    const missing = ops.findIndex((o) => !o);
    if (missing >= 0)
      return invalid([
        { path: ['operacoes', missing], message: recorded('venda-404').response.body.detail },
      ]);
    if (ops.some((o) => o!.vendida))
      return fail(409, recorded('lote-venda-409').response.body.detail);
    const ticker = ops[0]!.ticker;
    const fields = {
      tipo: 'venda' as const,
      ticker_base: ticker,
      execucao: body.execucao,
      preco: body.preco ?? null,
      tp: null,
      regra: null,
      valor: null,
    };
    const itens = () =>
      ops.map((o) =>
        newItem('venda', o!.cliente, splitLegs(ticker, o!.quantidade), ticker, o!.id, () => {
          carteira.closeMockOperacao(o!.id, body.preco ?? carteira.mockQuote(ticker) ?? null);
          closeMockPosicao(o!.id);
        }),
      );
    return ok(e.sendVenda, store(headers['idempotency-key'], request, fields, itens));
  }),

  handle(e.status, ({ input: { params } }) => {
    const lote = lotes.get(params.lote_id);
    if (!lote) return naoEncontrado();
    lote.itens.forEach(avancar);
    return ok(e.status, answer(lote));
  }),

  handle(e.list, () =>
    ok(
      e.list,
      [...lotes.values()].reverse().map((lote) => {
        const { itens, finished, lote_id, tipo, ticker_base, execucao, created_at, created_by } =
          answer(lote);
        const filled = (i: LoteItemStatus) => i.summary.some((l) => l.volume_exec > 0);
        const fim = (i: LoteItemStatus) => i.finished && !i.executed_all;
        return {
          ...{ lote_id, tipo, ticker_base, execucao, created_at, created_by },
          clientes: new Set(itens.map((i) => i.cliente)).size,
          executadas: itens.filter((i) => i.executed_all).length,
          parciais: itens.filter((i) => fim(i) && filled(i)).length,
          falhas: itens.filter((i) => fim(i) && !filled(i)).length,
          em_andamento: itens.filter((i) => !i.finished).length,
          finished,
        };
      }),
    ),
  ),

  // What rests open is canceled at once (the filled part stays); an order the terminal never got cannot be.
  handle(e.cancel, ({ input: { params } }) => {
    const lote = lotes.get(params.lote_id);
    if (!lote) return naoEncontrado();
    const abertos = lote.itens.filter((i) => !i.status.finished);
    if (!abertos.length) return fail(409, recorded('lote-cancelar-409').response.body.detail);
    const cancelamentos = abertos.map((item) => {
      const { cliente, nome, group_id } = item.status;
      if (item.esperando) return { cliente, nome, group_id, ok: false, motivo: NADA_A_CANCELAR };
      cancelarGrupo(item);
      return { cliente, nome, group_id, ok: true, motivo: null };
    });
    return ok(e.cancel, { ...answer(lote), cancelamentos });
  }),
];
