import type { FastifyInstance } from 'fastify';
import { conciliacaoEndpoints as e } from '../../../contract';
import { route } from '../../lib/route';
import { conciliacaoCliente, conciliacaoGeral } from './service';

export async function conciliacaoRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;
  route(app, e.list, () => conciliacaoGeral(db, config));
  route(app, e.cliente, ({ params }) => conciliacaoCliente(db, config, params.id));
}
