import {
  acoesEndpoints,
  carteiraEndpoints,
  CLIENTE_NAO_ENCONTRADO,
  cotacoesEndpoints,
  DATA_VENDA_ANTES_DA_COMPRA,
  OPERACAO_NAO_ENCONTRADA,
  operacoesEndpoints as e,
  type Acao,
  type Ajuste,
  type Operacao,
  type OperacaoInput,
} from '../../contract';
import { daysBetween, todayIso } from '../../shared/dates';
import { Decimal } from '../../shared/decimal';
import { combineResumo } from '../../shared/resumo';
import { fail, handle, invalid, ok } from '../contract';
import { findMockCliente } from './clientes';

/**
 * The portfolio's calls over an in-memory state seeded with the recorded fixtures (mocks/replay.ts) or a test's
 * scene; the figures through the server's own formulas (shared/resumo). No corporate event is applied here, so
 * nothing is received (the events' tests set what is: tests/src/msw-scenes-eventos.ts).
 */
/** An operation as the mock keeps it: the input, and the share events applied to it (mocks/handlers/eventos.ts). */
export type StoredOperacao = OperacaoInput & { id: number; ajustes?: Ajuste[] | null };
export interface CarteiraSeed {
  acoes: Acao[];
  /** Today's quotes ('PETR4.SA' → price), made at `cotado_em`. */
  cotacoes: Record<string, number>;
  cotado_em: string;
  operacoes: Operacao[] | StoredOperacao[];
  patrimonio: Record<number, number>;
}
let seed: CarteiraSeed = { acoes: [], cotacoes: {}, cotado_em: '', operacoes: [], patrimonio: {} };
let operacoes: StoredOperacao[] = [];
let nextId = 100;

/** Back to the seeded operations (a recorded one keeps what the server said of it: its lote, its events). */
export function resetCarteiraMock() {
  operacoes = seed.operacoes.map((o) => ({ ...o }));
  nextId = Math.max(99, ...operacoes.map((o) => o.id)) + 1;
}
/** Replaces the seed (recorded fixtures for QA, or a test's scene) and starts over from it. */
export function seedCarteiraMock(data: CarteiraSeed) {
  seed = data;
  resetCarteiraMock();
}

export const mockAcao = (ticker: string) => seed.acoes.find((a) => a.ticker === ticker);
export const mockAcaoTicker = (id: number) => seed.acoes.find((a) => a.id === id)?.ticker;
export const mockQuote = (ticker: string): number | undefined => seed.cotacoes[`${ticker}.SA`];
export const mockCotadoEm = () => seed.cotado_em;
export const mockOperacao = (id: number) => operacoes.find((o) => o.id === id);
export const openMockTickers = (cliente: number) =>
  operacoes
    .filter((o) => o.cliente === cliente && o.data_venda === null)
    .map((o) => mockAcaoTicker(o.acao));

export const mockOperacoes = (): readonly StoredOperacao[] => operacoes;

export function addMockOperacao(input: OperacaoInput): Operacao {
  operacoes.push({ id: nextId++, ...input });
  return toOperacao(operacoes.at(-1)!);
}

/** What an executed buy leaves in the portfolio: an open operation at its limit price, else the quote. */
export const comprada =
  (cliente: number, ticker: string, quantidade: number, preco: number | null, tp: number) => () => {
    const [acao, preco_unitario] = [mockAcao(ticker)?.id, preco ?? mockQuote(ticker) ?? null];
    const aberta = { data_compra: todayIso(), data_venda: null, preco_venda_unitario: null };
    if (acao)
      addMockOperacao({ cliente, acao, preco_unitario, quantidade, valor_alvo: tp, ...aberta });
  };

/** An executed sell realises the operation. */
export function closeMockOperacao(id: number, preco: number | null) {
  Object.assign(mockOperacao(id) ?? {}, { data_venda: todayIso(), preco_venda_unitario: preco });
}

/** price × quantity in cents, as the server's numeric round(…, 2); null when either is missing. */
const total = (price: number | null, quantidade: number | null) =>
  price === null || quantidade === null
    ? null
    : new Decimal(price).times(quantidade).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

