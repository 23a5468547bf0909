import { z } from 'zod';
import { PatrimonioDisponivelSchema, PosicaoPainelSchema } from './entities';

/** GET dashboard-rv/: every open position of every client, with its quote. */
export const DashboardRvResponseSchema = z.object({
  posicionadas: z.array(PosicaoPainelSchema),
});
export type DashboardRvResponse = z.infer<typeof DashboardRvResponseSchema>;

/** GET patrimonio-disponivel/: one row per client. */
export const PatrimonioDisponivelListSchema = z.array(PatrimonioDisponivelSchema);
