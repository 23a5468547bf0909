import * as c from '../../contract';
import { splitLegs } from '../../shared/legs';
import { contarItens, valorEstimado } from '../../shared/lotes';
import { fail, handle, invalid, ok } from '../contract';
import { avancar, cancelGrupo, novoGrupo, statusDoLote, uuid, type Lote } from '../grupos';
import { recorded, recordedAnswers } from '../recorded';
import { mockUsername } from './auth';
import * as carteira from './carteira';
import { findMockCliente, listMockClientes } from './clientes';
import { closeMockPosicao, mockPosicao } from './painel';

const e = c.lotesEndpoints;

/**
 * Lotes replayed from the recorded flows (README, "QA: replaying recorded fixtures"): the recorded validation (a
 * limit lote's, for a limit price) with the quantities typed over it, then each client's order following the
 * statuses the recorded lote's order for that client went through (a limit lote rests until canceled); executed
 * orders reach the mock portfolio.
 */
let lotes = new Map<string, Lote>();
let byKey = new Map<string, string>();
let grupos = 0;
export const resetLotesMock = () => ([lotes, byKey, grupos] = [new Map(), new Map(), 0]);

const FLUXOS = {
  venda: 'fluxo-lote-venda',
  limite: 'fluxo-lote-cancelar',
  mercado: 'fluxo-lote-compra',
} as const;
const fluxoDe = (lado: c.Lado, execucao: c.Execucao) => FLUXOS[lado === 'venda' ? lado : execucao];

/** The recorded validation, for the clients asked, with the quantities the operator typed. */
function validacao({ ticker, execucao, clientes, ajustes }: c.LoteValidarRequest) {
  const { itens } = recordedAnswers<c.LoteValidacao>(fluxoDe('compra', execucao), ticker)[0]!;
  const digitadas = new Map(ajustes?.map((a) => [a.cliente, a.quantidade]));
  const pedidos = itens.filter((i) => !clientes || clientes.includes(i.cliente));
  return {
    itens: pedidos.map((item) => {
      const quantidade = digitadas.get(item.cliente);
      if (quantidade === undefined) return item;
      const legs_sugeridas = splitLegs(ticker, quantidade);
      const validacoes = legs_sugeridas.map((l) => ({ ...item.validacoes[0]!, symbol: l.symbol }));
      const preco = item.preco_referencia;
      const valor_estimado = preco && valorEstimado(quantidade, preco);
      return { ...item, quantidade, legs_sugeridas, validacoes, valor_estimado };
    }),
  };
}

type Campos = Omit<Lote, 'lote_id' | 'criado_em' | 'criado_por' | 'itens'>;
type Pedido = { cliente: number; legs: c.Leg[]; operacao: number | null; fim: () => void };
/** A lote stored once per Idempotency-Key (a retried send answers the first), each client's order replayed. */
function store(request: Request, campos: Campos, pedidos: Pedido[]) {
  const key = request.headers.get('idempotency-key')!;
  if (byKey.has(key)) return { lote_id: byKey.get(key)! };
  const fluxo = fluxoDe(campos.lado, campos.execucao);
  const passos = recordedAnswers<c.LoteStatus>(fluxo, campos.ticker_base);
  const status = passos.filter((s) => 'itens' in s && 'lote_id' in s && !('cancelamentos' in s));
  const itens = pedidos.map(({ cliente, legs, operacao, fim }) => {
    // The recorded lote's order for the client, else its first one.
    const roteiro = status.map((s) => s.itens.find((i) => i.cliente === cliente) ?? s.itens[0]!);
    const nome = findMockCliente(cliente)?.nome ?? `Cliente ${cliente}`;
    const group_id = uuid('00000000', ++grupos);
    return novoGrupo<c.LoteItemStatus>({ group_id, cliente, nome, operacao }, legs, roteiro, fim);
  });
  const lote_id = uuid('10000000', lotes.size + 1);
  const criado = { criado_em: new Date().toISOString(), criado_por: mockUsername(request) };
  lotes.set(lote_id, { ...campos, lote_id, ...criado, itens });
  byKey.set(key, lote_id);
  return { lote_id };
}

