import * as c from '../../contract';
import { alvoAbaixoDoPreco, NADA_A_CANCELAR, posicaoAberta } from '../../contract/mensagens-ordens';
import { CLIENTE_SEM_IP, terminalProblem, terminalSemResposta } from '../../contract/terminal';
import { avisoLoteEmVoo, deductEmVoo } from '../../shared/compras-em-voo';
import { money } from '../../shared/decimal';
import { formatMoney } from '../../shared/format';
import { splitLegs } from '../../shared/legs';
import { contarItens, dimensionar, motivoDoCliente, valorEstimado } from '../../shared/lotes';
import { fail, handle, invalid, ok } from '../contract';
import { recorded } from '../recorded';
import { mockUsername } from './auth';
import * as carteira from './carteira';
import { findMockCliente, listMockClientes, mockClienteStatus } from './clientes';
import * as emVoo from './compras-em-voo';
import { avancar, cancelGrupo, novoGrupo, rejeicao, uuid, type Grupo } from './grupos';
import { REJECTED_TICKER } from './ordens';
import { closeMockPosicao, mockPosicao } from './painel';

const e = c.lotesEndpoints;

/**
 * Lotes over the mock's clients (issue 16), as the server behaves: each client sized from its own valor
 * disponível (shared/lotes); an online terminal takes the orders, an unhealthy one rejects them, an unreachable one
 * keeps them waiting; executed orders reach the mock portfolio. QA replay: the recorded validation and, for the
 * recorded clients, their orders' recorded statuses one per poll.
 */
export interface LotesReplay {
  validate: (req: c.LoteValidarRequest) => c.LoteValidacao;
  roteiro: (lado: c.Lado, cliente: number, ticker: string) => c.OrderStatus[] | undefined;
}
let replay: LotesReplay | null = null;
export const seedLotesMock = (value: LotesReplay | null) => (replay = value);

type Item = Grupo<c.LoteItemStatus>;
type Lote = Omit<c.LoteStatus, 'itens' | 'executed_all' | 'finished'> & { itens: Item[] };
let lotes = new Map<string, Lote>();
let byKey = new Map<string, string>();
let [nextLote, nextGroup] = [1, 1];

export function resetLotesMock() {
  emVoo.resetComprasEmVooMock('lotes');
  [lotes, byKey, nextLote, nextGroup, replay] = [new Map(), new Map(), 1, 1, null];
}

const UNREACHABLE = new Set(['offline', 'timeout', 'missing_ip', 'error']);
const nomeDe = (id: number) => findMockCliente(id)?.nome ?? `Cliente ${id}`;

/** One client's line of a validation, through the server's rules (shared/lotes) and words (the contract). */
function validateCliente(id: number, req: c.LoteValidarRequest, ajuste?: number) {
  const status = mockClienteStatus(id);
  // The client's buys of the stock in flight are already spoken for: sized from what they leave.
  const compras = emVoo.comprasEmVooMock(id, req.ticker);
  const disponivel = deductEmVoo(carteira.mockValorDisponivel(id), compras);
  const aviso = avisoLoteEmVoo(req.ticker, compras);
  const posicao = carteira.openMockTickers(id).includes(req.ticker);
  const mt5 = c.Mt5StatusValueSchema.catch('error').parse(status?.status ?? 'missing_ip');
  const base = {
    cliente: id,
    nome: nomeDe(id),
    status_mt5: mt5,
    detalhe_mt5: status?.detail ?? null,
  };
  const item = {
    ...base,
    valor_disponivel: money(disponivel),
    posicao_aberta: posicao,
    compras_em_voo: compras,
    aviso,
  };
  if (!status || UNREACHABLE.has(status.status)) {
    const semIp = status?.status === 'missing_ip';
    const motivo = semIp ? `${CLIENTE_SEM_IP}.` : terminalSemResposta(status?.detail ?? '');
    const vazio = { preco_referencia: null, quantidade: 0, legs_sugeridas: [], validacoes: [] };
    return { ...item, ...vazio, valor_estimado: null, elegivel: false, motivo };
  }
  const preco = req.preco ?? carteira.mockQuote(req.ticker) ?? 10;
  const dim = ajuste === undefined ? dimensionar(req.regra, req.valor, disponivel, preco) : null;
  const quantidade = ajuste ?? dim!.quantidade;
  const legs = splitLegs(req.ticker, quantidade);
  const problema =
    status.status === 'warning' ? terminalProblem({ connected: true, trade_allowed: false }) : null;
  const recusa = problema ?? (req.tp > preco ? null : alvoAbaixoDoPreco(formatMoney(preco)));
  const motivo = motivoDoCliente({
    terminal: problema,
    posicaoAberta: posicao ? posicaoAberta(req.ticker) : null,
    aviso,
    disponivel,
    dimensionamento: dim?.motivo ?? null,
    pernas: recusa,
  });
  return {
    ...item,
    preco_referencia: preco,
    quantidade,
    legs_sugeridas: legs,
    validacoes: legs.map((l) => ({ symbol: l.symbol, ok: !recusa, motivo: recusa })),
    valor_estimado: quantidade > 0 ? valorEstimado(quantidade, preco) : null,
    elegivel: motivo === null,
    motivo,
  };
}

