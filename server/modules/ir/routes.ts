import type { FastifyInstance } from 'fastify';
import { irEndpoints as e } from '../../../contract';
import { route } from '../../lib/route';
import { getAnoIr, getDarfIr, getLivroIr, getMesIr } from './relatorios';
import { saveSaldos, saveVendaExterna } from './service';

export async function irRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  route(app, e.saldos, ({ params, body }, { username }) =>
    saveSaldos(db, username, params.id, body),
  );
  route(app, e.vendaExterna, ({ params, body }, { username }) =>
    saveVendaExterna(db, username, params.id, params.mes, body.valor),
  );
  route(app, e.ano, ({ params, query }) => getAnoIr(db, params.id, query.ano));
  route(app, e.mes, ({ params }) => getMesIr(db, params.id, params.mes));
  route(app, e.darf, ({ params }) => getDarfIr(db, params.id, params.mes));
  route(app, e.livro, ({ query }) => getLivroIr(db, query.mes));
}
