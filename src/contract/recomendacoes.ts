import { z } from 'zod';
import { IdSchema } from './common';
import { RecomendacaoDisponivelSchema, RecomendacaoSchema } from './entities';

/** GET recomendacoes/: the latest set, best first (probabilidade, then percentual_estimado). */
export const RecomendacaoListSchema = z.array(RecomendacaoSchema);

/** POST recomendacoes/ (no body): recomputes for the latest session and says what came out of it. */
export const RecomendacoesRecalculoSchema = z.object({ message: z.string() });
export type RecomendacoesRecalculo = z.infer<typeof RecomendacoesRecalculoSchema>;

/** GET clientes/{id}/recomendacoes-disponiveis/: the list minus the stocks the client holds open. */
export const RecomendacoesDisponiveisParamsSchema = z.object({
  id: z.coerce.number().pipe(IdSchema),
});
export const RecomendacaoDisponivelListSchema = z.array(RecomendacaoDisponivelSchema);
