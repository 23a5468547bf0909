import type { FastifyInstance } from 'fastify';
import { irEndpoints as e } from '../../../contract';
import { route } from '../../lib/route';
import { saveSaldos, saveVendaExterna } from './service';

export async function irRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  route(app, e.saldos, ({ params, body }, { username }) =>
    saveSaldos(db, username, params.id, body),
  );
  route(app, e.vendaExterna, ({ params, body }, { username }) =>
    saveVendaExterna(db, username, params.id, params.mes, body.valor),
  );
}
