import {
  acoesEndpoints,
  carteiraEndpoints,
  CLIENTE_NAO_ENCONTRADO,
  cotacoesEndpoints,
  DATA_VENDA_ANTES_DA_COMPRA,
  OPERACAO_NAO_ENCONTRADA,
  OperacaoInputSchema,
  operacoesEndpoints as e,
  type Acao,
  type Ajuste,
  type Operacao,
  type OperacaoInput,
  type Provento,
} from '../../contract';
import { daysBetween, todayIso } from '../../shared/dates';
import { Decimal } from '../../shared/decimal';
import { combineResumo } from '../../shared/resumo';
import { fail, handle, invalid, ok } from '../contract';
import scene from '../scene/carteira.json';
import { findMockCliente } from './clientes';

/** The portfolio's calls over an in-memory state: the component tests' scene, or the QA replay's recorded one. */
export const MOCK_ACOES: Acao[] = scene.acoes;
/** Today's quotes ('PETR4.SA' → price); WEGE3 has none. */
export const MOCK_COTACOES: Record<string, number> = scene.cotacoes;
/** When the mock's quotes were made: the close of 29/10/2025 (17:00 in São Paulo). */
export const MOCK_COTADO_EM = '2025-10-29T20:00:00.000Z';

/** An operation as the mock keeps it: the input, and the share events applied to it (mocks/handlers/eventos.ts). */
export type StoredOperacao = OperacaoInput & { id: number; ajustes?: Ajuste[] | null };
/** A cash event received by one operation (the server's proventos rows). */
export type StoredProvento = Omit<Provento, 'valor_bruto' | 'valor_liquido'> & {
  operacao: number;
  valor_bruto: string;
  valor_liquido: string;
};

interface Seed {
  acoes: Acao[];
  cotacoes: Record<string, number>;
  operacoes: StoredOperacao[];
  patrimonio: Record<number, number>;
}
const SCENE = scene as Seed;
let seed = SCENE;
let operacoes: StoredOperacao[] = [];
let proventos: StoredProvento[] = [];
let nextId = 100;

export function resetCarteiraMock() {
  operacoes = seed.operacoes.map((o) => ({ ...o }));
  proventos = [];
  nextId = Math.max(99, ...operacoes.map((o) => o.id)) + 1;
}
resetCarteiraMock();

/** Back to the component tests' scene, undoing `seedCarteiraMock` too (mocks/handlers/index.ts). */
export function unseedCarteiraMock() {
  seed = SCENE;
  resetCarteiraMock();
}

/** Replaces the scene (recorded fixtures for QA, or a test's own) and starts over from it. */
export function seedCarteiraMock(data: Omit<Seed, 'operacoes'> & { operacoes: Operacao[] }) {
  const input = Object.keys(OperacaoInputSchema.shape);
  const pick = (o: Operacao) => Object.fromEntries(['id', ...input].map((k) => [k, o[k as 'id']]));
  seed = { ...data, operacoes: data.operacoes.map(pick) as never };
  resetCarteiraMock();
}

export const mockAcao = (ticker: string) => seed.acoes.find((a) => a.ticker === ticker);
export const mockAcaoTicker = (id: number) => seed.acoes.find((a) => a.id === id)?.ticker;
export const mockQuote = (ticker: string): number | undefined => seed.cotacoes[`${ticker}.SA`];
export const mockOperacao = (id: number) => operacoes.find((o) => o.id === id);
const abertas = (cliente: number) =>
  operacoes.filter((o) => o.cliente === cliente && o.data_venda === null);
export const openMockTickers = (cliente: number) =>
  abertas(cliente).map((o) => mockAcaoTicker(o.acao));

/** The operations a corporate event reaches: bought before data_ex and still open at the close before it. */
export const mockOperacoesAlcancadas = (acao: number, dataEx: string) =>
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

/** What an executed buy leaves in the portfolio, as the server records it. */
export function addMockOperacao(input: OperacaoInput): Operacao {
  operacoes.push({ id: nextId++, ...input });
  return toOperacao(operacoes.at(-1)!);
}

/** What an executed buy leaves in the portfolio: an open operation at its limit price, else the quote. */
export const comprada =
  (cliente: number, ticker: string, quantidade: number, preco: number | null, tp: number) => () => {
    const acao = mockAcao(ticker);
    const preco_unitario = preco ?? mockQuote(ticker) ?? null;
    const aberta = { data_venda: null, preco_venda_unitario: null, valor_alvo: tp };
    if (acao)
      addMockOperacao({
        cliente,
        acao: acao.id,
        data_compra: todayIso(),
        preco_unitario,
        quantidade,
        ...aberta,
      });
  };

