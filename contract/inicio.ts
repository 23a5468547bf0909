import { z } from 'zod';
import { TipoAlertaSchema } from './alertas-tipos';
import { Mt5StatusValueSchema } from './clientes';
import { IdSchema, IsoDateSchema, MoneySchema } from './common';
import { endpoint } from './endpoint';
import { TIPOS_EVENTO } from './eventos';
import { PERMISSOES } from './papeis';

/**
 * The home screen (issue 34, item 1): the day's starting point in one call — the book's result today and this
 * month, and what needs attention, each item with the ids the screen links with to where it is acted on. Money
 * travels as JSON numbers to the cent, as everywhere in the API (the server sums in SQL numerics and rounds once).
 */

/** Each section lists at most this many items (the most urgent first); `total` counts them all. */
export const INICIO_ITENS_LIMITE = 20;

/**
 * "Near the stop": the quote at most this many percent above the stop (or already at or below it). 2 %: about
 * one ordinary day's move of a liquid B3 stock, so what is listed may reach its stop today; wider, the list fills
 * with positions that only drift; narrower, a gap at the open passes the stop before anyone reads it.
 */
export const INICIO_PERTO_DO_STOP_PERCENTUAL = 2;

/** Corporate events with a data ex from today to this many calendar days ahead (a week and a weekend). */
export const INICIO_EVENTOS_DIAS = 10;

const secao = <T extends z.ZodType>(item: T) =>
  z.object({ total: z.number().int().nonnegative(), itens: z.array(item) });

/** An open position at (or past) its target, or near its stop: the portfolio tab and its Vender open it. */
export const PosicaoAtencaoSchema = z.object({
  operacao: IdSchema,
  cliente: IdSchema,
  nome: z.string(),
  ticker: z.string(),
  quantidade: z.number().int().nullable(),
  cotacao: MoneySchema,
  /** The target (alvos) or the stop (stops). */
  nivel: MoneySchema,
  /** To Gain (%) for a target (≤ 0: reached); the quote's distance above the stop (≤ 0: at or below it). */
  distancia_percentual: z.number(),
});
export type PosicaoAtencao = z.infer<typeof PosicaoAtencaoSchema>;

/** An order in flight (pending, sent) or with a leg whose outcome is unknown: its page. */
export const OrdemAtencaoSchema = z.object({
  id: z.string(),
  cliente: IdSchema,
  nome: z.string(),
  lado: z.enum(['compra', 'venda']),
  ticker: z.string(),
  estado: z.enum(['pending', 'sent']),
  em_duvida: z.boolean(),
  /** The lote it was sent in, if any. */
  lote: z.string().nullable(),
  criada_em: z.iso.datetime({ offset: true }),
});
export type OrdemAtencao = z.infer<typeof OrdemAtencaoSchema>;

/** A lote not finished: the lote's page (`/ordens/lote?lote=`). */
export const LoteAtencaoSchema = z.object({
  id: z.string(),
  lado: z.enum(['compra', 'venda']),
  ticker: z.string(),
  /** Its client orders still in flight, and those of them in doubt. */
  em_voo: z.number().int().nonnegative(),
  em_duvida: z.number().int().nonnegative(),
  criado_em: z.iso.datetime({ offset: true }),
});
export type LoteAtencao = z.infer<typeof LoteAtencaoSchema>;

/** A client whose terminal's last status is not online: the client's portfolio. */
export const TerminalAtencaoSchema = z.object({
  cliente: IdSchema,
  nome: z.string(),
  status: Mt5StatusValueSchema.or(z.string()).nullable(),
  detalhe: z.string().nullable(),
  medido_em: z.iso.datetime({ offset: true }).nullable(),
});
export type TerminalAtencao = z.infer<typeof TerminalAtencaoSchema>;

/** A divergence the last reconciliation found and that is still open (its alert): the reconciliation. */
export const DivergenciaAtencaoSchema = z.object({
  alerta: IdSchema,
  cliente: IdSchema.nullable(),
  nome: z.string().nullable(),
  ticker: z.string().nullable(),
  titulo: z.string(),
  desde: z.iso.datetime({ offset: true }),
});
export type DivergenciaAtencao = z.infer<typeof DivergenciaAtencaoSchema>;

/** A corporate event of a held stock with its data ex in the next days: the events' screen. */
export const EventoAtencaoSchema = z.object({
  id: IdSchema,
  ticker: z.string(),
  tipo: z.enum(TIPOS_EVENTO),
  data_ex: IsoDateSchema,
  /** Clients holding the stock (an open operation). */
  clientes: z.number().int().nonnegative(),
});
export type EventoAtencao = z.infer<typeof EventoAtencaoSchema>;

/** One of the user's unread notifications (the alerts' bell): the Alertas page. */
export const AlertaNaoLidoSchema = z.object({
  id: IdSchema,
  alerta: IdSchema,
  tipo: TipoAlertaSchema,
  titulo: z.string(),
  criada_em: z.iso.datetime({ offset: true }),
});
export type AlertaNaoLido = z.infer<typeof AlertaNaoLidoSchema>;

export const InicioSchema = z.object({
  /** São Paulo's date the answer is of. */
  hoje: IsoDateSchema,
  resultado: z.object({
    /**
     * Today: each open position's shares × (today's quote − yesterday's close; its buy price when bought today).
     * Positions without a quote or a previous close are left out and counted in `sem_cotacao`.
     */
    dia: MoneySchema,
    /** `dia` over what the same positions were worth at the reference, in %; null without any. */
    dia_percentual: z.number().nullable(),
    posicoes: z.number().int().nonnegative(),
    sem_cotacao: z.number().int().nonnegative(),
    /** Realised this month: each operation sold this month, its sale less its purchase (REALIZADAS' result). */
    mes: MoneySchema,
    vendas_mes: z.number().int().nonnegative(),
  }),
  alvos: secao(PosicaoAtencaoSchema),
  stops: secao(PosicaoAtencaoSchema),
  ordens: secao(OrdemAtencaoSchema),
  lotes: secao(LoteAtencaoSchema),
  terminais: secao(TerminalAtencaoSchema),
  divergencias: secao(DivergenciaAtencaoSchema),
  eventos: secao(EventoAtencaoSchema),
  alertas: secao(AlertaNaoLidoSchema),
});
export type Inicio = z.infer<typeof InicioSchema>;

export const inicioEndpoints = {
  inicio: endpoint({
    method: 'GET',
    path: '/inicio/',
    tag: 'inicio',
    summary: 'O ponto de partida do dia: resultado de hoje e do mês, e o que pede atenção.',
    permissao: PERMISSOES.consulta,
    answers: { 200: InicioSchema },
  }),
};
