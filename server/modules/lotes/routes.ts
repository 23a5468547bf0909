import type { FastifyInstance } from 'fastify';
import { lotesEndpoints as l } from '../../../contract';
import { route, type RouteContext } from '../../lib/route';
import { CriacaoDeLotes } from './criacao';
import { Lotes, startLoteReconciler } from './service';
import { LoteSync } from './sync';
import { validarLote } from './validacao';

export async function lotesRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;
  // One sync of each group at a time, whoever asks: the creating request, the status calls, the reconciler.
  const sync = new LoteSync(db, config, app.log);
  const criacao = new CriacaoDeLotes(db, config, sync);
  const lotes = new Lotes(db, config, app.log, sync);
  route(app, l.validate, ({ body }) => validarLote(db, config, body));
  const storeTiming = (reply: RouteContext['reply']) => (ms: number) =>
    reply.header('server-timing', `store;dur=${ms.toFixed(1)}`);
  route(app, l.sendCompra, ({ headers, body }, { username, reply }) =>
    criacao.criarCompra(body, headers['idempotency-key'], username, storeTiming(reply)),
  );
  route(app, l.sendVenda, ({ headers, body }, { username, reply }) =>
    criacao.criarVenda(body, headers['idempotency-key'], username, storeTiming(reply)),
  );
  route(app, l.status, ({ params }, { username }) => lotes.status(params.lote_id, username));
  route(app, l.list, () => lotes.list());
  route(app, l.cancel, ({ params }, { username }) => lotes.cancelar(params.lote_id, username));
  startLoteReconciler(app, lotes);
}
