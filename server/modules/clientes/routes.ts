import type { FastifyInstance } from 'fastify';
import { clientesEndpoints as e } from '../../../contract';
import { route } from '../../lib/route';
import { createCliente, deleteCliente, getCliente, listClientes, updateCliente } from './service';

export async function clientesRoutes(app: FastifyInstance) {
  const { db, config, mt5Status } = app.deps;
  route(app, e.list, () => listClientes(db));
  route(app, e.create, ({ body }, { username }) => createCliente(db, config, username, body));
  route(app, e.get, ({ params }) => getCliente(db, params.id));
  route(app, e.update, ({ params, body }, { username }) =>
    updateCliente(db, config, username, params.id, body),
  );
  route(app, e.delete, ({ params }, { username }) => deleteCliente(db, username, params.id));
  route(app, e.status, () => mt5Status.answer());
}
