import * as c from '../../contract';
import {
  alvoAbaixoDoPreco,
  EVENTO_ORDEM,
  RESOLVIDA_POR,
  resolvidaPor,
} from '../../contract/mensagens-ordens';
import { terminalIndisponivel } from '../../contract/terminal';
import { avisoCompraEmVoo } from '../../shared/compras-em-voo';
import { todayIso } from '../../shared/dates';
import { formatMoney } from '../../shared/format';
import { quantityForValue, splitLegs } from '../../shared/legs';
import { descricaoDaOrdem } from '../../shared/ordens';
import { fail, handle, ok } from '../contract';
import { recorded } from '../recorded';
import historico from '../scene/historico.json';
import { mockUsername } from './auth';
import * as carteira from './carteira';
import { findMockCliente, mockClienteStatus } from './clientes';
import * as emVoo from './compras-em-voo';
import { avancar, cancelGrupo, novoGrupo, rejeicao, uuid, type Grupo } from './grupos';

const e = c.ordensEndpoints;

/** A ticker whose orders the mock terminal rejects (the error path the component tests take). */
export const REJECTED_TICKER = 'RJCT3';

/** What the history shows of an order besides its status. */
type Meta = Pick<
  c.Ordem,
  'cliente' | 'acao' | 'lado' | 'execucao' | 'preco' | 'tp' | 'criado_em' | 'criado_por'
>;

/**
 * QA replay (mocks/replay.ts): the recorded validation of a buy, and the recorded statuses of a buy, a rejected buy
 * and a sale, one per poll, for the stock at hand. Clients whose terminal is unreachable answer 502; those whose
 * terminal is unhealthy have their orders rejected.
 */
export interface OrdensReplay {
  validate: (ticker: string) => c.BuyValidationResult;
  roteiro: (lado: c.Lado, ticker: string, rejeitada: boolean) => c.OrderStatus[];
  /** The history as recorded (its rows, and the one order whose detail was recorded). */
  historico: c.Ordem[];
  detalhe: c.OrdemDetalhe;
}
let replay: OrdensReplay | null = null;

const terminal = (cliente: number) => (replay ? mockClienteStatus(cliente) : null);
const UNREACHABLE = new Set(['offline', 'timeout', 'missing_ip']);
function unreachable(cliente: number) {
  const status = terminal(cliente);
  if (!status || !UNREACHABLE.has(status.status)) return null;
  return fail(502, terminalIndisponivel(status.detail ?? status.status));
}
const rejected = (cliente: number, ticker: string) =>
  ticker === REJECTED_TICKER || ['warning', 'error'].includes(terminal(cliente)?.status ?? '');

let ordens = new Map<string, { grupo: Grupo; meta: Meta }>();
let byKey = new Map<string, string>();
let next = 1;

function store(meta: Meta, legs: c.Leg[], key: string | null, aoExecutar?: () => void) {
  const existing = key && byKey.get(key);
  if (existing) return existing;
  const id = uuid('00000000', next++);
  const rejeitada = rejected(meta.cliente, meta.acao);
  const grupo = novoGrupo({ group_id: id, erro: rejeitada ? rejeicao(meta.acao) : null }, legs, {
    aoExecutar,
    roteiro: replay?.roteiro(meta.lado, meta.acao, rejeitada),
  });
  ordens.set(id, { grupo, meta });
  if (key) byKey.set(key, id);
  return id;
}

/** The QA replay's recorded history, or (null) the scene's (mocks/handlers/index.ts): no order of the session. */
export function seedOrdensMock(value: OrdensReplay | null) {
  replay = value;
  emVoo.resetComprasEmVooMock('ordens');
  [ordens, byKey, next] = [new Map(), new Map(), 1];
  if (replay) return;
  for (const seed of historico as Array<{ meta: Meta; legs: c.Leg[]; executada: boolean }>) {
    const grupo = ordens.get(store(seed.meta, seed.legs, null))!.grupo;
    if (!seed.executada) grupo.status.erro = rejeicao(seed.meta.acao);
    for (let i = 0; i < 2; i++) avancar(grupo);
  }
}
export const resetOrdensMock = () => seedOrdensMock(null);
resetOrdensMock();

