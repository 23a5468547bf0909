import { z } from 'zod';
import { IdParams, IdSchema, IsoDateSchema, MoneySchema } from './common';
import { endpoint } from './endpoint';
import { PERMISSOES } from './papeis';
import { ApiErrorSchema } from './errors';

export const RecomendacaoSchema = z.object({
  ticker: z.string(),
  empresa: z.string().nullable(),
  setor: z.string().nullable(),
  data: IsoDateSchema,
  preco_compra: MoneySchema,
  alvo_sugerido: MoneySchema,
  percentual_estimado: z.number(),
  probabilidade: z.number(),
  vezes_atingiu_alvo_1m: z.number().int(),
  cruza_medias: z.boolean(),
  obv_cres: z.boolean(),
  vol_acima_media: z.boolean(),
  wma602: z.boolean(),
  MIN: z.number(),
  MAX: z.number(),
  AMPLITUDE: z.number(),
  AMP_AxF: z.number(),
  AMP_MXxMN: z.number(),
  A_x_F: z.number(),
  ALVO: z.number(),
  ALTA: z.number().int(),
  BAIXA: z.number().int(),
});
export type Recomendacao = z.infer<typeof RecomendacaoSchema>;

export const RecomendacaoDisponivelSchema = z.object({
  acao_id: IdSchema,
  ticker: z.string(),
  empresa: z.string().nullable(),
  preco_compra: MoneySchema,
  alvo_sugerido: MoneySchema,
  probabilidade: z.number(),
  /** The lowest low and highest high of the recommendation's window (drawn on its chart). */
  MIN: z.number(),
  MAX: z.number(),
});
export type RecomendacaoDisponivel = z.infer<typeof RecomendacaoDisponivelSchema>;

/** GET recomendacoes/: the latest set, best first (probabilidade, then percentual_estimado). */
export const RecomendacaoListSchema = z.array(RecomendacaoSchema);

/** POST recomendacoes/ (no body): recomputes for the latest session and says what came out of it. */
export const RecomendacoesRecalculoSchema = z.object({ message: z.string() });
export type RecomendacoesRecalculo = z.infer<typeof RecomendacoesRecalculoSchema>;

/** GET clientes/{id}/recomendacoes-disponiveis/: the list minus the stocks the client holds open. */
export const RecomendacaoDisponivelListSchema = z.array(RecomendacaoDisponivelSchema);

export const recomendacoesEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/recomendacoes/',
    tag: 'recomendacoes',
    permissao: PERMISSOES.consulta,
    summary: 'As recomendações do último pregão calculado, melhores primeiro.',
    answers: { 200: RecomendacaoListSchema },
  }),
  refresh: endpoint({
    method: 'POST',
    path: '/recomendacoes/',
    tag: 'recomendacoes',
    permissao: PERMISSOES.recomendacoes,
    summary: 'Recalcula as recomendações para o último pregão com preços.',
    answers: { 200: RecomendacoesRecalculoSchema },
  }),
  disponiveis: endpoint({
    method: 'GET',
    path: '/clientes/{id}/recomendacoes-disponiveis/',
    tag: 'recomendacoes',
    permissao: PERMISSOES.consulta,
    summary: 'As recomendações sem as ações que o cliente tem em aberto.',
    params: IdParams,
    answers: {
      200: RecomendacaoDisponivelListSchema,
      404: ApiErrorSchema.describe('Cliente não encontrado.'),
    },
  }),
};
