import { z } from 'zod';
import { Mt5StatusValueSchema } from './clientes';
import { IdSchema, MoneySchema } from './common';
import { CompraEmVooSchema, LegSchema, ValidacaoLegSchema } from './ordens';

/** Validar of a buy lote's answer: one line per client, sized and checked against its own terminal. */

export const LoteItemValidacaoSchema = z.object({
  cliente: IdSchema,
  nome: z.string(),
  status_mt5: Mt5StatusValueSchema,
  /** Why the terminal is not online, or cannot be asked. */
  detalhe_mt5: z.string().nullable(),
  /** What the client can spend: the portfolio's valor disponível less this stock's buys in flight (compras_em_voo). */
  valor_disponivel: MoneySchema.nullable(),
  /** The price the quantity was sized at: the limit price, or the terminal's ask. */
  preco_referencia: MoneySchema.nullable(),
  quantidade: z.number().int(),
  legs_sugeridas: z.array(LegSchema),
  validacoes: z.array(ValidacaoLegSchema),
  /** quantidade × preço de referência. */
  valor_estimado: MoneySchema.nullable(),
  /** The client's book already holds this stock open. */
  posicao_aberta: z.boolean(),
  /** Buys of this stock already in flight for the client: sending the lote to it asks for confirmar_compra_em_voo. */
  compras_em_voo: z.array(CompraEmVooSchema),
  /** What the operator must know before sending to this client (a buy of the stock in flight); null when nothing. */
  aviso: z.string().nullable(),
  /**
   * Whether the default selection takes the client: online, no open position nor buy of the stock in flight,
   * money available, every leg OK.
   */
  elegivel: z.boolean(),
  /** Why not, in Portuguese. */
  motivo: z.string().nullable(),
});
export type LoteItemValidacao = z.infer<typeof LoteItemValidacaoSchema>;

export const LoteValidacaoSchema = z.object({ itens: z.array(LoteItemValidacaoSchema) });
export type LoteValidacao = z.infer<typeof LoteValidacaoSchema>;