const meta = (
  cliente: number,
  request: Request,
  fields: Omit<Meta, 'cliente' | 'criado_em' | 'criado_por'>,
) => ({
  cliente,
  ...fields,
  criado_em: new Date().toISOString(),
  criado_por: mockUsername(request),
});
const naoEncontrada = () => fail(404, recorded('ordem-404').response.body.detail);
const jaTerminou = (fixture: 'ordem-resolver-409' | 'ordem-cancelar-409') =>
  fail(409, recorded(fixture).response.body.detail);
const aberta = (id: string) => {
  const found = ordens.get(id);
  return found && !found.grupo.status.finished ? found : null;
};

export const ordensHandlers = [
  handle(e.validateCompra, ({ input: { params, body } }) => {
    const offline = unreachable(params.id);
    if (offline) return offline;
    const compras = emVoo.comprasEmVooMock(params.id, body.ticker);
    const emCurso = { compras_em_voo: compras, aviso: avisoCompraEmVoo(body.ticker, compras) };
    if (replay) return ok(e.validateCompra, { ...replay.validate(body.ticker), ...emCurso });
    const price = body.preco ?? 10;
    const legs = splitLegs(
      body.ticker,
      body.quantidade ?? quantityForValue(body.valor ?? 0, price),
    );
    const motivo = body.tp > price ? null : alvoAbaixoDoPreco(formatMoney(price));
    const validacoes = legs.map((l) => ({ symbol: l.symbol, ok: !motivo, motivo }));
    return ok(e.validateCompra, { legs_sugeridas: legs, validacoes, ...emCurso });
  }),

  handle(e.sendCompra, ({ input: { params, headers, body }, request }) => {
    const { id: cliente } = params;
    const { ticker_base, legs, tp, preco } = body;
    const offline = unreachable(cliente);
    if (offline) return offline;
    const key = headers['idempotency-key'] ?? null;
    // A retried submit answers its first group; another buy of the stock in flight asks for confirmation.
    const retry = key !== null && byKey.has(key);
    const recusa =
      retry || body.confirmar_compra_em_voo ? null : emVoo.recusaCompraMock(cliente, ticker_base);
    if (recusa) return recusa;
    const quantidade = legs.reduce((sum, leg) => sum + leg.quantidade, 0);
    const fields = {
      acao: ticker_base,
      lado: 'compra' as const,
      execucao: body.execucao,
      preco: preco ?? null,
      tp,
    };
    const aoExecutar = carteira.comprada(cliente, ticker_base, quantidade, preco ?? null, tp);
    const id = store(meta(cliente, request, fields), legs, key, aoExecutar);
    if (!retry) {
      const { status } = ordens.get(id)!.grupo;
      const emCurso = () => !status.finished;
      emVoo.registrarCompraMock({
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
    const operacao = carteira.mockOperacao(params.operation_id);
    const symbol = (operacao && carteira.mockAcaoTicker(operacao.acao)) ?? 'ACAO';
    const fields = {
      acao: symbol,
      lado: 'venda' as const,
      execucao: body.execucao,
      preco: body.preco ?? null,
      tp: null,
    };
    const legs = [{ symbol, quantidade: operacao?.quantidade ?? 100 }];
    const id = store(
      meta(params.id, request, fields),
      legs,
      headers['idempotency-key'] ?? null,
      () => {
        if (operacao)
          carteira.closeMockOperacao(
            operacao.id,
            body.preco ?? carteira.mockQuote(symbol) ?? operacao.preco_unitario,
          );
      },
    );
    return ok(e.sendVenda, { group_id: id });
  }),

  handle(e.compraStatus, ({ input: { params } }) => {
    const found = ordens.get(params.group_id);
    return found ? ok(e.compraStatus, avancar(found.grupo)) : naoEncontrada();
  }),

  handle(e.vendaStatus, ({ input: { params } }) => {
    const found = ordens.get(params.group_id);
    return found ? ok(e.vendaStatus, avancar(found.grupo)) : naoEncontrada();
  }),

  // A person closes an order whose outcome cannot be known: nothing reaches the portfolio.
  handle(e.resolve, ({ input: { params, body }, request }) => {
    if (!ordens.has(params.group_id)) return naoEncontrada();
    const found = aberta(params.group_id);
    if (!found) return jaTerminou('ordem-resolver-409');
    found.grupo.aoExecutar = undefined;
    const erro = resolvidaPor(mockUsername(request), body.motivo);
    Object.assign(found.grupo.status, { finished: true, erro });
    return ok(e.resolve, found.grupo.status);
  }),

  handle(e.cancel, ({ input: { params } }) => {
    if (!ordens.has(params.group_id)) return naoEncontrada();
    const found = aberta(params.group_id);
    if (!found) return jaTerminou('ordem-cancelar-409');
    cancelGrupo(found.grupo);
    return ok(e.cancel, found.grupo.status);
  }),

  // The history newest first, by the filters the screen sends: one page (the paging is the server's, recorded).
  handle(e.list, ({ input: { query: q } }) => {
    const dia = (o: c.Ordem) => todayIso(new Date(o.criado_em));
    const results = [...ordens.entries()]
      .map(([id, found]) => ordemOf(id, found))
      .concat(replay?.historico ?? [])
      .filter(
        (o) =>
          (q.cliente === undefined || o.cliente === q.cliente) &&
          (q.acao === undefined || o.acao === q.acao) &&
          (q.estado === undefined || o.estado === q.estado) &&
          (q.de === undefined || dia(o) >= q.de) &&
          (q.ate === undefined || dia(o) <= q.ate),
      )
      .sort(
        (a, b) => b.criado_em.localeCompare(a.criado_em) || b.group_id.localeCompare(a.group_id),
      );
    return ok(e.list, { results, next_cursor: null });
  }),

  handle(e.detail, ({ input: { params } }) => {
    const found = ordens.get(params.group_id);
    if (replay?.detalhe.group_id === params.group_id) return ok(e.detail, replay.detalhe);
    if (!found) return naoEncontrada();
    const ordem = ordemOf(params.group_id, found);
    const { executed_all, finished, erro } = found.grupo.status;
    const evento = (nome: string, detalhe: string | null) => ({
      em: ordem.criado_em,
      evento: nome,
      detalhe,
      usuario: ordem.criado_por,
    });
    const timeline = [
      evento(EVENTO_ORDEM.registrada, descricaoDaOrdem(ordem)),
      ...(finished
        ? [evento(executed_all ? EVENTO_ORDEM.concluida : EVENTO_ORDEM.encerrada, erro ?? null)]
        : []),
    ];
    return ok(e.detail, { ...ordem, timeline, operacoes: [] });
  }),
];

function estadoOf(status: c.OrderStatus): c.EstadoOrdem {
  if (status.executed_all) return 'completed';
  if (status.erro?.startsWith(RESOLVIDA_POR)) return 'resolved';
  return status.finished ? 'failed' : 'sent';
}

/** The retcode a leg shows: executed, refused, or placed on the terminal. */
const RETCODES = {
  filled: [10009, 'Solicitação executada'],
  rejected: [10006, 'Solicitação rejeitada'],
  placed: [10008, 'Ordem colocada'],
} as const;

/** A mock group as the history's row. */
function ordemOf(
  groupId: string,
  { grupo: { status }, meta }: { grupo: Grupo; meta: Meta },
): c.Ordem {
  const estado = estadoOf(status);
  return {
    ...meta,
    group_id: groupId,
    lote_id: null,
    nome: findMockCliente(meta.cliente)?.nome ?? `Cliente ${meta.cliente}`,
    estado,
    legs: status.summary.map((l) => {
      const fase = l.executada ? 'filled' : estado === 'failed' ? 'rejected' : 'placed';
      const [retcode, retcode_desc] = RETCODES[fase];
      return {
        symbol: l.symbol,
        volume: l.volume,
        volume_exec: l.volume_exec,
        preco_medio: l.volume_exec > 0 ? (meta.preco ?? carteira.mockQuote(meta.acao) ?? 10) : null,
        estado: fase === 'placed' && l.volume_exec > 0 ? 'partial' : fase,
        retcode,
        retcode_desc,
        ticket: null,
        broker_comment: null,
        retcode_external: null,
        problema: null,
      };
    }),
    concluido_em: estado === 'sent' ? null : meta.criado_em,
    erro: status.erro ?? null,
    aviso: status.aviso ?? null,
    operacao_id: null,
  };
}
