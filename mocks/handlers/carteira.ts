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
  type CotacoesResponse,
  type Operacao,
  type OperacaoInput,
  type Provento,
  type ResumoCliente,
} from '../../contract';
import { daysBetween, todayIso } from '../../shared/dates';
import { Decimal } from '../../shared/decimal';
import { combineResumo, type GrupoOperacoes } from '../../shared/resumo';
import { fail, handle, invalid, ok } from '../contract';
import { findMockCliente } from './clientes';

/** The portfolio's calls over an in-memory state (reset with `resetCarteiraMock`). */

export const MOCK_ACOES: Acao[] = [
  { id: 1, ticker: 'ABEV3', empresa: 'Ambev', setor: 'Consumo não Cíclico' },
  { id: 2, ticker: 'BBAS3', empresa: 'Banco do Brasil', setor: 'Financeiro' },
  { id: 3, ticker: 'ITUB3', empresa: 'Itaú Unibanco', setor: 'Financeiro' },
  { id: 4, ticker: 'PETR4', empresa: 'Petrobras', setor: 'Petróleo, Gás e Biocombustíveis' },
  { id: 5, ticker: 'VALE3', empresa: 'Vale', setor: 'Materiais Básicos' },
  { id: 6, ticker: 'WEGE3', empresa: 'WEG', setor: 'Bens Industriais' },
];

/** Today's quotes ('PETR4.SA' → price); WEGE3 has none. */
export const MOCK_COTACOES: Record<string, number> = {
  'ABEV3.SA': 13.2,
  'BBAS3.SA': 21.5,
  'ITUB3.SA': 33,
  'PETR4.SA': 31.5,
  'VALE3.SA': 57,
};

/** When the mock's quotes were made: the close of 29/10/2025 (17:00 in São Paulo). */
export const MOCK_COTADO_EM = '2025-10-29T20:00:00.000Z';

const MOCK_PATRIMONIO_POR_CLIENTE: Record<number, number> = { 1: 500_000 };
let patrimonioPorCliente = MOCK_PATRIMONIO_POR_CLIENTE;

/** An operation as the mock keeps it: the input, and the share events applied to it (mocks/handlers/eventos.ts). */
export type StoredOperacao = OperacaoInput & { id: number; ajustes?: Ajuste[] | null };
type Stored = StoredOperacao;

/** A cash event received by one operation (the server's proventos rows). */
export type StoredProvento = Omit<Provento, 'quantidade' | 'valor_bruto' | 'valor_liquido'> & {
  operacao: number;
  quantidade: number;
  valor_bruto: string;
  valor_liquido: string;
};
let proventos: StoredProvento[] = [];

const seed = (): Stored[] => [
  op(1, 4, '2025-08-04', 30, 100, 33),
  op(2, 5, '2025-09-01', 60, 200, 63),
  op(3, 3, '2025-07-01', 30, 100, 32),
  { ...op(4, 2, '2025-03-03', 20, 300, 22), data_venda: '2025-04-01', preco_venda_unitario: 22 },
  { ...op(5, 1, '2025-05-02', 14, 500, 15), data_venda: '2025-06-02', preco_venda_unitario: 13 },
];
function op(
  id: number,
  acao: number,
  data: string,
  preco: number,
  qtd: number,
  alvo: number,
): Stored {
  return {
    id,
    cliente: 1,
    acao,
    data_compra: data,
    preco_unitario: preco,
    quantidade: qtd,
    data_venda: null,
    preco_venda_unitario: null,
    valor_alvo: alvo,
  };
}

let acoes = MOCK_ACOES;
let cotacoes = MOCK_COTACOES;
let seedOperacoes = seed;
let operacoes = seed();
let nextId = 100;

export function resetCarteiraMock() {
  operacoes = seedOperacoes();
  proventos = [];
  nextId = Math.max(99, ...operacoes.map((o) => o.id)) + 1;
}

/** Back to this module's own seed, undoing `seedCarteiraMock` too (mocks/handlers/index.ts). */
export function unseedCarteiraMock() {
  acoes = MOCK_ACOES;
  cotacoes = MOCK_COTACOES;
  patrimonioPorCliente = MOCK_PATRIMONIO_POR_CLIENTE;
  seedOperacoes = seed;
  resetCarteiraMock();
}

/** Replaces the seed (recorded fixtures for QA) and starts over from it. */
export function seedCarteiraMock(data: {
  acoes: Acao[];
  cotacoes: Record<string, number>;
  operacoes: Operacao[];
  patrimonio: Record<number, number>;
}) {
  acoes = data.acoes;
  cotacoes = data.cotacoes;
  patrimonioPorCliente = data.patrimonio;
  seedOperacoes = () =>
    data.operacoes.map((o) => ({
      id: o.id,
      cliente: o.cliente,
      acao: o.acao,
      data_compra: o.data_compra,
      preco_unitario: o.preco_unitario,
      quantidade: o.quantidade,
      data_venda: o.data_venda,
      preco_venda_unitario: o.preco_venda_unitario,
      valor_alvo: o.valor_alvo,
    }));
  resetCarteiraMock();
}

