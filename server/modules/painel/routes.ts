import type { FastifyInstance } from 'fastify';
import { painelEndpoints as e } from '../../../contract';
import { route } from '../../lib/route';
import { patrimonioDisponivel, posicionadas } from './service';

export async function painelRoutes(app: FastifyInstance) {
  route(app, e.posicionadas, () => posicionadas(app.deps));
  route(app, e.patrimonioDisponivel, () => patrimonioDisponivel(app.deps.db));
}
