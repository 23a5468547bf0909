import type { FastifyInstance } from 'fastify';
import { auditoriaEndpoints as e } from '../../../contract';
import { route } from '../../lib/route';
import { pageOfAuditLog } from './repository';

export async function auditoriaRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  route(app, e.list, ({ query }) => pageOfAuditLog(db, query));
}
