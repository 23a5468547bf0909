import { z } from 'zod';
import {
  IdParams,
  IdSchema,
  MoneySchema,
  NoContentSchema,
  idParam,
  texto,
  valorPositivo,
} from './common';
import { endpoint } from './endpoint';
import { PERMISSOES } from './papeis';
import { ApiErrorSchema } from './errors';
import {
  AssuntoAlertaSchema,
  EstadoAlertaSchema,
  TIPOS_ALERTA,
  TipoAlertaSchema,
} from './alertas-tipos';
import {
  ContagemNotificacoesSchema,
  MarcarLidasInputSchema,
  MarcarLidasSchema,
  NOTIFICACOES_LIMITE,
  NotificacaoListQuerySchema,
  NotificacaoSchema,
  PreferenciasInputSchema,
  PreferenciasSchema,
} from './notificacoes';

export * from './alertas-tipos';
export * from './notificacoes';

/**
 * Alerts (issue 31): the server watches targets and stops, price levels, ex-dates, terminals and orders in doubt,
 * and tells each user once, in the app (notifications) and, as each user chose per type, by e-mail.
 */

export const AlertaSchema = z.object({
  id: IdSchema,
  tipo: TipoAlertaSchema,
  estado: EstadoAlertaSchema,
  /** ordem_em_duvida is critical; the rest are not. */
  critico: z.boolean(),
  /** One line in Portuguese: what happened ('PETR4 atingiu o alvo de R$ 10,00 (cotação R$ 10,10).'). */
  titulo: z.string(),
  assunto: AssuntoAlertaSchema,
  /** The level watched (target, stop, rule's level), when there is one. */
  nivel: MoneySchema.nullable(),
  /** The quote that fired it (alvo, stop, preco). */
  cotacao: MoneySchema.nullable(),
  /** When its condition was first seen. */
  desde: z.iso.datetime({ offset: true }),
  disparado_em: z.iso.datetime({ offset: true }).nullable(),
  resolvido_em: z.iso.datetime({ offset: true }).nullable(),
  /** Acknowledged: no more repeats (it still resolves). */
  reconhecido: z.boolean(),
  reconhecido_por: z.string().nullable(),
  reconhecido_em: z.iso.datetime({ offset: true }).nullable(),
  /** Snoozed until then: nothing is sent meanwhile; still firing then, it notifies once. */
  adiado_ate: z.iso.datetime({ offset: true }).nullable(),
});
export type Alerta = z.infer<typeof AlertaSchema>;

export const DirecaoRegraSchema = z.enum(['acima', 'abaixo']);
export type DirecaoRegra = z.infer<typeof DirecaoRegraSchema>;

/** A user's price rule: tell me when TICKER goes above (or below) this level. */
export const RegraPrecoSchema = z.object({
  id: IdSchema,
  ticker: z.string(),
  direcao: DirecaoRegraSchema,
  nivel: MoneySchema,
  /** Armed: it fires at the next crossing; a rule fires once and waits to be re-armed by hand. */
  armada: z.boolean(),
  disparada_em: z.iso.datetime({ offset: true }).nullable(),
  criada_em: z.iso.datetime({ offset: true }),
});
export type RegraPreco = z.infer<typeof RegraPrecoSchema>;

export const TICKER_REGRA_INVALIDO = 'Informe um ticker da B3 (ex.: PETR4).';
export const NIVEL_INVALIDO = 'Informe o nível de preço, maior que zero.';
export const DIRECAO_INVALIDA = 'Escolha acima ou abaixo.';

export const RegraPrecoInputSchema = z.object({
  ticker: texto(12, TICKER_REGRA_INVALIDO)
    .toUpperCase()
    .regex(/^[A-Z][A-Z0-9]{3,11}$/, TICKER_REGRA_INVALIDO),
  direcao: z.enum(['acima', 'abaixo'], DIRECAO_INVALIDA),
  nivel: valorPositivo(NIVEL_INVALIDO),
});
export type RegraPrecoInput = z.infer<typeof RegraPrecoInputSchema>;

/** Other tools send empty filters (`?estado=&tipo=`): an empty value is no filter. */
const filtro = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

export const ESTADO_INVALIDO = 'Escolha pendente, disparado ou resolvido.';
export const TIPO_INVALIDO = `Escolha um tipo de alerta: ${TIPOS_ALERTA.join(', ')}.`;

export const AlertaListQuerySchema = z.object({
  estado: filtro(z.enum(EstadoAlertaSchema.options, ESTADO_INVALIDO)),
  tipo: filtro(z.enum(TIPOS_ALERTA, TIPO_INVALIDO)),
  cliente: filtro(idParam('Informe um cliente válido.')),
});
export type AlertaListQuery = z.input<typeof AlertaListQuerySchema>;

/** The list's size: the newest alerts (or notifications) first, this many at most. */
export const ALERTAS_LIMITE = 500;

export const ADIAR_ATE_INVALIDO = 'Informe até quando adiar (data e hora).';
export const ADIAR_NO_PASSADO = 'Informe um momento no futuro.';
export const ADIAR_DIAS_MAXIMOS = 30;
export const ADIAR_LONGE_DEMAIS = `Adie por no máximo ${ADIAR_DIAS_MAXIMOS} dias.`;

/** POST alertas/{id}/adiar/: an instant with its offset; the server checks it is ahead, and within 30 days. */
export const AdiarInputSchema = z.object({
  ate: texto(40, ADIAR_ATE_INVALIDO).pipe(
    z.iso.datetime({ offset: true, error: ADIAR_ATE_INVALIDO }),
  ),
});
export type AdiarInput = z.infer<typeof AdiarInputSchema>;

