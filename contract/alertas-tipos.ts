import { z } from 'zod';
import { IdSchema } from './common';

/** The alerts' types, states, channels and subjects (issue 31), shared by the alerts and the notifications. */

export const TIPOS_ALERTA = [
  'alvo',
  'stop',
  'preco',
  'data_ex',
  'terminal_offline',
  'ordem_em_duvida',
  'divergencia',
] as const;
export const TipoAlertaSchema = z.enum(TIPOS_ALERTA);
export type TipoAlerta = z.infer<typeof TipoAlertaSchema>;

/** How the screens and the e-mails name each type. */
export const TIPO_ALERTA_NOME: Record<TipoAlerta, string> = {
  alvo: 'Alvo atingido',
  stop: 'Stop atingido',
  preco: 'Regra de preço',
  data_ex: 'Data ex',
  terminal_offline: 'Terminal offline',
  ordem_em_duvida: 'Ordem em dúvida',
  divergencia: 'Divergência na conciliação',
};

/** `pendente`: the condition is seen and waits its minimum time; `disparado`: told; `resolvido`: over. */
export const EstadoAlertaSchema = z.enum(['pendente', 'disparado', 'resolvido']);
export type EstadoAlerta = z.infer<typeof EstadoAlertaSchema>;

/** How a user is told of a type: in the app only, or in the app and by e-mail. */
export const CanalAlertaSchema = z.enum(['app', 'app_email']);
export type CanalAlerta = z.infer<typeof CanalAlertaSchema>;

/** What the alert is about, for the screens' links; each field null when it does not apply. */
export const AssuntoAlertaSchema = z.object({
  /** The client: its portfolio (alvo, stop), its terminal (terminal_offline), its reconciliation (divergencia). */
  cliente: IdSchema.nullable(),
  cliente_nome: z.string().nullable(),
  /** The stock's base ticker (PETR4). */
  ticker: z.string().nullable(),
  /** The open operation (alvo, stop): the portfolio opens with its Vender. */
  operacao: IdSchema.nullable(),
  /** The order group (ordem_em_duvida): the order's page. */
  ordem: z.uuid().nullable(),
  /** The corporate event (data_ex). */
  evento: IdSchema.nullable(),
  /** The user's price rule (preco). */
  regra: IdSchema.nullable(),
});
export type AssuntoAlerta = z.infer<typeof AssuntoAlertaSchema>;
