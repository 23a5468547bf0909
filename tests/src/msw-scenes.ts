import * as c from '../../contract';
import { alvoAbaixoDoPreco } from '../../contract/mensagens-ordens';
import { fail, handle, ok } from '../../mocks/contract';
import { avancar, novoGrupo, uuid, type Grupo } from '../../mocks/grupos';
import * as carteira from '../../mocks/handlers/carteira';
import { recorded, recordedAnswers } from '../../mocks/recorded';
import { avisoCompraEmVoo, recusaEmVoo } from '../../shared/compras-em-voo';
import { todayIso } from '../../shared/dates';
import { formatMoney } from '../../shared/format';
import { quantityForValue, splitLegs } from '../../shared/legs';
import { valorEstimado } from '../../shared/lotes';

/**
 * Scenes a component test sets with `server.use(...)`, in place of the QA replay the mocks answer by default: each
 * answer is a recorded one (mocks/fixtures), its order's statuses a list of recorded statuses replayed in order, the
 * words the server's (contract/, shared/).
 */

const e = c.ordensEndpoints;
const PENDENTE = recorded('compra-status-pendente').response.body;
/** The recorded pending status with every leg half filled. */
const METADE = {
  ...PENDENTE,
  summary: PENDENTE.summary.map((l) => ({ ...l, volume_exec: Math.floor(l.volume / 2) })),
};
/** An order half filled at its first poll, executed at the next (the recorded executed status). */
export const METADE_E_EXECUTADA: c.OrderStatus[] = [
  METADE,
  recorded('compra-status').response.body,
];
/** A ticker whose orders the scene's terminal rejects: the recorded rejection, naming it. */
export const REJECTED_TICKER = 'RJCT3';
export const rejeitada = (ticker: string) =>
  recordedAnswers<c.OrderStatus>('fluxo-compra-rejeitada', ticker).filter((s) => 'summary' in s);
/** The statuses an order of the scene goes through: rejected for REJECTED_TICKER, else half then executed. */
export const roteiroDe = (ticker: string) =>
  ticker === REJECTED_TICKER ? rejeitada(ticker) : METADE_E_EXECUTADA;

/** A buy of a stock the scene's server holds in flight for a client (issue 26, item 5). */
export interface EmVoo {
  cliente: number;
  ticker: string;
  group_id: string;
  quantidade: number;
  preco: number;
}
/** The client's buys of the stock in flight, as the validations show them. */
export const comprasEmVoo = (emVoo: EmVoo[], cliente: number, ticker: string) =>
  emVoo
    .filter((b) => b.cliente === cliente && b.ticker === ticker)
    .map(({ group_id, quantidade, preco }) => ({
      group_id,
      quantidade,
      valor: valorEstimado(quantidade, preco),
    }));

/**
 * The buy and sale dialogs' server: Validar splits the quantity (or the value at the limit price, else `preco`)
 * into legs and checks the target against that price; a buy of a stock in `emVoo` asks for confirmation; each order
 * goes through `roteiroDe` its stock, and once executed reaches the portfolio mock (a buy opens its operation, a
 * sale realises it).
 */
