import { z } from 'zod';
import { IdSchema, MoneySchema, dataCampo, idParam, texto } from './common';
import { ExecucaoSchema, LadoSchema, TickerSchema as ticker } from './ordem';

/** The order history: each order group as it shows, a page of them, one order's detail and the history's filters. */

/** An order group's state: stored, sent, applied to the portfolio, ended without (all of) it, closed by a person. */
export const EstadoOrdemSchema = z.enum(['pending', 'sent', 'completed', 'failed', 'resolved']);
export type EstadoOrdem = z.infer<typeof EstadoOrdemSchema>;

/** A leg's state at the terminal (MT5's words); `unknown`: its outcome is in doubt, never a refusal. */
export const EstadoPernaSchema = z.enum([
  'pending',
  'placed',
  'partial',
  'filled',
  'canceled',
  'rejected',
  'expired',
  'unknown',
]);
export type EstadoPerna = z.infer<typeof EstadoPernaSchema>;

export const PernaOrdemSchema = z.object({
  symbol: z.string(),
  volume: z.number().int(),
  volume_exec: z.number().int(),
  preco_medio: MoneySchema.nullable(),
  estado: EstadoPernaSchema,
  retcode: z.number().int().nullable(),
  retcode_desc: z.string().nullable(),
  ticket: z.number().int().nullable(),
  /** The broker's own words (B3's reason for a rejection) and its code, as the terminal passed them on. */
  broker_comment: z.string().nullable(),
  retcode_external: z.number().int().nullable(),
  /** Why the leg's outcome is unknown. */
  problema: z.string().nullable(),
});
export type PernaOrdem = z.infer<typeof PernaOrdemSchema>;

/**
 * What a finished order cost (issue 29), as its operation records it: the commission and fees the terminal reported
 * for its deals, and the B3 fees the server adds (CUSTOS_B3_PERCENTUAL of the traded value).
 */
export const CustosOrdemSchema = z.object({
  /** The brokerage the terminal charged for its deals (MT5's commission). */
  corretagem: MoneySchema,
  /** The fees the terminal charged for its deals (MT5's fee). */
  taxas: MoneySchema,
  /** The B3 fees the server adds: what the total holds beyond the terminal's. */
  taxas_b3: MoneySchema,
  /** Their sum to the cent: the operation's custos_compra (a buy) or custos_venda (a sale). */
  total: MoneySchema,
});
export type CustosOrdem = z.infer<typeof CustosOrdemSchema>;

/** One order group as the history shows it. */
export const OrdemSchema = z.object({
  group_id: z.uuid(),
  /** The bulk order (lote) it was sent in; null for a single order. */
  lote_id: z.uuid().nullable(),
  cliente: IdSchema,
  nome: z.string(),
  acao: z.string(),
  lado: LadoSchema,
  execucao: ExecucaoSchema,
  preco: MoneySchema.nullable(),
  tp: MoneySchema.nullable(),
  estado: EstadoOrdemSchema,
  criado_em: z.iso.datetime(),
  /** Who sent it. */
  criado_por: z.string(),
  legs: z.array(PernaOrdemSchema),
  concluido_em: z.iso.datetime().nullable(),
  erro: z.string().nullable(),
  /** Said while a leg's outcome is unknown: ask again, never "rejected" (as in the status answer). */
  aviso: z.string().nullable(),
  /** The operation a buy created or a sale realised (null until then, or when nothing filled). */
  operacao_id: IdSchema.nullable(),
  /**
   * What it cost; null until it ends with shares filled (and for orders that ended before costs were kept). The
   * server always sends it; optional for the mocks' orders, which cost nothing.
   */
  custos: CustosOrdemSchema.nullish(),
});
export type Ordem = z.infer<typeof OrdemSchema>;

export const HistoricoOrdensSchema = z.object({
  results: z.array(OrdemSchema),
  /** Pass it as `cursor` for the next page; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type HistoricoOrdens = z.infer<typeof HistoricoOrdensSchema>;

export const EventoOrdemSchema = z.object({
  em: z.iso.datetime(),
  evento: z.string(),
  detalhe: z.string().nullable(),
  usuario: z.string(),
});
export type EventoOrdem = z.infer<typeof EventoOrdemSchema>;

export const OrdemDetalheSchema = OrdemSchema.extend({
  /** From the audit log: stored, each leg's state change, cancel requests, completion, resolution. */
  timeline: z.array(EventoOrdemSchema),
  /** The operations the order touched: the one a buy created, the one a sale realised, the rest a partial sale left. */
  operacoes: z.array(
    z.object({ id: IdSchema, papel: z.enum(['criada', 'realizada', 'restante']) }),
  ),
});
export type OrdemDetalhe = z.infer<typeof OrdemDetalheSchema>;

export const HISTORICO_LIMITE_MAXIMO = 200;
const CURSOR_INVALIDO = 'Cursor inválido: use o next_cursor da página anterior.';
const CURSOR =
  /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})\.\d{6}Z_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A calendar instant that exists (Date.parse takes 30 February as 2 March). */
const instanteReal = (cursor: string) => {
  const second = CURSOR.exec(cursor)?.[1];
  const parsed = second ? new Date(`${second}Z`) : null;
  return Boolean(
    parsed && !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(second!),
  );
};
const DATA_INVALIDA = 'Informe uma data válida (aaaa-mm-dd).';
/** Other tools send empty filters (`?cliente=&acao=`): an empty value is no filter. */
const filtro = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

export const HistoricoQuerySchema = z
  .object({
    cliente: filtro(idParam('Informe um cliente válido.')),
    acao: filtro(ticker),
    estado: filtro(EstadoOrdemSchema),
    de: filtro(dataCampo(DATA_INVALIDA)),
    ate: filtro(dataCampo(DATA_INVALIDA)),
    cursor: filtro(
      texto(120, CURSOR_INVALIDO)
        .regex(CURSOR, CURSOR_INVALIDO)
        .refine(instanteReal, CURSOR_INVALIDO),
    ),
    limite: filtro(
      z.coerce
        .number<number | string>(`Informe um limite de 1 a ${HISTORICO_LIMITE_MAXIMO}.`)
        .int(`Informe um limite de 1 a ${HISTORICO_LIMITE_MAXIMO}.`)
        .min(1, `Informe um limite de 1 a ${HISTORICO_LIMITE_MAXIMO}.`)
        .max(HISTORICO_LIMITE_MAXIMO, `Informe um limite de 1 a ${HISTORICO_LIMITE_MAXIMO}.`),
    ),
  })
  .superRefine((value, ctx) => {
    if (value.de && value.ate && value.ate < value.de) {
      ctx.addIssue({
        code: 'custom',
        path: ['ate'],
        message: 'O fim do período não pode ser anterior ao início.',
      });
    }
  });
export type HistoricoQuery = z.input<typeof HistoricoQuerySchema>;
