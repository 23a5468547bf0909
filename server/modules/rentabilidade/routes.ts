import type { FastifyInstance } from 'fastify';
import { rentabilidadeEndpoints as e } from '../../../contract';
import { route } from '../../lib/route';
import { rentabilidadeCliente, rentabilidadeLivro } from './service';

export async function rentabilidadeRoutes(app: FastifyInstance) {
  route(app, e.cliente, ({ params, query }) => rentabilidadeCliente(app.deps, params.id, query));
  route(app, e.livro, ({ query }) => rentabilidadeLivro(app.deps, query));
}