export function ordensScene({ preco = 10, emVoo = [] as EmVoo[] } = {}) {
  const grupos = new Map<string, Grupo>();
  const chaves = new Map<string, string>();
  const enviar = (key: string | undefined, legs: c.Leg[], ticker: string, fim: () => void) => {
    const group_id = (key && chaves.get(key)) || uuid('00000000', grupos.size + 1);
    if (!grupos.has(group_id))
      grupos.set(group_id, novoGrupo({ group_id }, legs, roteiroDe(ticker), fim));
    if (key) chaves.set(key, group_id);
    return { group_id };
  };
  const status = (id: string) => {
    const grupo = grupos.get(id);
    return grupo
      ? ok(e.compraStatus, avancar(grupo))
      : fail(404, recorded('ordem-404').response.body.detail);
  };
  return [
    handle(e.validateCompra, ({ input: { params, body } }) => {
      const ref = body.preco ?? preco;
      const quantidade = body.quantidade ?? quantityForValue(body.valor ?? 0, ref);
      const legs = splitLegs(body.ticker, quantidade);
      const motivo = body.tp > ref ? null : alvoAbaixoDoPreco(formatMoney(ref));
      const validacoes = legs.map((l) => ({ symbol: l.symbol, ok: !motivo, motivo }));
      const compras = comprasEmVoo(emVoo, params.id, body.ticker);
      const aviso = avisoCompraEmVoo(body.ticker, compras);
      return ok(e.validateCompra, {
        legs_sugeridas: legs,
        validacoes,
        compras_em_voo: compras,
        aviso,
      });
    }),
    handle(e.sendCompra, ({ input: { params, headers, body } }) => {
      const { ticker_base, legs, tp, preco: limite = null } = body;
      const key = headers['idempotency-key'];
      const compras = comprasEmVoo(emVoo, params.id, ticker_base);
      const novo = !(key && chaves.has(key));
      if (novo && compras.length && !body.confirmar_compra_em_voo)
        return fail(409, recusaEmVoo(ticker_base, compras));
      const quantidade = legs.reduce((sum, l) => sum + l.quantidade, 0);
      const fim = carteira.comprada(params.id, ticker_base, quantidade, limite, tp);
      return ok(e.sendCompra, enviar(key, legs, ticker_base, fim));
    }),
    handle(e.sendVenda, ({ input: { params, headers, body } }) => {
      const operacao = carteira.mockOperacao(params.operation_id);
      const ticker = (operacao && carteira.mockAcaoTicker(operacao.acao)) ?? 'ACAO';
      const legs = [{ symbol: ticker, quantidade: operacao?.quantidade ?? 100 }];
      const realizada = body.preco ?? carteira.mockQuote(ticker) ?? null;
      const fim = () => carteira.closeMockOperacao(params.operation_id, realizada);
      return ok(e.sendVenda, enviar(headers['idempotency-key'], legs, ticker, fim));
    }),
    handle(e.compraStatus, ({ input: { params } }) => status(params.group_id)),
    handle(e.vendaStatus, ({ input: { params } }) => status(params.group_id)),
  ];
}

const HISTORICO = [
  ...recorded('ordens').response.body.results,
  ...recorded('ordens-pagina-2').response.body.results,
];
const PERNAS = Object.fromEntries(HISTORICO.flatMap((o) => o.legs).map((l) => [l.estado, l]));
/** A leg as the recorded history shows one in that state (its retcode and the terminal's words). */
export const pernaGravada = (
  estado: 'filled' | 'rejected' | 'placed',
  perna: Pick<c.PernaOrdem, 'symbol' | 'volume' | 'volume_exec' | 'preco_medio'>,
): c.PernaOrdem => ({ ...PERNAS[estado]!, ...perna });
/** An order of the history: the recorded row's shape with these fields. */
export const ordemGravada = (ordem: Partial<c.Ordem>): c.Ordem => ({
  ...HISTORICO[0]!,
  lote_id: null,
  operacao_id: null,
  ...ordem,
});
type Filtro = Partial<Record<'cliente' | 'acao' | 'estado' | 'de' | 'ate', string | number>>;
/** The history newest first, as the server filters it (by client, stock, state and creation day). */
function filtrarHistorico(lista: c.Ordem[], q: Filtro) {
  const dia = (o: c.Ordem) => todayIso(new Date(o.criado_em));
  const igual = (o: c.Ordem, campo: 'cliente' | 'acao' | 'estado') =>
    q[campo] === undefined || o[campo] === q[campo];
  return lista
    .filter((o) => igual(o, 'cliente') && igual(o, 'acao') && igual(o, 'estado'))
    .filter((o) => (q.de ?? '') <= dia(o) && dia(o) <= (q.ate ?? '9999'))
    .sort((a, b) => b.criado_em.localeCompare(a.criado_em) || b.group_id.localeCompare(a.group_id));
}
/** The history's server over these orders, filtered as the server does. */
export const historicoScene = (ordens: c.Ordem[]) =>
  handle(e.list, ({ input: { query } }) =>
    ok(e.list, { results: filtrarHistorico(ordens, query), next_cursor: null }),
  );
