import type { FastifyInstance } from 'fastify';
import { ordensEndpoints as e } from '../../../contract';
import { route } from '../../lib/route';
import { sendCompra, validarCompra } from './compra';
import { startReconciler } from './reconciler';
import { orderStatus } from './status';
import { sendVenda } from './venda';

export async function ordensRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;
  route(app, e.validateCompra, ({ params, body }) => validarCompra(db, config, params.id, body));
  route(app, e.sendCompra, ({ params, headers, body }, { username }) =>
    sendCompra(db, config, params.id, body, headers['idempotency-key'] ?? null, username),
  );
  route(app, e.compraStatus, ({ params }, { username }) =>
    orderStatus(db, config, params.id, params.group_id, 'compra', username),
  );
  route(app, e.sendVenda, ({ params, headers, body }, { username }) =>
    sendVenda(
      db,
      config,
      params.id,
      params.operation_id,
      body,
      headers['idempotency-key'] ?? null,
      username,
    ),
  );
  route(app, e.vendaStatus, ({ params }, { username }) =>
    orderStatus(db, config, params.id, params.group_id, 'venda', username),
  );
  startReconciler(app);
}
