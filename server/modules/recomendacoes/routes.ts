import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiErrorSchema,
  RecomendacaoDisponivelListSchema,
  RecomendacaoListSchema,
  IdParams,
  RecomendacoesRecalculoSchema,
} from '../../../contract';
import { formatDate } from '../../../shared/format';
import { notFound } from '../../lib/http-error';
import { refreshYahooHistory } from './yahoo-history';
import { clienteExiste, listar, listarDisponiveis, recalcular, type Recalculo } from './service';

export function mensagem({ data, analisadas, recomendadas }: Recalculo): string {
  if (!data) return 'Sem histórico de preços: nenhuma recomendação calculada.';
  const quando = formatDate(data);
  const base = `${analisadas} ${analisadas === 1 ? 'ação analisada' : 'ações analisadas'}`;
  if (recomendadas === 0) return `Nenhuma recomendação para ${quando} (${base}).`;
  const quantas = recomendadas === 1 ? '1 recomendação' : `${recomendadas} recomendações`;
  return `${quantas} para ${quando} (${base}).`;
}

export const recomendacoesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;

  app.get(
    '/recomendacoes/',
    {
      schema: {
        tags: ['recomendacoes'],
        summary: 'As recomendações do último pregão calculado, melhores primeiro.',
        response: { 200: RecomendacaoListSchema, 401: ApiErrorSchema },
      },
    },
    () => listar(db, config.recomendacao),
  );

  app.post(
    '/recomendacoes/',
    {
      schema: {
        tags: ['recomendacoes'],
        summary: 'Recalcula as recomendações para o último pregão com preços.',
        response: { 200: RecomendacoesRecalculoSchema, 401: ApiErrorSchema },
      },
    },
    async (request) => {
      const yahoo = config.quotesProvider === 'yahoo' ? await refreshYahooHistory(app.deps) : null;
      let message = mensagem(await recalcular(db, config.recomendacao, request.username));
      if (yahoo?.falhas.length) {
        const quais =
          yahoo.falhas.length <= 5 ? yahoo.falhas.join(', ') : `${yahoo.falhas.length} ações`;
        message += ` Sem resposta do Yahoo para ${quais}: usado o histórico já gravado.`;
      }
      return { message };
    },
  );

  app.get(
    '/clientes/:id/recomendacoes-disponiveis/',
    {
      schema: {
        tags: ['recomendacoes'],
        summary: 'As recomendações sem as ações que o cliente tem em aberto.',
        params: IdParams,
        response: {
          200: RecomendacaoDisponivelListSchema,
          401: ApiErrorSchema,
          404: ApiErrorSchema,
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await clienteExiste(db, id))) throw notFound('Cliente não encontrado.');
      return listarDisponiveis(db, config.recomendacao, id);
    },
  );
};
