import type { FastifyInstance } from 'fastify';
import { authEndpoints as e } from '../../../contract';
import { route } from '../../lib/route';

export async function authRoutes(app: FastifyInstance) {
  const { auth } = app.deps;
  route(app, e.login, ({ body }, { request }) => auth.login({ ...body, address: request.ip }));
  route(app, e.logout, (_input, { request }) =>
    auth.logout({ username: request.username, sessionId: request.sessionId }, request.ip),
  );
}
