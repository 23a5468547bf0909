import type { FastifyInstance } from 'fastify';
import { acoesEndpoints as e } from '../../../contract';
import { route } from '../../lib/route';
import { selectAcoes } from './repository';
import { historico } from './service';

export async function acoesRoutes(app: FastifyInstance) {
  route(app, e.list, () => selectAcoes(app.deps.db));
  route(app, e.historico, ({ params, query }) => historico(app.deps.db, params.ticker, query));
}
