import { z } from 'zod';
import { IdSchema, texto } from './common';
import {
  AssuntoAlertaSchema,
  CanalAlertaSchema,
  TIPOS_ALERTA,
  TipoAlertaSchema,
  type TipoAlerta,
} from './alertas-tipos';

/** A user's notifications (the bell, the panel) and their choices of channel per type (issue 31). */

/** Other tools send empty filters (`?nao_lidas=`): an empty value is no filter. */
const filtro = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** The list's size: the newest notifications first, this many at most. */
export const NOTIFICACOES_LIMITE = 100;

/** Why a notification was made: the firing, a repeat, the end of a snooze, the resolution (terminal back online). */
export const MotivoNotificacaoSchema = z.enum([
  'disparo',
  'repeticao',
  'fim_adiamento',
  'resolvido',
]);
export type MotivoNotificacao = z.infer<typeof MotivoNotificacaoSchema>;

/** The e-mail of a notification: null when the user chose the app only (or e-mail is off). */
export const EmailNotificacaoSchema = z.enum(['pendente', 'enviado', 'falhou']);
export type EmailNotificacao = z.infer<typeof EmailNotificacaoSchema>;

export const NotificacaoSchema = z.object({
  id: IdSchema,
  alerta: IdSchema,
  tipo: TipoAlertaSchema,
  critico: z.boolean(),
  motivo: MotivoNotificacaoSchema,
  /** What the panel shows (and the e-mail's subject). */
  titulo: z.string(),
  assunto: AssuntoAlertaSchema,
  criada_em: z.iso.datetime({ offset: true }),
  lida: z.boolean(),
  email: EmailNotificacaoSchema.nullable(),
  /** Attempts to send it; with `falhou`, the panel says it was not sent. */
  email_tentativas: z.number().int(),
});
export type Notificacao = z.infer<typeof NotificacaoSchema>;

export const NotificacaoListQuerySchema = z.object({
  /** `true` (or 1): only the unread ones. */
  nao_lidas: filtro(
    z
      .enum(['true', 'false', '1', '0'], 'Use true ou false.')
      .transform((v) => v === 'true' || v === '1'),
  ),
});

export const ContagemNotificacoesSchema = z.object({ nao_lidas: z.number().int() });

export const IDS_INVALIDOS = 'Informe os ids das notificações (no máximo 1000).';

/** POST notificacoes/lidas/: these ids, or without `ids` every notification of the user. */
export const MarcarLidasInputSchema = z.object({
  ids: z.array(IdSchema, IDS_INVALIDOS).max(1000, IDS_INVALIDOS).optional(),
});
export type MarcarLidasInput = z.infer<typeof MarcarLidasInputSchema>;

export const MarcarLidasSchema = z.object({
  /** How many were unread and are now read. */
  marcadas: z.number().int(),
  nao_lidas: z.number().int(),
});

/** Per type, in-app only or also by e-mail. */
export const CanaisSchema = z.object(
  Object.fromEntries(TIPOS_ALERTA.map((t) => [t, CanalAlertaSchema])) as Record<
    TipoAlerta,
    typeof CanalAlertaSchema
  >,
);
export type Canais = z.infer<typeof CanaisSchema>;

/** Every type in the app; orders in doubt and offline terminals by e-mail too. */
export const CANAIS_PADRAO: Canais = {
  alvo: 'app',
  stop: 'app',
  preco: 'app',
  data_ex: 'app',
  terminal_offline: 'app_email',
  ordem_em_duvida: 'app_email',
  divergencia: 'app',
};

export const PreferenciasSchema = z.object({
  /** The user's e-mail (null: none, nothing is sent). */
  email: z.string().nullable(),
  /** False when the server has no SMTP_URL: e-mail is off, whatever the choices. */
  email_ativo: z.boolean(),
  canais: CanaisSchema,
});
export type Preferencias = z.infer<typeof PreferenciasSchema>;

export const EMAIL_USUARIO_INVALIDO = 'Digite um email válido';
/** A basic address: something@something.tld, no spaces (the CLI's --email checks it too). */
export const EMAIL_USUARIO_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const CANAL_INVALIDO = 'Escolha app ou app_email.';

/** PUT eu/preferencias/: the types named change (the rest stay); `email` changes when present (null removes it). */
export const PreferenciasInputSchema = z.object({
  email: texto(254, EMAIL_USUARIO_INVALIDO)
    .nullish()
    .refine((v) => !v || EMAIL_USUARIO_PATTERN.test(v), EMAIL_USUARIO_INVALIDO)
    .transform((v) => (v === undefined ? undefined : v || null)),
  canais: z
    .object(
      Object.fromEntries(
        TIPOS_ALERTA.map((t) => [t, z.enum(['app', 'app_email'], CANAL_INVALIDO).optional()]),
      ) as Record<TipoAlerta, z.ZodOptional<z.ZodEnum<{ app: 'app'; app_email: 'app_email' }>>>,
    )
    .strict()
    .optional(),
});
export type PreferenciasInput = z.infer<typeof PreferenciasInputSchema>;
