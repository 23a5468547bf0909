import type { FastifyInstance } from 'fastify';
import { modelosEndpoints as e } from '../../../contract';
import { route } from '../../lib/route';
import { createModelo, deleteModelo, getModelo, listModelos, updateModelo } from './service';
import { sendRebalanceamento } from './envio';
import { validateRebalanceamento } from './validacao';

export async function modelosRoutes(app: FastifyInstance) {
  const { db, config, quotes, lotes } = app.deps;
  route(app, e.list, () => listModelos(db));
  route(app, e.create, ({ body }, { username }) => createModelo(db, username, body));
  route(app, e.get, ({ params }) => getModelo(db, params.id));
  route(app, e.update, ({ params, body }, { username }) =>
    updateModelo(db, username, params.id, body),
  );
  route(app, e.delete, ({ params }, { username }) => deleteModelo(db, username, params.id));
  route(app, e.validateRebalance, ({ params, body }) =>
    validateRebalanceamento({ db, config, quotes }, params.id, body),
  );
  route(app, e.rebalance, ({ params, headers, body }, { username }) =>
    sendRebalanceamento(
      { db, config, quotes, lotes, log: app.log },
      params.id,
      body,
      headers['idempotency-key'],
      username,
    ),
  );
}
