import type { FastifyInstance } from 'fastify';
import { painelEndpoints as e } from '../../../contract';
import { route } from '../../lib/route';
import { exposicao } from './exposicao';
import { patrimonioDisponivel, posicionadas } from './service';

export async function painelRoutes(app: FastifyInstance) {
  route(app, e.posicionadas, (_input, ctx) => posicionadas(app.deps, ctx));
  route(app, e.patrimonioDisponivel, (_input, ctx) => patrimonioDisponivel(app.deps, ctx));
  route(app, e.exposicao, () => exposicao(app.deps));
}
