import type { FastifyInstance } from 'fastify';
import { cotacoesEndpoints as e } from '../../../contract';
import { route } from '../../lib/route';
import { cotacoesAtuais } from './service';

export async function cotacoesRoutes(app: FastifyInstance) {
  route(app, e.atuais, ({ body }) => cotacoesAtuais(app.deps.quotes, body.tickers));
}
