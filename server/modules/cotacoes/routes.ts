import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiErrorSchema,
  CotacoesRequestSchema,
  CotacoesResponseSchema,
  type CotacoesResponse,
} from '../../../contract';
import { price } from '../../../shared/decimal';

export const cotacoesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/cotacoes-atuais/',
    {
      schema: {
        tags: ['carteira'],
        summary: 'Cotações atuais de tickers da B3 (com o sufixo .SA).',
        body: CotacoesRequestSchema,
        response: { 200: CotacoesResponseSchema, 400: ApiErrorSchema },
      },
    },
    async (request) => {
      const { tickers } = request.body;
      const quotes = await app.deps.quotes.getQuotes(tickers.map((t) => t.slice(0, -3)));
      const answer: CotacoesResponse = {};
      for (const ticker of tickers) {
        const quote = quotes.get(ticker.slice(0, -3));
        if (quote !== undefined) answer[ticker] = { preco_atual: price(quote)! };
      }
      return answer;
    },
  );
};
