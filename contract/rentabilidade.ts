import { z } from 'zod';
import { ClasseAtivoSchema, INTERVALO_INVERTIDO } from './acoes';
import { IdParam, IdSchema, IsoDateSchema, MoneySchema, dataCampo } from './common';
import { endpoint } from './endpoint';
import { PERMISSOES } from './papeis';
import { ApiErrorSchema } from './errors';
import { DATA_INVALIDA } from './operacoes';

/**
 * Each client's return against the CDI and the Ibovespa, and the book's (issue 30; docs/rentabilidade.md). Every
 * return and rate is a fraction (0.0123 is 1.23 %), the screens show percentages; money is in reais to the cent.
 */

/** Other tools send empty filters (`?de=&ate=`): an empty value is no value. */
const opcional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/**
 * The period, both ends inclusive. Without `de`: from the first operation ("desde o início"); without `ate`: up to
 * today. Only the exchange sessions in between are measured, from the close of the session before the first.
 */
export const RentabilidadeQuerySchema = z
  .object({
    de: opcional(dataCampo(DATA_INVALIDA)),
    ate: opcional(dataCampo(DATA_INVALIDA)),
  })
  .refine((q) => !q.de || !q.ate || q.de <= q.ate, { path: ['ate'], message: INTERVALO_INVERTIDO });
export type RentabilidadeQuery = z.input<typeof RentabilidadeQuerySchema>;

/** One session: the portfolio's money (V, B, S, D) and the returns accumulated since the period's start. */
export const SessaoRentabilidadeSchema = z.object({
  data: IsoDateSchema,
  /** V: every position at the session's close. */
  patrimonio: MoneySchema,
  /** B: the session's buys, price × quantity + costs. */
  compras: MoneySchema,
  /** S: the session's sales, price × quantity − costs. */
  vendas: MoneySchema,
  /** D: the cash events whose data_ex is the session, net of withholding. */
  proventos: MoneySchema,
  retorno_dia: z.number(),
  acumulado: z.number(),
  /** Null: the benchmark is not known at that session. */
  cdi_acumulado: z.number().nullable(),
  ibov_acumulado: z.number().nullable(),
});
export type SessaoRentabilidade = z.infer<typeof SessaoRentabilidadeSchema>;

export const MesRentabilidadeSchema = z.object({
  /** aaaa-mm; only the month's sessions inside the period. */
  mes: z.string(),
  retorno: z.number(),
  cdi: z.number().nullable(),
  ibov: z.number().nullable(),
  /** The month's return over its CDI (1.10 is 110 % do CDI); null when the CDI is unknown or zero. */
  percentual_cdi: z.number().nullable(),
});
export type MesRentabilidade = z.infer<typeof MesRentabilidadeSchema>;

export const PeriodoRentabilidadeSchema = z.object({
  /** Time-weighted: the sessions' returns chained. */
  retorno: z.number(),
  /** Money-weighted (the flows' internal rate over the period, not annualised); null when it has no solution. */
  retorno_mwr: z.number().nullable(),
  cdi: z.number().nullable(),
  ibov: z.number().nullable(),
  percentual_cdi: z.number().nullable(),
  /** The daily returns' sample standard deviation × √252; null with fewer than two sessions. */
  volatilidade: z.number().nullable(),
  /** The deepest fall from a previous peak, ≤ 0 (−0.25 is a 25 % fall). */
  max_drawdown: z.number(),
});
export type PeriodoRentabilidade = z.infer<typeof PeriodoRentabilidadeSchema>;

/** A stock's part of the period's result: in R$, and in points of the return (the points sum to `retorno`). */
export const ContribuicaoSchema = z.object({
  ticker: z.string(),
  resultado: MoneySchema,
  pontos: z.number(),
});
export type Contribuicao = z.infer<typeof ContribuicaoSchema>;

/** The value at the period's last close per sector and per class (null: not classified), with its weight. */
export const AlocacaoSchema = z.object({
  setores: z.array(
    z.object({ setor: z.string().nullable(), valor: MoneySchema, peso: z.number() }),
  ),
  classes: z.array(
    z.object({ classe: ClasseAtivoSchema.nullable(), valor: MoneySchema, peso: z.number() }),
  ),
});
export type Alocacao = z.infer<typeof AlocacaoSchema>;

