import { z } from 'zod';
import { IdSchema } from './common';
import { endpoint } from './endpoint';

export const AcaoSchema = z.object({
  id: IdSchema,
  ticker: z.string(),
  empresa: z.string().nullable(),
  setor: z.string().nullable(),
});
export type Acao = z.infer<typeof AcaoSchema>;

/** GET acoes/: the stock universe, by ticker. */
export const AcaoListSchema = z.array(AcaoSchema);

export const acoesEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/acoes/',
    tag: 'carteira',
    summary: 'O universo de ações (ticker, empresa, setor).',
    answers: { 200: AcaoListSchema },
  }),
};