function toOperacao(s: StoredOperacao): Operacao {
  const fim = s.data_venda ?? todayIso();
  return {
    ...s,
    acao_nome: mockAcaoTicker(s.acao) ?? '?',
    valor_total_compra: total(s.preco_unitario, s.quantidade)?.toNumber() ?? null,
    valor_total_venda: total(s.preco_venda_unitario, s.quantidade)?.toNumber() ?? null,
    dias_posicionado: s.data_compra ? Math.max(0, daysBetween(s.data_compra, fim)) : null,
  };
}

/** A client's summary through the server's formulas, each operation its own group; null for an unknown client. */
export function mockResumo(cliente: number) {
  const percentual = findMockCliente(cliente)?.percentual_patrimonio;
  if (percentual === undefined) return null;
  const grupos = operacoes
    .filter((o) => o.cliente === cliente)
    .map((o) => {
      const [compra, venda] = [
        total(o.preco_unitario, o.quantidade),
        total(o.preco_venda_unitario, o.quantidade),
      ];
      const custo =
        o.preco_unitario === null || o.quantidade === null
          ? null
          : new Decimal(o.preco_unitario).times(o.quantidade);
      return {
        ticker: mockAcaoTicker(o.acao) ?? '?',
        aberta: o.data_venda === null,
        compra: compra?.toFixed() ?? null,
        resultado: venda && compra ? venda.minus(compra).toFixed() : null,
        quantidade: custo ? String(o.quantidade) : null,
        custo: custo?.toFixed() ?? null,
        primeira_compra: o.data_compra,
      };
    });
  const quotes = new Map(
    Object.entries(seed.cotacoes).map(([t, p]) => [t.replace(/\.SA$/, ''), p]),
  );
  const patrimonio = seed.patrimonio[cliente];
  const raw = {
    percentual_patrimonio: String(percentual),
    patrimonio: patrimonio === undefined ? null : String(patrimonio),
    grupos,
  };
  return combineResumo(raw, quotes, todayIso());
}

const naoEncontrado = () => fail(404, CLIENTE_NAO_ENCONTRADO);
const comOperacao = <T>(id: number, answer: (op: StoredOperacao) => T) => {
  const found = mockOperacao(id);
  return found ? answer(found) : fail(404, OPERACAO_NAO_ENCONTRADA);
};

export const carteiraHandlers = [
  handle(carteiraEndpoints.resumo, ({ input: { params } }) => {
    const resumo = mockResumo(params.id);
    return resumo ? ok(carteiraEndpoints.resumo, resumo) : naoEncontrado();
  }),
  handle(carteiraEndpoints.proventos, ({ input: { params } }) =>
    findMockCliente(params.id) ? ok(carteiraEndpoints.proventos, []) : naoEncontrado(),
  ),
  handle(e.list, ({ input: { query } }) =>
    ok(e.list, operacoes.filter((o) => o.cliente === query.cliente).map(toOperacao)),
  ),
  handle(e.create, ({ input: { body } }) => ok(e.create, addMockOperacao(body))),
  // The merged operation is checked again: a PATCH of one date may contradict the stored other.
  handle(e.update, ({ input: { params, body } }) =>
    comOperacao(params.id, (found) => {
      const { data_compra, data_venda } = { ...found, ...body };
      if (data_compra && data_venda && data_venda < data_compra)
        return invalid([{ path: ['data_venda'], message: DATA_VENDA_ANTES_DA_COMPRA }]);
      return ok(e.update, toOperacao(Object.assign(found, body)));
    }),
  ),
  handle(e.delete, ({ input: { params } }) =>
    comOperacao(params.id, (found) => {
      operacoes = operacoes.filter((o) => o !== found);
      return ok(e.delete, null);
    }),
  ),
  handle(acoesEndpoints.list, () => ok(acoesEndpoints.list, seed.acoes)),
  handle(cotacoesEndpoints.atuais, ({ input: { body } }) => {
    const cotado = (t: string) => ({ preco_atual: seed.cotacoes[t]!, cotado_em: seed.cotado_em });
    const known = body.tickers.filter((t) => seed.cotacoes[t] !== undefined);
    return ok(cotacoesEndpoints.atuais, Object.fromEntries(known.map((t) => [t, cotado(t)])));
  }),
];
