import { asc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AcaoListSchema } from '../../../contract';
import { acoes } from '../../db/schema';

export const acoesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/acoes/',
    {
      schema: {
        tags: ['carteira'],
        summary: 'O universo de ações (ticker, empresa, setor).',
        response: { 200: AcaoListSchema },
      },
    },
    () =>
      app.deps.db
        .select({ id: acoes.id, ticker: acoes.ticker, empresa: acoes.empresa, setor: acoes.setor })
        .from(acoes)
        .orderBy(asc(acoes.ticker)),
  );
};
