import * as c from '../../contract';
import { resolvidaPor } from '../../contract/mensagens-ordens';
import { terminalIndisponivel } from '../../contract/terminal';
import { quantityForValue, splitLegs } from '../../shared/legs';
import { fail, handle, ok } from '../contract';
import { avancar, cancelGrupo, novoGrupo, uuid, type Grupo } from '../grupos';
import { recorded, recordedAnswers } from '../recorded';
import { mockUsername } from './auth';
import * as carteira from './carteira';
import { mockClienteStatus } from './clientes';

const e = c.ordensEndpoints;

/**
 * Single orders replayed from the recorded flows (README, "QA: replaying recorded fixtures"): the recorded
 * validation on the legs asked for, then each status poll the next recorded status. A client whose terminal is
 * unreachable answers the server's 502; one whose terminal is unhealthy has its orders rejected as recorded. The
 * history is the recorded one.
 */
let grupos = new Map<string, Grupo>();
let byKey = new Map<string, string>();
export const resetOrdensMock = () => ([grupos, byKey] = [new Map(), new Map()]);

function unreachable(cliente: number) {
  const status = mockClienteStatus(cliente);
  if (status && !['offline', 'timeout', 'missing_ip'].includes(status.status)) return null;
  return fail(502, terminalIndisponivel(status?.detail ?? 'offline'));
}

/** A sent order, stored once per Idempotency-Key (a retried submit answers its first group). */
function store(request: Request, fluxo: Fluxo, ticker: string, legs: c.Leg[], fim: () => void) {
  const key = request.headers.get('idempotency-key');
  const group_id = (key && byKey.get(key)) || uuid('00000000', grupos.size + 1);
  const passos = recordedAnswers<c.OrderStatus>(fluxo, ticker).filter((s) => 'summary' in s);
  if (!grupos.has(group_id)) grupos.set(group_id, novoGrupo({ group_id }, legs, passos, fim));
  if (key) byKey.set(key, group_id);
  return { group_id };
}
type Fluxo = 'fluxo-compra' | 'fluxo-compra-rejeitada' | 'fluxo-venda';
/** A buy's recorded flow: refused when the client's terminal is unhealthy. */
const fluxoDaCompra = (cliente: number): Fluxo =>
  ['warning', 'error'].includes(mockClienteStatus(cliente)?.status ?? '')
    ? 'fluxo-compra-rejeitada'
    : 'fluxo-compra';

const naoEncontrada = () => fail(404, recorded('ordem-404').response.body.detail);
/** An order still open, or why not (unknown: 404; ended: the recorded 409). */
const aberta = (id: string, fixture: 'ordem-resolver-409' | 'ordem-cancelar-409') => {
  const grupo = grupos.get(id);
  if (!grupo) return { recusa: naoEncontrada() };
  if (!grupo.status.finished) return { grupo };
  return { recusa: fail(409, recorded(fixture).response.body.detail) };
};
const status = (id: string) => {
  const grupo = grupos.get(id);
  return grupo ? ok(e.compraStatus, avancar(grupo)) : naoEncontrada();
};

const HISTORICO = [
  ...recorded('ordens').response.body.results,
  ...recorded('ordens-pagina-2').response.body.results,
];
const DETALHE = recorded('ordem').response.body;

export const ordensHandlers = [
  // The recorded validation, on the legs of the quantity asked for (or of the value at the limit price or quote).
  handle(e.validateCompra, ({ input: { params, body } }) => {
    const gravada = recordedAnswers<c.BuyValidationResult>('fluxo-compra', body.ticker)[0]!;
    const preco = body.preco ?? carteira.mockQuote(body.ticker);
    const quantidade = body.quantidade ?? (preco && quantityForValue(body.valor ?? 0, preco));
    const legs = quantidade ? splitLegs(body.ticker, quantidade) : gravada.legs_sugeridas;
    const validacoes = legs.map((l) => ({ ...gravada.validacoes[0]!, symbol: l.symbol }));
    const validacao = { ...gravada, legs_sugeridas: legs, validacoes };
    return unreachable(params.id) ?? ok(e.validateCompra, validacao);
  }),

  handle(e.sendCompra, ({ input: { params, body }, request }) => {
    const { ticker_base, legs, tp, preco = null } = body;
    const quantidade = legs.reduce((sum, leg) => sum + leg.quantidade, 0);
    const comprar = carteira.comprada(params.id, ticker_base, quantidade, preco, tp);
    const enviada = () => store(request, fluxoDaCompra(params.id), ticker_base, legs, comprar);
    return unreachable(params.id) ?? ok(e.sendCompra, enviada());
  }),

  handle(e.sendVenda, ({ input: { params, body }, request }) => {
    const operacao = carteira.mockOperacao(params.operation_id);
    const ticker = (operacao && carteira.mockAcaoTicker(operacao.acao)) ?? 'ACAO';
    const preco = body.preco ?? carteira.mockQuote(ticker) ?? null;
    const vender = () => carteira.closeMockOperacao(params.operation_id, preco);
    const legs = splitLegs(ticker, operacao?.quantidade ?? 100);
    const enviada = () => store(request, 'fluxo-venda', ticker, legs, vender);
    return unreachable(params.id) ?? ok(e.sendVenda, enviada());
  }),

  handle(e.compraStatus, ({ input: { params } }) => status(params.group_id)),
  handle(e.vendaStatus, ({ input: { params } }) => status(params.group_id)),

  // A person closes an order whose outcome cannot be known: nothing reaches the portfolio.
  handle(e.resolve, ({ input: { params, body }, request }) => {
    const { grupo, recusa } = aberta(params.group_id, 'ordem-resolver-409');
    if (!grupo) return recusa;
    const erro = resolvidaPor(mockUsername(request), body.motivo);
    Object.assign(grupo, {
      aoExecutar: undefined,
      status: { ...grupo.status, finished: true, erro },
    });
    return ok(e.resolve, grupo.status);
  }),

  handle(e.cancel, ({ input: { params } }) => {
    const { grupo, recusa } = aberta(params.group_id, 'ordem-cancelar-409');
    if (!grupo) return recusa;
    cancelGrupo(grupo);
    return ok(e.cancel, grupo.status);
  }),

  // One page (the paging is the server's, recorded); a client's own (the portfolio's ORDENS tab).
  handle(e.list, ({ input: { query } }) => {
    const doCliente = (o: c.Ordem) => query.cliente === undefined || o.cliente === query.cliente;
    return ok(e.list, { results: HISTORICO.filter(doCliente), next_cursor: null });
  }),

  // The recorded detail; another recorded order without its timeline.
  handle(e.detail, ({ input: { params } }) => {
    if (DETALHE.group_id === params.group_id) return ok(e.detail, DETALHE);
    const ordem = HISTORICO.find((o) => o.group_id === params.group_id);
    return ordem ? ok(e.detail, { ...ordem, timeline: [], operacoes: [] }) : naoEncontrada();
  }),
];
