import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DashboardRvResponseSchema,
  PatrimonioDisponivelListSchema,
  type DashboardRvResponse,
} from '../../../contract';
import { todayIso } from '../../../shared/dates';
import { patrimonioDisponivel, posicoesAbertasJson } from '../../lib/portfolio-figures';

export const painelRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard-rv/',
    {
      schema: {
        tags: ['painel'],
        summary:
          'Todas as posições abertas de todos os clientes, com a cotação e o lucro percentual.',
        response: { 200: DashboardRvResponseSchema },
      },
    },
    async (_request, reply) => {
      const json = await posicoesAbertasJson(app.deps.db, app.deps.quotes, todayIso());
      // Already the contract's JSON, built by the database (see portfolio-figures): Fastify sends a string as it
      // is, without serialising it again; the type provider only knows the parsed shape, hence the cast.
      return reply
        .type('application/json; charset=utf-8')
        .send(json as unknown as DashboardRvResponse);
    },
  );

  app.get(
    '/patrimonio-disponivel/',
    {
      schema: {
        tags: ['painel'],
        summary: 'Patrimônio, total consolidado e valor disponível de cada cliente.',
        response: { 200: PatrimonioDisponivelListSchema },
      },
    },
    () => patrimonioDisponivel(app.deps.db),
  );
};
