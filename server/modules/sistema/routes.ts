import type { FastifyInstance } from 'fastify';
import { endpoints, SERVIDOR_ENCERRANDO, SERVIDOR_INICIANDO } from '../../../contract';
import { migrationsApplied } from '../../db/migrations-state';
import { HttpError } from '../../lib/http-error';
import { route } from '../../lib/route';
import { RETRY_AFTER_SECONDS } from '../../plugins/lifecycle';

const unavailable = (detail: string) =>
  new HttpError(503, detail, undefined, { 'retry-after': String(RETRY_AFTER_SECONDS) });

/** Liveness and readiness, for a load balancer or a supervisor (docs/deploying.md). */
export async function sistemaRoutes(app: FastifyInstance): Promise<void> {
  const { lifecycle, db } = app.deps;
  const e = endpoints.sistema;
  route(app, e.health, () => ({ status: 'ok' as const }));
  route(app, e.ready, async () => {
    if (!lifecycle.serving) {
      throw unavailable(lifecycle.draining ? SERVIDOR_ENCERRANDO : SERVIDOR_INICIANDO);
    }
    let applied: boolean;
    try {
      applied = await migrationsApplied(db);
    } catch {
      throw unavailable('O banco de dados não responde.');
    }
    if (!applied) throw unavailable('O banco de dados ainda não tem as migrações desta versão.');
    return { status: 'pronto' as const };
  });
}
