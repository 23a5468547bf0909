import type { FastifyInstance } from 'fastify';
import { clientesEndpoints as e } from '../../../contract';
import { route } from '../../lib/route';
import { createCliente, deleteCliente, getCliente, listClientes, updateCliente } from './service';
import { StatusMonitor } from './status-monitor';

export async function clientesRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;
  route(app, e.list, () => listClientes(db));
  route(app, e.create, ({ body }, { username }) => createCliente(db, config, username, body));
  route(app, e.get, ({ params }) => getCliente(db, params.id));
  route(app, e.update, ({ params, body }, { username }) =>
    updateCliente(db, config, username, params.id, body),
  );
  route(app, e.delete, ({ params }, { username }) => deleteCliente(db, username, params.id));
  const monitor = new StatusMonitor(db, config, (err) =>
    app.log.warn({ err }, 'MT5 status check failed'),
  );
  app.addHook('onClose', async () => monitor.stop());
  route(app, e.status, () => monitor.answer());
}
