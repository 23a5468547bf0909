import {
  CLIENTE_NAO_ENCONTRADO,
  recomendacoesEndpoints as e,
  type Recomendacao,
  type RecomendacaoDisponivel,
  type RecomendacoesRecalculo,
} from '../../contract';
import { fail, handle, ok } from '../contract';

/** The latest set, in the server's order (probabilidade, then percentual_estimado, descending). */
export const MOCK_RECOMENDACOES: Recomendacao[] = [
  {
    ticker: 'WEGE3',
    empresa: 'WEG',
    setor: 'Bens Industriais',
    data: '2025-10-29',
    preco_compra: 44.12,
    alvo_sugerido: 46.31,
    percentual_estimado: 2.87,
    probabilidade: 71.2,
    vezes_atingiu_alvo_1m: 178,
    cruza_medias: true,
    obv_cres: true,
    vol_acima_media: false,
    wma602: true,
    MIN: 41.9,
    MAX: 45.02,
    AMPLITUDE: 7.45,
    AMP_AxF: 1.31,
    AMP_MXxMN: 2.48,
    A_x_F: 3.12,
    ALVO: 4.96,
    ALTA: 12,
    BAIXA: 8,
  },
  {
    ticker: 'PETR4',
    empresa: 'Petrobras',
    setor: 'Petróleo, Gás e Biocombustíveis',
    data: '2025-10-29',
    preco_compra: 31.85,
    alvo_sugerido: 33.2,
    percentual_estimado: 1.06,
    probabilidade: 63.6,
    vezes_atingiu_alvo_1m: 159,
    cruza_medias: false,
    obv_cres: true,
    vol_acima_media: true,
    wma602: false,
    MIN: 30.1,
    MAX: 32.4,
    AMPLITUDE: 7.64,
    AMP_AxF: 1.12,
    AMP_MXxMN: 2.12,
    A_x_F: -1.4,
    ALVO: 4.24,
    ALTA: 9,
    BAIXA: 11,
  },
  {
    ticker: 'ITUB4',
    empresa: 'Itaú Unibanco',
    setor: 'Financeiro',
    data: '2025-10-29',
    preco_compra: 38.5,
    alvo_sugerido: 40.01,
    percentual_estimado: 1.5,
    probabilidade: 55,
    vezes_atingiu_alvo_1m: 137,
    cruza_medias: false,
    obv_cres: false,
    vol_acima_media: false,
    wma602: true,
    MIN: 37.02,
    MAX: 39.9,
    AMPLITUDE: 7.78,
    AMP_AxF: 0.98,
    AMP_MXxMN: 1.96,
    A_x_F: 0.4,
    ALVO: 3.92,
    ALTA: 10,
    BAIXA: 10,
  },
];

export const MOCK_RECALCULO: RecomendacoesRecalculo = {
  message: '3 recomendações para 29/10/2025 (42 ações analisadas).',
};

/** Stocks each mock client holds open: they are left out of its available recommendations. */
const ABERTAS: Record<number, string[]> = { 1: ['PETR4'], 2: ['WEGE3', 'ITUB4'] };

/** The stocks a client holds open, or null for an unknown client. */
const mockAbertasDe = (id: number): Array<string | undefined> | null =>
  Number.isInteger(id) && id > 0 && id <= 3 ? (ABERTAS[id] ?? []) : null;
const mockAcaoIdDe = (_ticker: string, index: number): number | undefined => index + 1;

let recomendacoes = MOCK_RECOMENDACOES;
let recalculo = MOCK_RECALCULO;
let abertasDe = mockAbertasDe;
let acaoIdDe = mockAcaoIdDe;

/** Back to the hand-picked set (mocks/handlers/index.ts). */
export function resetRecomendacoesMock() {
  recomendacoes = MOCK_RECOMENDACOES;
  recalculo = MOCK_RECALCULO;
  abertasDe = mockAbertasDe;
  acaoIdDe = mockAcaoIdDe;
}

/** Replaces the set and where holdings come from (recorded fixtures and the portfolio's state for QA). */
export function seedRecomendacoesMock(data: {
  recomendacoes: Recomendacao[];
  recalculo: RecomendacoesRecalculo;
  abertas: typeof abertasDe;
  acaoId: (ticker: string) => number | undefined;
}) {
  recomendacoes = data.recomendacoes;
  recalculo = data.recalculo;
  abertasDe = data.abertas;
  acaoIdDe = data.acaoId;
}

/** The latest recommendation of a stock, if any. */
export const mockRecomendacao = (ticker: string) => recomendacoes.find((r) => r.ticker === ticker);

export const recomendacoesHandlers = [
  handle(e.list, () => ok(e.list, recomendacoes)),
  handle(e.refresh, () => ok(e.refresh, recalculo)),
  handle(e.disponiveis, ({ input: { params } }) => {
    const held = abertasDe(params.id);
    if (!held) return fail(404, CLIENTE_NAO_ENCONTRADO);
    const abertas = new Set(held);
    return ok(
      e.disponiveis,
      recomendacoes
        .filter((r) => !abertas.has(r.ticker))
        .flatMap((r, i): RecomendacaoDisponivel[] => {
          const acaoId = acaoIdDe(r.ticker, i);
          if (acaoId === undefined) return [];
          return [
            {
              acao_id: acaoId,
              ticker: r.ticker,
              empresa: r.empresa,
              preco_compra: r.preco_compra,
              alvo_sugerido: r.alvo_sugerido,
              probabilidade: r.probabilidade,
              MIN: r.MIN,
              MAX: r.MAX,
            },
          ];
        }),
    );
  }),
];
