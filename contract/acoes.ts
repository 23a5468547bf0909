import { z } from 'zod';
import { IdSchema, IsoDateSchema, MoneySchema, dataCampo, texto } from './common';
import { endpoint } from './endpoint';
import { ApiErrorSchema } from './errors';
import { DATA_INVALIDA } from './operacoes';

export const AcaoSchema = z.object({
  id: IdSchema,
  ticker: z.string(),
  empresa: z.string().nullable(),
  setor: z.string().nullable(),
});
export type Acao = z.infer<typeof AcaoSchema>;

/** GET acoes/: the stock universe, by ticker. */
export const AcaoListSchema = z.array(AcaoSchema);

export const TICKER_INVALIDO = 'Informe um ticker da B3 (ex.: PETR4).';
export const ACAO_NAO_ENCONTRADA = 'Ação não encontrada.';
export const INTERVALO_INVERTIDO = 'A data final não pode ser anterior à inicial.';

/** A B3 ticker as the universe stores it (PETR4, TAEE11, AAPL34): capitals and digits, at most 12 (COTAHIST's). */
export const TickerParam = texto(12, TICKER_INVALIDO).regex(
  /^[A-Z][A-Z0-9]{3,11}$/,
  TICKER_INVALIDO,
);

export const HistoricoPrecosParams = z.object({ ticker: TickerParam });

/** From and to (inclusive), either open: without both, the whole stored history. */
export const HistoricoPrecosQuerySchema = z
  .object({
    de: dataCampo(DATA_INVALIDA).optional(),
    ate: dataCampo(DATA_INVALIDA).optional(),
  })
  .refine((q) => !q.de || !q.ate || q.de <= q.ate, { path: ['ate'], message: INTERVALO_INVERTIDO });

/** A daily bar in today's terms (adjusted for the share events in force): prices to 4 places, volume in shares. */
export const BarraSchema = z.object({
  data: IsoDateSchema,
  abertura: MoneySchema,
  maxima: MoneySchema,
  minima: MoneySchema,
  fechamento: MoneySchema,
  volume: z.number().int(),
});
export type Barra = z.infer<typeof BarraSchema>;

export const HistoricoPrecosSchema = z.object({
  acao: IdSchema,
  ticker: z.string(),
  /** Oldest first; empty when nothing is stored in the interval. */
  barras: z.array(BarraSchema),
});
export type HistoricoPrecos = z.infer<typeof HistoricoPrecosSchema>;

export const acoesEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/acoes/',
    tag: 'carteira',
    summary: 'O universo de ações (ticker, empresa, setor).',
    answers: { 200: AcaoListSchema },
  }),
  historico: endpoint({
    method: 'GET',
    path: '/acoes/{ticker}/historico/',
    tag: 'carteira',
    summary:
      'O histórico diário da ação (abertura, máxima, mínima, fechamento, volume), ajustado pelos eventos ' +
      'corporativos em vigor; ?de= e ?ate= (aaaa-mm-dd) limitam o período.',
    params: HistoricoPrecosParams,
    query: HistoricoPrecosQuerySchema,
    answers: {
      200: HistoricoPrecosSchema,
      404: ApiErrorSchema.describe(ACAO_NAO_ENCONTRADA),
    },
  }),
};
