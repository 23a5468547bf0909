import type { FastifyInstance } from 'fastify';
import { carteiraEndpoints as e } from '../../../contract';
import { route } from '../../lib/route';
import { listProventos, resumo } from './service';

export async function carteiraRoutes(app: FastifyInstance) {
  route(app, e.resumo, ({ params }) => resumo(app.deps, params.id));
  route(app, e.proventos, ({ params }) => listProventos(app.deps.db, params.id));
}
