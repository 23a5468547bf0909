import { z } from 'zod';
import { IdSchema, IsoDateSchema, MoneySchema, dataCampo, texto } from './common';
import { endpoint } from './endpoint';
import { PERMISSOES } from './papeis';
import { ApiErrorSchema } from './errors';
import { DATA_INVALIDA } from './operacoes';

/**
 * An asset's class for the income tax (issue 29; docs/imposto-de-renda.md): stocks (acao) may be exempt, units,
 * ETFs and BDRs are taxed like stocks but never exempt, FIIs have their own rate.
 */
export const CLASSES_ATIVO = ['acao', 'unit', 'etf', 'fii', 'bdr'] as const;
export const CLASSE_INVALIDA = 'Informe a classe do ativo: acao, unit, etf, fii ou bdr.';
export const ClasseAtivoSchema = z.enum(CLASSES_ATIVO, CLASSE_INVALIDA);
export type ClasseAtivo = z.infer<typeof ClasseAtivoSchema>;
/** Each class as the screens name it (the universe, the chart's header, the income-tax lines). */
export const CLASSE_ATIVO_NOME: Record<ClasseAtivo, string> = {
  acao: 'Ação',
  unit: 'Unit',
  etf: 'ETF',
  fii: 'FII',
  bdr: 'BDR',
};

export const AcaoSchema = z.object({
  id: IdSchema,
  ticker: z.string(),
  empresa: z.string().nullable(),
  setor: z.string().nullable(),
  /** The server always sends it; optional for the answers recorded before it existed (absent: acao). */
  classe: ClasseAtivoSchema.optional(),
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

export const AcaoParams = z.object({ ticker: TickerParam });

/** An empty text is null. */
const textoOpcional = (max: number) =>
  texto(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** PUT acoes/{ticker}/: the asset's name, sector and class, all stated (a PUT replaces them). */
export const AcaoInputSchema = z.object({
  empresa: textoOpcional(200),
  setor: textoOpcional(200),
  classe: ClasseAtivoSchema,
});
export type AcaoInput = z.infer<typeof AcaoInputSchema>;

/** XXXX3F is the fractional market's symbol of XXXX3: the same asset, never a second row of the universe. */
export const tickerFracionario = (ticker: string) =>
  `${ticker} é o símbolo do mercado fracionário de ${ticker.slice(0, -1)}: use ${ticker.slice(0, -1)}.`;
export const TICKER_NOVO_INVALIDO =
  'Ticker inválido: use o código da B3 (quatro letras, ou três letras e um dígito, e o número da classe; ex.: PETR4, TAEE11).';

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
    permissao: PERMISSOES.consulta,
    summary: 'O universo de ações (ticker, empresa, setor).',
    answers: { 200: AcaoListSchema },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/acoes/{ticker}/',
    tag: 'carteira',
    permissao: PERMISSOES.ativos,
    summary:
      'Define a empresa, o setor e a classe (acao, unit, etf, fii, bdr) do ativo; cria o ativo quando o ticker ' +
      'é novo e segue a regra da B3. Um ticker do fracionário (PETR4F) é recusado: é o mesmo ativo que PETR4.',
    params: AcaoParams,
    body: AcaoInputSchema,
    answers: { 200: AcaoSchema },
  }),
  historico: endpoint({
    method: 'GET',
    path: '/acoes/{ticker}/historico/',
    tag: 'carteira',
    permissao: PERMISSOES.consulta,
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