/**
 * Where the benchmarks of the answer came from. CDI: `bcb` (the Banco Central's SGS series 12), `selic` (estimated
 * from the Selic targets: the offline demo; the screen must say so), `misto` (both in the period), null (none).
 * Ibovespa: `^BVSP` (Yahoo Finance) or the stand-in ticker the administrator chose (IBOV_TICKER); null: none.
 */
export const FontesSchema = z.object({
  cdi: z.enum(['bcb', 'selic', 'misto']).nullable(),
  ibov: z.string().nullable(),
});
export type Fontes = z.infer<typeof FontesSchema>;

/** What a portfolio's performance is: per session, per month, the period, per stock and the allocation. */
export const MedidasRentabilidadeSchema = z.object({
  serie: z.array(SessaoRentabilidadeSchema),
  meses: z.array(MesRentabilidadeSchema),
  periodo: PeriodoRentabilidadeSchema,
  contribuicao: z.array(ContribuicaoSchema),
  alocacao: AlocacaoSchema,
});
export type MedidasRentabilidade = z.infer<typeof MedidasRentabilidadeSchema>;

/** The period as measured and what the figures rest on. */
const PeriodoMedidoSchema = z.object({
  /** The period asked for (or its defaults). */
  de: IsoDateSchema,
  ate: IsoDateSchema,
  /** The session whose close is the starting value (the one before the first session of the period). */
  anterior: IsoDateSchema,
  fontes: FontesSchema,
  /**
   * In Portuguese, for the screen: what was estimated or is missing (a CDI estimated from the Selic targets, a
   * rate not yet published, a failed refresh of the CDI, an Ibovespa without closes, operations left out).
   */
  avisos: z.array(z.string()),
});

/** GET clientes/{id}/rentabilidade/ */
export const RentabilidadeClienteSchema = PeriodoMedidoSchema.extend({
  cliente: IdSchema,
}).extend(MedidasRentabilidadeSchema.shape);
export type RentabilidadeCliente = z.infer<typeof RentabilidadeClienteSchema>;

/** One client's row of the book: the period's figures and its value at the start and at the end. */
export const RentabilidadeClienteLivroSchema = z.object({
  cliente: IdSchema,
  nome: z.string().nullable(),
  /** V at the close of `anterior` and at the period's last close. */
  patrimonio_inicial: MoneySchema,
  patrimonio_final: MoneySchema,
  periodo: PeriodoRentabilidadeSchema,
});
export type RentabilidadeClienteLivro = z.infer<typeof RentabilidadeClienteLivroSchema>;

/** GET rentabilidade/: every client's figures (by id) and the whole book measured as one portfolio. */
export const RentabilidadeLivroSchema = PeriodoMedidoSchema.extend({
  clientes: z.array(RentabilidadeClienteLivroSchema),
  livro: MedidasRentabilidadeSchema,
});
export type RentabilidadeLivro = z.infer<typeof RentabilidadeLivroSchema>;

export const rentabilidadeEndpoints = {
  cliente: endpoint({
    method: 'GET',
    path: '/clientes/{id}/rentabilidade/',
    tag: 'rentabilidade',
    permissao: PERMISSOES.consulta,
    summary:
      'Rentabilidade da carteira do cliente no período (de, ate), dia a dia, mês a mês e no período, contra o ' +
      'CDI e o Ibovespa; contribuição de cada ação e alocação por setor e por classe. Retornos em frações.',
    params: z.object({ id: IdParam }),
    query: RentabilidadeQuerySchema,
    answers: {
      200: RentabilidadeClienteSchema,
      404: ApiErrorSchema.describe('Cliente não encontrado.'),
    },
  }),
  livro: endpoint({
    method: 'GET',
    path: '/rentabilidade/',
    tag: 'rentabilidade',
    permissao: PERMISSOES.consulta,
    summary:
      'Rentabilidade de todos os clientes no período (de, ate) e a do livro inteiro como uma só carteira, ' +
      'contra o CDI e o Ibovespa. Retornos em frações.',
    query: RentabilidadeQuerySchema,
    answers: { 200: RentabilidadeLivroSchema },
  }),
};
