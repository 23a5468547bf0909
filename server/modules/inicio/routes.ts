import type { FastifyInstance } from 'fastify';
import { inicioEndpoints as e } from '../../../contract';
import { route } from '../../lib/route';
import { getInicio, type InicioDeps } from './service';

export async function inicioRoutes(app: FastifyInstance) {
  const { db, quotes, vigia } = app.deps;
  const deps: InicioDeps = { db, quotes, now: vigia.now };
  route(app, e.inicio, (_, { username }) => getInicio(deps, username));
}
