import type { FastifyInstance } from 'fastify';
import { rentabilidadeEndpoints as e } from '../../../contract';
import { RawJson, route } from '../../lib/route';
import { rentabilidadeCliente, rentabilidadeLivro } from './service';

// Sent as built (RawJson): a series of five years is 1,300 sessions, and checking it against the schema at every
// answer cost a fifth of the time; the tests check every answer (checkAnswers).
const raw = <T>(answer: T) => new RawJson<T>(JSON.stringify(answer));

export async function rentabilidadeRoutes(app: FastifyInstance) {
  route(app, e.cliente, async ({ params, query }) =>
    raw(await rentabilidadeCliente(app.deps, params.id, query)),
  );
  route(app, e.livro, async ({ query }) => raw(await rentabilidadeLivro(app.deps, query)));
}