export const mockAcao = (ticker: string) => acoes.find((a) => a.ticker === ticker);
export const mockAcaoTicker = (id: number) => acoes.find((a) => a.id === id)?.ticker;
export const mockQuote = (ticker: string): number | undefined => cotacoes[`${ticker}.SA`];
export const mockOperacao = (id: number) => operacoes.find((o) => o.id === id);
export const openMockTickers = (cliente: number) =>
  operacoes
    .filter((o) => o.cliente === cliente && o.data_venda === null)
    .map((o) => acoes.find((a) => a.id === o.acao)?.ticker);

/**
 * The operations a corporate event reaches (the mock's own objects, to adjust in place): bought before data_ex and
 * still open at the close before it.
 */
export const mockOperacoesAlcancadas = (acao: number, dataEx: string): StoredOperacao[] =>
  operacoes.filter(
    (o) =>
      o.acao === acao &&
      o.data_compra !== null &&
      o.data_compra < dataEx &&
      (o.data_venda === null || o.data_venda >= dataEx) &&
      (o.quantidade ?? 0) > 0,
  );

/** A cash event's payments replace whatever it paid before (none: it is out of force). */
export function setMockProventos(evento: number, pagos: StoredProvento[]) {
  proventos = [...proventos.filter((p) => p.evento !== evento), ...pagos];
}

/** A client's open shares per ticker (the book the reconciliation compares). */
export function openMockPositions(cliente: number): Map<string, number> {
  const book = new Map<string, number>();
  for (const o of operacoes) {
    const ticker = acoes.find((a) => a.id === o.acao)?.ticker;
    if (o.cliente !== cliente || o.data_venda !== null || !ticker || !o.quantidade) continue;
    book.set(ticker, (book.get(ticker) ?? 0) + o.quantidade);
  }
  return book;
}

/** What an executed buy leaves in the portfolio, as the server records it. */
export function addMockOperacao(input: OperacaoInput): Operacao {
  const created: Stored = { id: nextId++, ...input };
  operacoes.push(created);
  return toOperacao(created);
}

/** An executed sell realises the operation. */
export function closeMockOperacao(id: number, preco: number | null) {
  const found = operacoes.find((o) => o.id === id);
  if (found) Object.assign(found, { data_venda: todayIso(), preco_venda_unitario: preco });
}

