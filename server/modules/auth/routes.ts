import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authEndpoints as e, euEndpoints as eu, usuariosEndpoints as u } from '../../../contract';
import { route } from '../../lib/route';
import { ContaService, type Requester } from './conta';
import type { Origin } from './service';
import { UsuariosService } from './usuarios';

const origin = (request: FastifyRequest): Origin => ({
  address: request.ip,
  userAgent: request.headers['user-agent'],
});

const requester = (request: FastifyRequest): Requester => ({
  userId: request.userId,
  username: request.username,
  sessionId: request.sessionId,
  escopo: request.escopo,
});

export async function authRoutes(app: FastifyInstance) {
  const { auth, db } = app.deps;
  route(app, e.login, ({ body }, { request }) => auth.login({ ...body, ...origin(request) }));
  route(app, e.login2fa, ({ body }, { request }) => auth.login2fa({ ...body, ...origin(request) }));
  route(app, e.logout, (_input, { request }) =>
    auth.logout({ username: request.username, sessionId: request.sessionId }, request.ip),
  );

  const usuarios = new UsuariosService(db, auth.throttle);
  route(app, u.list, () => usuarios.list());
  route(app, u.create, ({ body }, { username }) => usuarios.create(username, body));
  route(app, u.update, ({ params, body }, { username }) =>
    usuarios.update(username, params.id, body),
  );
  route(app, u.resetSenha, ({ params }, { username }) =>
    usuarios.resetPassword(username, params.id),
  );
  route(app, u.desativar2fa, ({ params }, { username }) =>
    usuarios.resetSecondFactor(username, params.id),
  );
  route(app, u.desbloquear, ({ params }, { username }) => usuarios.unlock(username, params.id));

  const conta = new ContaService(db, auth);
  route(app, eu.get, (_i, { request }) => conta.get(requester(request)));
  route(app, eu.senha, ({ body }, { request }) =>
    conta.changePassword(requester(request), body, origin(request)),
  );
  route(app, eu.sessoes, (_i, { request }) => conta.sessions(requester(request)));
  route(app, eu.encerrarSessao, ({ params }, { request }) =>
    conta.endSession(requester(request), params.id),
  );
  route(app, eu.encerrarOutras, (_i, { request }) => conta.endOthers(requester(request)));
  route(app, eu.inscrever2fa, (_i, { request }) => conta.startSecondFactor(requester(request)));
  route(app, eu.confirmar2fa, ({ body }, { request }) =>
    conta.confirmSecondFactor(requester(request), body.codigo, origin(request)),
  );
  route(app, eu.desativar2fa, ({ body }, { request }) =>
    conta.removeOwnSecondFactor(requester(request), body.codigo, origin(request)),
  );
}
