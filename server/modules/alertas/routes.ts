import type { FastifyInstance } from 'fastify';
import { alertasEndpoints as e } from '../../../contract';
import { route } from '../../lib/route';
import {
  contagemNotificacoes,
  listNotificacoes,
  marcarLidas,
  preferenciasDe,
  updatePreferencias,
} from './notificacoes';
import {
  adiarAlerta,
  createRegra,
  deleteRegra,
  listAlertas,
  listRegras,
  reconhecerAlerta,
  rearmarRegra,
  type AlertasContexto,
} from './service';
import { VERIFICAR_JOB } from './vigia';

export async function alertasRoutes(app: FastifyInstance) {
  const { db, vigia } = app.deps;
  const ctx: AlertasContexto = { db, now: vigia.now, check: () => vigia.trigger(VERIFICAR_JOB) };
  route(app, e.list, ({ query }, { username }) => listAlertas(ctx, username, query));
  route(app, e.reconhecer, ({ params }, { username }) =>
    reconhecerAlerta(ctx, username, params.id),
  );
  route(app, e.adiar, ({ params, body }, { username }) =>
    adiarAlerta(ctx, username, params.id, body.ate),
  );
  route(app, e.regras, (_, { username }) => listRegras(ctx, username));
  route(app, e.createRegra, ({ body }, { username }) => createRegra(ctx, username, body));
  route(app, e.rearmarRegra, ({ params }, { username }) => rearmarRegra(ctx, username, params.id));
  route(app, e.deleteRegra, ({ params }, { username }) => deleteRegra(ctx, username, params.id));
  route(app, e.notificacoes, ({ query }, { username }) =>
    listNotificacoes(db, username, query.nao_lidas ?? false),
  );
  route(app, e.contagem, (_, { username }) => contagemNotificacoes(db, username));
  route(app, e.marcarLidas, ({ body }, { username }) => marcarLidas(db, username, body.ids));
  route(app, e.preferencias, (_, { username }) => preferenciasDe(db, username, vigia.emailAtivo));
  route(app, e.updatePreferencias, ({ body }, { username }) =>
    updatePreferencias(db, username, body, vigia.emailAtivo),
  );
}