/** price × quantity in cents, as the server's numeric round(…, 2); null when either is missing. */
function total(price: number | null, quantidade: number | null): Decimal | null {
  if (price === null || quantidade === null) return null;
  return new Decimal(price).times(quantidade).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

const tickerOf = (acao: number) => acoes.find((a) => a.id === acao)?.ticker ?? '?';

function toOperacao(s: Stored): Operacao {
  const fim = s.data_venda ?? todayIso();
  return {
    ...s,
    acao_nome: tickerOf(s.acao),
    valor_total_compra: total(s.preco_unitario, s.quantidade)?.toNumber() ?? null,
    valor_total_venda: total(s.preco_venda_unitario, s.quantidade)?.toNumber() ?? null,
    dias_posicionado: s.data_compra ? Math.max(0, daysBetween(s.data_compra, fim)) : null,
  };
}

/** SQL's sum: missing values are skipped, and a sum of none is null. */
const plus = (sum: Decimal | null, value: Decimal | null) =>
  value === null ? sum : (sum ?? new Decimal(0)).plus(value);

/** The client's operations summed per stock and state, as the server's query groups them. */
function grupos(clienteId: number): GrupoOperacoes[] {
  type Sums = Omit<GrupoOperacoes, 'compra' | 'resultado' | 'quantidade' | 'custo'> &
    Record<'compra' | 'resultado' | 'quantidade' | 'custo', Decimal | null>;
  const byKey = new Map<string, Sums>();
  for (const op of operacoes.filter((o) => o.cliente === clienteId)) {
    const ticker = tickerOf(op.acao);
    const aberta = op.data_venda === null;
    const key = `${ticker} ${aberta}`;
    const g = byKey.get(key) ?? {
      ticker,
      aberta,
      compra: null,
      resultado: null,
      quantidade: null,
      custo: null,
      primeira_compra: null,
    };
    const compra = total(op.preco_unitario, op.quantidade);
    const venda = total(op.preco_venda_unitario, op.quantidade);
    g.compra = plus(g.compra, compra);
    g.resultado = plus(g.resultado, venda && compra && venda.minus(compra));
    if (op.preco_unitario !== null && op.quantidade !== null) {
      g.quantidade = plus(g.quantidade, new Decimal(op.quantidade));
      g.custo = plus(g.custo, new Decimal(op.preco_unitario).times(op.quantidade));
    }
    if (op.data_compra && (g.primeira_compra === null || op.data_compra < g.primeira_compra)) {
      g.primeira_compra = op.data_compra;
    }
    byKey.set(key, g);
  }
  const text = (d: Decimal | null) => d?.toFixed() ?? null;
  return [...byKey.values()].map((g) => ({
    ...g,
    compra: text(g.compra),
    resultado: text(g.resultado),
    quantidade: text(g.quantidade),
    custo: text(g.custo),
  }));
}

const proventosDoCliente = (clienteId: number) => {
  const minhas = new Set(operacoes.filter((o) => o.cliente === clienteId).map((o) => o.id));
  return proventos.filter((p) => minhas.has(p.operacao));
};

/** A client's proventos per event, as the server sums them: latest data_ex first. */
function proventosPorEvento(clienteId: number): Provento[] {
  type Soma = Omit<Provento, 'valor_bruto' | 'valor_liquido'> & {
    bruto: Decimal;
    liquido: Decimal;
  };
  const porEvento = new Map<number, Soma>();
  for (const p of proventosDoCliente(clienteId)) {
    const soma: Soma = porEvento.get(p.evento) ?? {
      evento: p.evento,
      acao: p.acao,
      acao_nome: p.acao_nome,
      tipo: p.tipo,
      data_ex: p.data_ex,
      valor_por_acao: p.valor_por_acao,
      quantidade: 0,
      bruto: new Decimal(0),
      liquido: new Decimal(0),
    };
    soma.quantidade += p.quantidade;
    soma.bruto = soma.bruto.plus(p.valor_bruto);
    soma.liquido = soma.liquido.plus(p.valor_liquido);
    porEvento.set(p.evento, soma);
  }
  return [...porEvento.values()]
    .sort((a, b) =>
      a.data_ex !== b.data_ex
        ? b.data_ex.localeCompare(a.data_ex)
        : a.acao_nome.localeCompare(b.acao_nome) || a.evento - b.evento,
    )
    .map(({ bruto, liquido, ...p }) => ({
      ...p,
      valor_bruto: bruto.toNumber(),
      valor_liquido: liquido.toNumber(),
    }));
}

/** The summary through the server's own formulas, over the mock's operations and quotes. */
function resumo(clienteId: number, percentual: number): ResumoCliente {
  const patrimonio = patrimonioPorCliente[clienteId];
  const quotes = new Map(
    Object.entries(cotacoes).map(([ticker, price]) => [ticker.replace(/\.SA$/, ''), price]),
  );
  return combineResumo(
    {
      percentual_patrimonio: String(percentual),
      patrimonio: patrimonio === undefined ? null : String(patrimonio),
      grupos: grupos(clienteId),
      proventos: proventosDoCliente(clienteId)
        .reduce((sum, p) => sum.plus(p.valor_liquido), new Decimal(0))
        .toFixed(),
    },
    quotes,
    todayIso(),
  );
}

/** The client's valor disponível through the server's own formulas (what a lote sizes its buys from). */
export function mockValorDisponivel(clienteId: number): number | null {
  const cliente = findMockCliente(clienteId);
  return cliente ? resumo(cliente.id, cliente.percentual_patrimonio).valor_disponivel : null;
}

export const carteiraHandlers = [
  handle(carteiraEndpoints.resumo, ({ input: { params } }) => {
    const cliente = findMockCliente(params.id);
    if (!cliente) return fail(404, CLIENTE_NAO_ENCONTRADO);
    return ok(carteiraEndpoints.resumo, resumo(cliente.id, cliente.percentual_patrimonio));
  }),

  handle(carteiraEndpoints.proventos, ({ input: { params } }) =>
    findMockCliente(params.id)
      ? ok(carteiraEndpoints.proventos, proventosPorEvento(params.id))
      : fail(404, CLIENTE_NAO_ENCONTRADO),
  ),

  handle(e.list, ({ input: { query } }) =>
    ok(e.list, operacoes.filter((o) => o.cliente === query.cliente).map(toOperacao)),
  ),

  handle(e.create, ({ input: { body } }) => {
    const created: Stored = { id: nextId++, ...body };
    operacoes.push(created);
    return ok(e.create, toOperacao(created));
  }),

  handle(e.update, ({ input: { params, body } }) => {
    const index = operacoes.findIndex((o) => o.id === params.id);
    if (index < 0) return fail(404, OPERACAO_NAO_ENCONTRADA);
    const updated: Stored = { ...operacoes[index]!, ...body };
    // The merged operation is checked again: a PATCH of one date may contradict the stored other.
    if (updated.data_compra && updated.data_venda && updated.data_venda < updated.data_compra) {
      return invalid([{ path: ['data_venda'], message: DATA_VENDA_ANTES_DA_COMPRA }]);
    }
    operacoes[index] = updated;
    return ok(e.update, toOperacao(updated));
  }),

  handle(e.delete, ({ input: { params } }) => {
    const before = operacoes.length;
    operacoes = operacoes.filter((o) => o.id !== params.id);
    return operacoes.length < before ? ok(e.delete, null) : fail(404, OPERACAO_NAO_ENCONTRADA);
  }),

  handle(acoesEndpoints.list, () => ok(acoesEndpoints.list, acoes)),

  handle(cotacoesEndpoints.atuais, ({ input: { body } }) => {
    const answer: CotacoesResponse = {};
    for (const ticker of body.tickers) {
      const price = cotacoes[ticker];
      if (price !== undefined) answer[ticker] = { preco_atual: price, cotado_em: MOCK_COTADO_EM };
    }
    return ok(cotacoesEndpoints.atuais, answer);
  }),
];