export const ALERTA_NAO_ENCONTRADO = 'Alerta não encontrado.';
export const REGRA_NAO_ENCONTRADA = 'Regra não encontrada.';
export const REGRA_DUPLICADA = 'Você já tem uma regra para esta ação, nesta direção e neste nível.';
export const ALERTA_JA_RESOLVIDO = 'O alerta já foi resolvido: não há o que adiar.';
export const REGRA_ARMADA = 'A regra já está armada.';
export const ACAO_DA_REGRA_DESCONHECIDA = 'Ação não encontrada.';

const alertaNaoEncontrado = ApiErrorSchema.describe(ALERTA_NAO_ENCONTRADO);
const regraNaoEncontrada = ApiErrorSchema.describe(REGRA_NAO_ENCONTRADA);

export const alertasEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/alertas/',
    tag: 'alertas',
    permissao: PERMISSOES.consulta,
    summary: `Alertas, do mais recente ao mais antigo (no máximo ${ALERTAS_LIMITE}), por estado, tipo e cliente.`,
    query: AlertaListQuerySchema,
    answers: { 200: z.array(AlertaSchema) },
  }),
  reconhecer: endpoint({
    method: 'POST',
    path: '/alertas/{id}/reconhecer/',
    tag: 'alertas',
    permissao: PERMISSOES.alertas,
    summary: 'Reconhece um alerta: não se repete mais (ainda se resolve).',
    params: IdParams,
    answers: { 200: AlertaSchema, 404: alertaNaoEncontrado },
  }),
  adiar: endpoint({
    method: 'POST',
    path: '/alertas/{id}/adiar/',
    tag: 'alertas',
    permissao: PERMISSOES.alertas,
    summary:
      'Adia um alerta até `ate`: nada é enviado até lá; se ainda estiver disparado, notifica uma vez ao fim.',
    params: IdParams,
    body: AdiarInputSchema,
    answers: {
      200: AlertaSchema,
      404: alertaNaoEncontrado,
      409: ApiErrorSchema.describe(ALERTA_JA_RESOLVIDO),
    },
  }),
  regras: endpoint({
    method: 'GET',
    path: '/alertas/regras/',
    tag: 'alertas',
    permissao: PERMISSOES.consulta,
    summary: 'As regras de preço do usuário.',
    answers: { 200: z.array(RegraPrecoSchema) },
  }),
  createRegra: endpoint({
    method: 'POST',
    path: '/alertas/regras/',
    tag: 'alertas',
    permissao: PERMISSOES.alertas,
    summary: 'Cria uma regra de preço: avisa quando a cotação cruzar o nível na direção dada.',
    body: RegraPrecoInputSchema,
    answers: {
      201: RegraPrecoSchema,
      409: ApiErrorSchema.describe(REGRA_DUPLICADA),
    },
  }),
  rearmarRegra: endpoint({
    method: 'POST',
    path: '/alertas/regras/{id}/rearmar/',
    tag: 'alertas',
    permissao: PERMISSOES.alertas,
    summary: 'Arma de novo uma regra que já disparou: ela avisa no próximo cruzamento.',
    params: IdParams,
    answers: {
      200: RegraPrecoSchema,
      404: regraNaoEncontrada,
      409: ApiErrorSchema.describe(REGRA_ARMADA),
    },
  }),
  deleteRegra: endpoint({
    method: 'DELETE',
    path: '/alertas/regras/{id}/',
    tag: 'alertas',
    permissao: PERMISSOES.alertas,
    summary: 'Exclui uma regra de preço do usuário.',
    params: IdParams,
    answers: { 204: NoContentSchema, 404: regraNaoEncontrada },
  }),
  notificacoes: endpoint({
    method: 'GET',
    path: '/notificacoes/',
    tag: 'alertas',
    permissao: PERMISSOES.contaPropria,
    summary: `As notificações do usuário, das mais recentes (no máximo ${NOTIFICACOES_LIMITE}).`,
    query: NotificacaoListQuerySchema,
    answers: { 200: z.array(NotificacaoSchema) },
  }),
  contagem: endpoint({
    method: 'GET',
    path: '/notificacoes/contagem/',
    tag: 'alertas',
    permissao: PERMISSOES.contaPropria,
    summary: 'Quantas notificações o usuário ainda não leu (o sino).',
    answers: { 200: ContagemNotificacoesSchema },
  }),
  marcarLidas: endpoint({
    method: 'POST',
    path: '/notificacoes/lidas/',
    tag: 'alertas',
    permissao: PERMISSOES.contaPropria,
    summary: 'Marca como lidas as notificações `ids` do usuário, ou todas sem `ids`.',
    body: MarcarLidasInputSchema,
    answers: { 200: MarcarLidasSchema },
  }),
  preferencias: endpoint({
    method: 'GET',
    path: '/eu/preferencias/',
    tag: 'alertas',
    permissao: PERMISSOES.contaPropria,
    summary: 'O e-mail do usuário e, por tipo de alerta, só no app ou no app e por e-mail.',
    answers: { 200: PreferenciasSchema },
  }),
  updatePreferencias: endpoint({
    method: 'PUT',
    path: '/eu/preferencias/',
    tag: 'alertas',
    permissao: PERMISSOES.contaPropria,
    summary: 'Muda o e-mail do usuário e os canais dos tipos informados.',
    body: PreferenciasInputSchema,
    answers: { 200: PreferenciasSchema },
  }),
};