function newItem(
  lado: c.Lado,
  cliente: number,
  legs: c.Leg[],
  ticker: string,
  aoExecutar: () => void,
  operacao: number | null = null,
) {
  const status = mockClienteStatus(cliente);
  const erro = status?.status === 'warning' || ticker === REJECTED_TICKER ? rejeicao(ticker) : null;
  const group_id = uuid('00000000', nextGroup++);
  return novoGrupo<c.LoteItemStatus>(
    { group_id, cliente, nome: nomeDe(cliente), operacao, erro, aviso: null },
    legs,
    {
      esperando: !status || UNREACHABLE.has(status.status),
      aoExecutar,
      roteiro: replay?.roteiro(lado, cliente, ticker),
    },
  );
}

function answer(lote: Lote): c.LoteStatus {
  const itens = lote.itens.map((i) => ({ ...i.status }));
  const executed_all = itens.length > 0 && itens.every((i) => i.executed_all);
  return { ...lote, itens, executed_all, finished: itens.every((i) => i.finished) };
}

/** A lote stored once per Idempotency-Key: a retried send answers the first. */
function store(
  key: string,
  request: Request,
  fields: Omit<Lote, 'lote_id' | 'criado_em' | 'criado_por' | 'itens'>,
  itens: () => Item[],
) {
  if (!byKey.has(key)) {
    const lote_id = uuid('10000000', nextLote++);
    const criado = {
      lote_id,
      criado_em: new Date().toISOString(),
      criado_por: mockUsername(request),
    };
    lotes.set(lote_id, { ...fields, ...criado, itens: itens() });
    byKey.set(key, lote_id);
  }
  return { lote_id: byKey.get(key)! };
}

const naoEncontrado = () => fail(404, recorded('lote-status-404').response.body.detail);
/** The server's 400 for a client id it does not know, as recorded. */
const CLIENTE_DESCONHECIDO = recorded('lote-validar-400').response.body.campos!['clientes.0']!;
const valor = (body: { preco?: number | undefined }) => ({ preco: body.preco ?? null });

