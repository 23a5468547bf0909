import type { FastifyInstance } from 'fastify';
import { operacoesEndpoints as e } from '../../../contract';
import { route } from '../../lib/route';
import { createOperacao, deleteOperacao, listOperacoes, updateOperacao } from './service';

export async function operacoesRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  route(app, e.list, ({ query }) => listOperacoes(db, query.cliente));
  route(app, e.create, ({ body }, { username }) => createOperacao(db, username, body));
  route(app, e.update, ({ params, body }, { username }) =>
    updateOperacao(db, username, params.id, body),
  );
  route(app, e.delete, ({ params }, { username }) => deleteOperacao(db, username, params.id));
}
