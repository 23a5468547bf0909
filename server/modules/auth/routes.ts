import type { FastifyInstance } from 'fastify';
import { authEndpoints as e } from '../../../contract';
import { route } from '../../lib/route';
import { login } from './service';

export async function authRoutes(app: FastifyInstance) {
  route(app, e.login, ({ body }, { request }) => login(app.deps, request.ip, body));
}