/** An executed sell realises the operation. */
export function closeMockOperacao(id: number, preco: number | null) {
  const found = mockOperacao(id);
  if (found) Object.assign(found, { data_venda: todayIso(), preco_venda_unitario: preco });
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

const doCliente = (cliente: number) => {
  const minhas = new Set(operacoes.filter((o) => o.cliente === cliente).map((o) => o.id));
  return proventos.filter((p) => minhas.has(p.operacao));
};

/** A client's proventos summed per event, as the server sums them: latest data_ex first. */
function proventosPorEvento(cliente: number): Provento[] {
  const porEvento = new Map<number, Provento>();
  for (const { operacao: _, ...p } of doCliente(cliente)) {
    const soma = porEvento.get(p.evento);
    const mais = (a: number | undefined, b: string) => new Decimal(a ?? 0).plus(b).toNumber();
    porEvento.set(p.evento, {
      ...p,
      quantidade: (soma?.quantidade ?? 0) + p.quantidade,
      valor_bruto: mais(soma?.valor_bruto, p.valor_bruto),
      valor_liquido: mais(soma?.valor_liquido, p.valor_liquido),
    });
  }
  return [...porEvento.values()].sort(
    (a, b) =>
      b.data_ex.localeCompare(a.data_ex) ||
      a.acao_nome.localeCompare(b.acao_nome) ||
      a.evento - b.evento,
  );
}

/**
 * The summary through the server's own formulas (shared/resumo) over the mock's operations and quotes: each
 * operation its own group, since the formulas only add the groups up.
 */
function resumo(cliente: number, percentual: number) {
  const patrimonio = seed.patrimonio[cliente];
  const grupos = operacoes
    .filter((o) => o.cliente === cliente)
    .map((o) => {
      const [compra, venda] = [
        total(o.preco_unitario, o.quantidade),
        total(o.preco_venda_unitario, o.quantidade),
      ];
      const custo =
        o.preco_unitario !== null && o.quantidade !== null
          ? new Decimal(o.preco_unitario).times(o.quantidade)
          : null;
      return {
        ticker: mockAcaoTicker(o.acao) ?? '?',
        aberta: o.data_venda === null,
        compra: compra?.toFixed() ?? null,
        resultado: venda && compra ? venda.minus(compra).toFixed() : null,
        quantidade: custo && String(o.quantidade),
        custo: custo?.toFixed() ?? null,
        primeira_compra: o.data_compra,
      };
    });
  const proventosRecebidos = doCliente(cliente).reduce(
    (s, p) => s.plus(p.valor_liquido),
    new Decimal(0),
  );
  const quotes = new Map(
    Object.entries(seed.cotacoes).map(([t, price]) => [t.replace(/\.SA$/, ''), price]),
  );
  const raw = {
    percentual_patrimonio: String(percentual),
    grupos,
    proventos: proventosRecebidos.toFixed(),
  };
  return combineResumo(
    { ...raw, patrimonio: patrimonio === undefined ? null : String(patrimonio) },
    quotes,
    todayIso(),
  );
}

/** The client's valor disponível through the server's own formulas (what a lote sizes its buys from). */
export function mockValorDisponivel(clienteId: number): number | null {
  const cliente = findMockCliente(clienteId);
  return cliente ? resumo(cliente.id, cliente.percentual_patrimonio).valor_disponivel : null;
}

const comCliente = <T>(id: number, answer: () => T) =>
  findMockCliente(id) ? answer() : fail(404, CLIENTE_NAO_ENCONTRADO);

export const carteiraHandlers = [
  handle(carteiraEndpoints.resumo, ({ input: { params } }) =>
    comCliente(params.id, () => {
      const { percentual_patrimonio } = findMockCliente(params.id)!;
      return ok(carteiraEndpoints.resumo, resumo(params.id, percentual_patrimonio));
    }),
  ),
  handle(carteiraEndpoints.proventos, ({ input: { params } }) =>
    comCliente(params.id, () => ok(carteiraEndpoints.proventos, proventosPorEvento(params.id))),
  ),
  handle(e.list, ({ input: { query } }) =>
    ok(e.list, operacoes.filter((o) => o.cliente === query.cliente).map(toOperacao)),
  ),
  handle(e.create, ({ input: { body } }) => ok(e.create, addMockOperacao(body))),
  handle(e.update, ({ input: { params, body } }) => {
    const found = mockOperacao(params.id);
    if (!found) return fail(404, OPERACAO_NAO_ENCONTRADA);
    const updated = { ...found, ...body };
    // The merged operation is checked again: a PATCH of one date may contradict the stored other.
    if (updated.data_compra && updated.data_venda && updated.data_venda < updated.data_compra) {
      return invalid([{ path: ['data_venda'], message: DATA_VENDA_ANTES_DA_COMPRA }]);
    }
    return ok(e.update, toOperacao(Object.assign(found, body)));
  }),
  handle(e.delete, ({ input: { params } }) => {
    const found = mockOperacao(params.id);
    if (!found) return fail(404, OPERACAO_NAO_ENCONTRADA);
    operacoes = operacoes.filter((o) => o !== found);
    return ok(e.delete, null);
  }),
  handle(acoesEndpoints.list, () => ok(acoesEndpoints.list, seed.acoes)),
  handle(cotacoesEndpoints.atuais, ({ input: { body } }) => {
    const known = body.tickers.filter((t) => seed.cotacoes[t] !== undefined);
    const answer = known.map((t) => [
      t,
      { preco_atual: seed.cotacoes[t]!, cotado_em: MOCK_COTADO_EM },
    ]);
    return ok(cotacoesEndpoints.atuais, Object.fromEntries(answer));
  }),
];
