import type { FastifyInstance } from 'fastify';
import { eventosEndpoints as e } from '../../../contract';
import { route } from '../../lib/route';
import { createEvento, deleteEvento, listEventos, updateEvento } from './service';

export async function eventosRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  route(app, e.list, ({ query }) => listEventos(db, query.acao));
  route(app, e.create, ({ body }, { username }) => createEvento(db, username, body));
  route(app, e.update, ({ params, body }, { username }) =>
    updateEvento(db, username, params.id, body),
  );
  route(app, e.delete, ({ params }, { username }) => deleteEvento(db, username, params.id));
}
