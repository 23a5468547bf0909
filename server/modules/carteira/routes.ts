import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema, ResumoClienteSchema } from '../../../contract';
import { todayIso } from '../../../shared/dates';
import { notFound } from '../../lib/http-error';
import { resumoCliente } from '../../lib/portfolio-figures';

export const carteiraRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/clientes/:id/resumo/',
    {
      schema: {
        tags: ['carteira'],
        summary:
          'Resumo da carteira do cliente (patrimônio, posicionadas, realizadas, rentabilidade).',
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: ResumoClienteSchema, 404: ApiErrorSchema },
      },
    },
    async (request) => {
      const { db, quotes } = app.deps;
      const resumo = await resumoCliente(db, quotes, request.params.id, todayIso());
      if (!resumo) throw notFound('Cliente não encontrado.');
      return resumo;
    },
  );
};
