import type { FastifyInstance } from 'fastify';
import { lotesEndpoints as l } from '../../../contract';
import { route, type RouteContext } from '../../lib/route';
import { validateLote } from './validacao';

export async function lotesRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;
  const { criacao, lotes } = app.deps.lotes;
  route(app, l.validate, ({ body }) => validateLote(db, config, body));
  const storeTiming = (reply: RouteContext['reply']) => (ms: number) =>
    reply.header('server-timing', `store;dur=${ms.toFixed(1)}`);
  route(app, l.sendCompra, ({ headers, body }, { username, reply }) =>
    criacao.createCompra(body, headers['idempotency-key'], username, storeTiming(reply)),
  );
  route(app, l.sendVenda, ({ headers, body }, { username, reply }) =>
    criacao.createVenda(body, headers['idempotency-key'], username, storeTiming(reply)),
  );
  route(app, l.status, ({ params }, { username }) => lotes.status(params.lote_id, username));
  route(app, l.list, () => lotes.list());
  route(app, l.cancel, ({ params }, { username }) => lotes.cancel(params.lote_id, username));
}