/** The operation a sale lote names: the portfolio mock's, else the control panel's row (the QA replay's). */
function operacaoDaVenda(id: number) {
  const op = carteira.mockOperacao(id);
  const posicao = mockPosicao(id);
  const cliente = op?.cliente ?? listMockClientes().find((cl) => cl.nome === posicao?.cliente)?.id;
  const ticker = op ? carteira.mockAcaoTicker(op.acao) : posicao?.acao;
  if (cliente === undefined || ticker === undefined) return null;
  const quantidade = (op ?? posicao)?.quantidade ?? 0;
  return { id, cliente, ticker, quantidade };
}

const comLote = <T>(id: string, answer: (lote: Lote) => T) => {
  const lote = lotes.get(id);
  return lote ? answer(lote) : fail(404, recorded('lote-status-404').response.body.detail);
};

export const lotesHandlers = [
  handle(e.validate, ({ input: { body } }) => ok(e.validate, validacao(body))),

  handle(e.sendCompra, ({ input: { body }, request }) => {
    const { ticker_base, execucao, tp, preco = null, regra = null, valor = null } = body;
    const campos = { lado: 'compra' as const, ticker_base, execucao, preco, tp, regra, valor };
    const pedidos = body.itens.map(({ cliente, legs }) => {
      const quantidade = legs.reduce((sum, l) => sum + l.quantidade, 0);
      const fim = carteira.comprada(cliente, ticker_base, quantidade, preco, tp);
      return { cliente, legs, operacao: null, fim };
    });
    return ok(e.sendCompra, store(request, campos, pedidos));
  }),

  handle(e.sendVenda, ({ input: { body }, request }) => {
    const ops = body.operacoes.map(operacaoDaVenda);
    const missing = ops.findIndex((o) => !o);
    const message = recorded('venda-404').response.body.detail;
    if (missing >= 0) return invalid([{ path: ['operacoes', missing], message }]);
    const { ticker } = ops[0]!;
    const { execucao, preco = null } = body;
    const campos = { lado: 'venda' as const, ticker_base: ticker, execucao, preco, tp: null };
    const pedidos = ops.map((o) => ({
      cliente: o!.cliente,
      legs: splitLegs(ticker, o!.quantidade),
      operacao: o!.id,
      fim: () => {
        carteira.closeMockOperacao(o!.id, preco ?? carteira.mockQuote(ticker) ?? null);
        closeMockPosicao(o!.id);
      },
    }));
    return ok(e.sendVenda, store(request, { ...campos, regra: null, valor: null }, pedidos));
  }),

  handle(e.status, ({ input: { params } }) =>
    comLote(params.lote_id, (lote) => {
      lote.itens.forEach(avancar);
      return ok(e.status, statusDoLote(lote));
    }),
  ),

  handle(e.list, () => {
    const resumo = (lote: Lote) => {
      const { itens, finished, lote_id, lado, ticker_base, execucao, criado_em, criado_por } =
        statusDoLote(lote);
      const clientes = new Set(itens.map((i) => i.cliente)).size;
      const criado = { criado_em, criado_por, clientes, ...contarItens(itens), finished };
      return { lote_id, lado, ticker_base, execucao, ...criado };
    };
    return ok(e.list, [...lotes.values()].reverse().map(resumo));
  }),

  // What rests open is canceled at once (the filled part stays).
  handle(e.cancel, ({ input: { params } }) =>
    comLote(params.lote_id, (lote) => {
      const abertos = lote.itens.filter((i) => !i.status.finished);
      if (!abertos.length) return fail(409, recorded('lote-cancelar-409').response.body.detail);
      abertos.forEach(cancelGrupo);
      const cancelamentos = abertos.map(({ status: { cliente, nome, group_id } }) => {
        return { cliente, nome, group_id, ok: true, motivo: null };
      });
      return ok(e.cancel, { ...statusDoLote(lote), cancelamentos });
    }),
  ),
];
