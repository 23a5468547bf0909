import type { FastifyInstance } from 'fastify';
import { recomendacoesEndpoints as e } from '../../../contract';
import { route } from '../../lib/route';
import { listRecomendacoes, listDisponiveis, refresh } from './service';

export async function recomendacoesRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;
  route(app, e.list, () => listRecomendacoes(db, config.recomendacao));
  route(app, e.refresh, (_input, { username }) => refresh(app.deps, username));
  route(app, e.disponiveis, ({ params }) => listDisponiveis(db, config.recomendacao, params.id));
}
