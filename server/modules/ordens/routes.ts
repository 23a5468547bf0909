import type { FastifyInstance } from 'fastify';
import { lotesEndpoints as l, ordensEndpoints as e } from '../../../contract';
import { route, statementRoute, type RouteContext } from '../../lib/route';
import { sendCompra, validarCompra } from './compra';
import { getOrdem, historicoDaConsulta } from './historico';
import { CriacaoDeLotes } from './lote-criacao';
import { LoteSync } from './lote-sync';
import { validarLote } from './lote-validacao';
import { Lotes, startLoteReconciler } from './lotes';
import { startReconciler } from './reconciler';
import { cancelGroup, orderStatus, resolveGroup } from './status';
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
  route(app, e.resolve, ({ params, body }, { username }) =>
    resolveGroup(db, params.group_id, body.motivo, username),
  );
  route(app, e.cancel, ({ params }, { username }) =>
    cancelGroup(db, config, params.group_id, username),
  );
  // The history is the page operators page through all day: its statement checks the session too.
  statementRoute(app, e.list, ({ query }) => historicoDaConsulta(query));
  route(app, e.detail, ({ params }) => getOrdem(db, params.group_id));
  startReconciler(app);

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
