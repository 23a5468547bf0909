import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema, LoginRequestSchema, LoginResponseSchema } from '../../../contract';
import { HttpError } from '../../lib/http-error';
import { burnVerification, verifyPassword } from './passwords';
import { findUser, markLogin } from './users';

const INVALID = 'Usuário ou senha inválidos.';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/token/',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Troca usuário e senha por um token de acesso (JWT, 8 horas).',
        body: LoginRequestSchema,
        response: { 200: LoginResponseSchema, 401: ApiErrorSchema, 429: ApiErrorSchema },
      },
    },
    async (request) => {
      const { username, password } = request.body;
      const throttle = app.deps.loginThrottle;
      await throttle.check(request.ip, username);
      const user = await findUser(app.deps.db, username);
      const ok = user
        ? await verifyPassword(user.password_hash, password)
        : (await burnVerification(password), false);
      if (!user || !ok) {
        await throttle.recordFailure(request.ip, username);
        throw new HttpError(401, INVALID);
      }
      await throttle.recordSuccess(username);
      await markLogin(app.deps.db, user.id);
      return { access: await app.deps.tokens.issue(user.username), username: user.username };
    },
  );
};
