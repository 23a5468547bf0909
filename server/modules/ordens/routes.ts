import type { FastifyInstance } from 'fastify';
import { ordensEndpoints as e } from '../../../contract';
import { route, statementRoute } from '../../lib/route';
import { sendCompra, validateCompra } from './compra';
import { getOrdem, historicoDaConsulta } from './historico';
import { cancelGroup, orderStatus, resolveGroup } from './status';
import { sendVenda } from './venda';

export async function ordensRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;
  route(app, e.validateCompra, ({ params, body }) => validateCompra(db, config, params.id, body));
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
  route(app, e.resolve, ({ params, body }, { username }) =>
    resolveGroup(db, params.group_id, body.motivo, username),
  );
  route(app, e.cancel, ({ params }, { username }) =>
    cancelGroup(db, config, params.group_id, username),
  );
  // The history is the page operators page through all day: its statement checks the session too.
  statementRoute(app, e.list, ({ query }) => historicoDaConsulta(query));
  route(app, e.detail, ({ params }) => getOrdem(db, params.group_id));
}
