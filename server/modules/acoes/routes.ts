import type { FastifyInstance } from 'fastify';
import { acoesEndpoints as e } from '../../../contract';
import { route } from '../../lib/route';
import { selectAcoes } from './repository';
import { historico } from './service';
import { saveAcao } from './universo';

export async function acoesRoutes(app: FastifyInstance) {
  route(app, e.list, () => selectAcoes(app.deps.db));
  route(app, e.update, ({ params, body }, { username }) =>
    saveAcao(app.deps.db, username, params.ticker, body),
  );
  route(app, e.historico, ({ params, query }) => historico(app.deps.db, params.ticker, query));
}
