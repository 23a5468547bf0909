import { http, HttpResponse } from 'msw';
import {
  CotacoesRequestSchema,
  OperacaoInputSchema,
  OperacaoPatchSchema,
  type Acao,
  type ApiError,
  type CotacoesResponse,
  type Operacao,
  type OperacaoInput,
  type ResumoCliente,
} from '../../contract';
import { daysBetween, todayIso } from '../../shared/dates';
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

let patrimonioPorCliente: Record<number, number> = { 1: 500_000 };

type Stored = OperacaoInput & { id: number };

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
  nextId = Math.max(99, ...operacoes.map((o) => o.id)) + 1;
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

const cents = (n: number) => Math.round(n * 100) / 100;
const total = (price: number | null, qtd: number | null) =>
  price === null || qtd === null ? null : cents(price * qtd);

function toOperacao(s: Stored): Operacao {
  const fim = s.data_venda ?? todayIso();
  return {
    ...s,
    acao_nome: acoes.find((a) => a.id === s.acao)?.ticker ?? '?',
    valor_total_compra: total(s.preco_unitario, s.quantidade),
    valor_total_venda: total(s.preco_venda_unitario, s.quantidade),
    dias_posicionado: s.data_compra ? Math.max(0, daysBetween(s.data_compra, fim)) : null,
  };
}

function resumo(clienteId: number): ResumoCliente {
  const cliente = findMockCliente(clienteId)!;
  const ops = operacoes.filter((o) => o.cliente === clienteId).map(toOperacao);
  const abertas = ops.filter((o) => o.data_venda === null);
  const posicionadas = cents(abertas.reduce((s, o) => s + (o.valor_total_compra ?? 0), 0));
  const realizadas = cents(
    ops
      .filter((o) => o.data_venda !== null)
      .reduce((s, o) => s + (o.valor_total_venda ?? 0) - (o.valor_total_compra ?? 0), 0),
  );
  const posicionado = cents(
    abertas.reduce((s, o) => {
      const q = cotacoes[`${o.acao_nome}.SA`];
      return q === undefined ? s : s + (q - (o.preco_unitario ?? 0)) * (o.quantidade ?? 0);
    }, 0),
  );
  const primeira = ops
    .map((o) => o.data_compra)
    .filter((d): d is string => !!d)
    .sort()[0];
  const dias = primeira ? Math.max(0, daysBetween(primeira, todayIso())) : 0;
  const patrimonio = patrimonioPorCliente[clienteId] ?? null;
  const base = patrimonio === null ? null : (patrimonio * cliente.percentual_patrimonio) / 100;
  return {
    patrimonio,
    percentual_patrimonio: cliente.percentual_patrimonio,
    posicionadas,
    valor_disponivel: base === null ? null : cents(base - posicionadas),
    realizadas,
    posicionado,
    dias_total: dias,
    rentabilidade_mensal: base
      ? cents((((realizadas + posicionado) / base) * 100) / Math.max(dias / 30, 1))
      : null,
  };
}

const notFound = (detail: string) => HttpResponse.json<ApiError>({ detail }, { status: 404 });
const invalid = (issues: { path: PropertyKey[]; message: string }[]) => {
  const campos = Object.fromEntries(issues.map((i) => [i.path.join('.'), i.message]));
  const [first] = Object.entries(campos);
  return HttpResponse.json<ApiError>(
    { detail: first ? `Campo ${first[0]}: ${first[1]}` : 'Requisição inválida.', campos },
    { status: 400 },
  );
};

type Params = { id: string };

export const carteiraHandlers = [
  http.get<Params>('/api/clientes/:id/resumo/', ({ params }) => {
    const id = Number(params.id);
    return findMockCliente(id)
      ? HttpResponse.json(resumo(id))
      : notFound('Cliente não encontrado.');
  }),

  http.get('/api/operacoes/', ({ request }) => {
    const cliente = Number(new URL(request.url).searchParams.get('cliente'));
    return HttpResponse.json(operacoes.filter((o) => o.cliente === cliente).map(toOperacao));
  }),

  http.post('/api/operacoes/', async ({ request }) => {
    const body = OperacaoInputSchema.safeParse(await request.json().catch(() => null));
    if (!body.success) return invalid(body.error.issues);
    const created: Stored = { id: nextId++, ...body.data };
    operacoes.push(created);
    return HttpResponse.json(toOperacao(created), { status: 201 });
  }),

  http.patch<Params>('/api/operacoes/:id/', async ({ params, request }) => {
    const index = operacoes.findIndex((o) => o.id === Number(params.id));
    if (index < 0) return notFound('Operação não encontrada.');
    const body = OperacaoPatchSchema.safeParse(await request.json().catch(() => null));
    if (!body.success) return invalid(body.error.issues);
    const updated: Stored = { ...operacoes[index]!, ...body.data };
    if (updated.data_compra && updated.data_venda && updated.data_venda < updated.data_compra) {
      return invalid([
        {
          path: ['data_venda'],
          message: 'A data de venda não pode ser anterior à data de compra.',
        },
      ]);
    }
    operacoes[index] = updated;
    return HttpResponse.json(toOperacao(updated));
  }),

  http.delete<Params>('/api/operacoes/:id/', ({ params }) => {
    const before = operacoes.length;
    operacoes = operacoes.filter((o) => o.id !== Number(params.id));
    return operacoes.length < before
      ? new HttpResponse(null, { status: 204 })
      : notFound('Operação não encontrada.');
  }),

  http.get('/api/acoes/', () => HttpResponse.json(acoes)),

  http.post('/api/cotacoes-atuais/', async ({ request }) => {
    const body = CotacoesRequestSchema.safeParse(await request.json().catch(() => null));
    if (!body.success) return invalid(body.error.issues);
    const answer: CotacoesResponse = {};
    for (const ticker of body.data.tickers) {
      const price = cotacoes[ticker];
      if (price !== undefined) answer[ticker] = { preco_atual: price };
    }
    return HttpResponse.json(answer);
  }),
];