/** The operations a sale lote names: the portfolio mock's, else the control panel's rows (the QA replay's). */
function operacoesDaVenda(ids: number[]) {
  return ids.map((id) => {
    const op = carteira.mockOperacao(id);
    if (op) {
      const ticker = carteira.mockAcaoTicker(op.acao) ?? '';
      return {
        id,
        cliente: op.cliente,
        ticker,
        quantidade: op.quantidade ?? 0,
        vendida: op.data_venda !== null,
      };
    }
    const posicao = mockPosicao(id);
    const cliente = listMockClientes().find((cl) => cl.nome === posicao?.cliente);
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
}

export const lotesHandlers = [
  handle(e.validate, ({ input: { body } }) => {
    if (replay) return ok(e.validate, replay.validate(body));
    const todos = [...listMockClientes()].sort((a, b) =>
      (a.nome ?? '').localeCompare(b.nome ?? '', 'pt-BR'),
    );
    const ids = body.clientes ?? todos.map((cl) => cl.id);
    const missing = ids.findIndex((id) => !findMockCliente(id));
    if (missing >= 0)
      return invalid([{ path: ['clientes', missing], message: CLIENTE_DESCONHECIDO }]);
    const ajustes = new Map(body.ajustes?.map((a) => [a.cliente, a.quantidade]));
    return ok(e.validate, { itens: ids.map((id) => validateCliente(id, body, ajustes.get(id))) });
  }),

  handle(e.sendCompra, ({ input: { headers, body }, request }) => {
    const { ticker_base: ticker, tp } = body;
    const missing = body.itens.findIndex((item) => !findMockCliente(item.cliente));
    if (missing >= 0)
      return invalid([{ path: ['itens', missing, 'cliente'], message: CLIENTE_DESCONHECIDO }]);
    const key = headers['idempotency-key'];
    const recusa =
      byKey.has(key) || body.confirmar_compra_em_voo ? null : emVoo.recusaLoteMock(body);
    if (recusa) return recusa;
    const { preco } = valor(body);
    const fields = {
      lado: 'compra' as const,
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
        const aoExecutar = carteira.comprada(cliente, ticker, quantidade, preco, tp);
        const item = newItem('compra', cliente, legs, ticker, aoExecutar);
        const fim = () => !item.status.finished;
        const group_id = item.status.group_id;
        emVoo.registrarCompraMock({
          origem: 'lotes',
          cliente,
          ticker,
          group_id,
          quantidade,
          ...(preco !== null && { preco }),
          emVoo: fim,
        });
        return item;
      });
    return ok(e.sendCompra, store(key, request, fields, itens));
  }),

  handle(e.sendVenda, ({ input: { headers, body }, request }) => {
    const ops = operacoesDaVenda(body.operacoes);
    const missing = ops.findIndex((o) => !o);
    if (missing >= 0)
      return invalid([
        { path: ['operacoes', missing], message: recorded('venda-404').response.body.detail },
      ]);
    if (ops.some((o) => o!.vendida))
      return fail(409, recorded('lote-venda-409').response.body.detail);
    const ticker = ops[0]!.ticker;
    const fields = {
      lado: 'venda' as const,
      ticker_base: ticker,
      execucao: body.execucao,
      ...valor(body),
      tp: null,
      regra: null,
      valor: null,
    };
    const vender = (id: number) => () => {
      carteira.closeMockOperacao(id, body.preco ?? carteira.mockQuote(ticker) ?? null);
      closeMockPosicao(id);
    };
    const itens = () =>
      ops.map((o) =>
        newItem(
          'venda',
          o!.cliente,
          splitLegs(ticker, o!.quantidade),
          ticker,
          vender(o!.id),
          o!.id,
        ),
      );
    return ok(e.sendVenda, store(headers['idempotency-key'], request, fields, itens));
  }),

  handle(e.status, ({ input: { params } }) => {
    const lote = lotes.get(params.lote_id);
    if (!lote) return naoEncontrado();
    lote.itens.forEach(avancar);
    return ok(e.status, answer(lote));
  }),

  handle(e.list, () => {
    const resumo = (lote: Lote) => {
      const { itens, finished, lote_id, lado, ticker_base, execucao, criado_em, criado_por } =
        answer(lote);
      return {
        ...{ lote_id, lado, ticker_base, execucao, criado_em, criado_por },
        clientes: new Set(itens.map((i) => i.cliente)).size,
        ...contarItens(itens),
        finished: Boolean(finished),
      };
    };
    return ok(e.list, [...lotes.values()].reverse().map(resumo));
  }),

  // What rests open is canceled at once (the filled part stays); an order the terminal never got cannot be.
  handle(e.cancel, ({ input: { params } }) => {
    const lote = lotes.get(params.lote_id);
    if (!lote) return naoEncontrado();
    const abertos = lote.itens.filter((i) => !i.status.finished);
    if (!abertos.length) return fail(409, recorded('lote-cancelar-409').response.body.detail);
    const cancelamentos = abertos.map((item) => {
      const { cliente, nome, group_id } = item.status;
      if (!item.esperando) cancelGrupo(item);
      const recusa = item.esperando ? NADA_A_CANCELAR : null;
      return { cliente, nome, group_id, ok: !recusa, motivo: recusa };
    });
    return ok(e.cancel, { ...answer(lote), cancelamentos });
  }),
];
