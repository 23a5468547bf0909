import { sql, type SQL } from 'drizzle-orm';
import type { FastifyContextConfig, FastifyRequest } from 'fastify';
import {
  escopoAlcanca,
  recusaDoEscopo,
  recusaDoPapel,
  type Escopo,
  type Papel,
} from '../../contract';
import type { Db } from '../db/client';
import { queryRows } from '../db/query';
import { sessions } from '../db/schema';
import { HttpError, unauthenticated } from './http-error';

/**
 * Why a live session may not call a route, or null when it may: a restricted session (temporary password, second
 * factor required) outside what it reaches, then a role the route's permission leaves out (issue 32). A route
 * registered without a permission (not from the contract's table) is refused to everyone.
 */
export function accessRefusal(
  session: { papel: Papel; escopo: Escopo },
  config: Pick<FastifyContextConfig, 'permissao' | 'escopos'>,
): HttpError | null {
  const { papel, escopo } = session;
  if (escopo !== 'completo' && !escopoAlcanca(escopo, { escopos: config.escopos })) {
    return new HttpError(403, recusaDoEscopo(escopo, papel));
  }
  if (!config.permissao) return new HttpError(403, 'Esta rota não declara quem pode usá-la.');
  if (!config.permissao.papeis.includes(papel)) {
    return new HttpError(403, recusaDoPapel(papel, config.permissao));
  }
  return null;
}

/**
 * The JSON text of `statement` (one row, one column of JSON text), run only for a live session of the request's
 * token that may call the route, in the same statement: the lookup the guard would make separately
 * (findLiveSession in server/modules/auth/sessions.ts, that it is the token's user's, its role and scope), one
 * round trip to the database instead of two. The statement does nothing for a session that has ended or may not
 * call the route; then the session is looked up to answer why (401, or 403 with the guard's words).
 */
export async function jsonForLiveSession(
  db: Db,
  request: FastifyRequest,
  statement: SQL,
): Promise<string> {
  const { permissao, escopos } = request.routeOptions.config;
  const papeis = permissao?.papeis ?? [];
  const reach = ['completo', ...(escopos ?? [])];
  const [row] = await queryRows<{ json: string | null }>(
    db,
    sql`select case when exists (
          select 1 from ${sessions} s
          where s.id = ${request.sessionId}::uuid and s.expires_at > now()
            and s.username = ${request.username}
            and ${
              papeis.length
                ? sql`s.papel in (${sql.join(
                    papeis.map((p) => sql`${p}`),
                    sql`, `,
                  )})`
                : sql`false`
            }
            and s.escopo in (${sql.join(
              reach.map((e) => sql`${e}`),
              sql`, `,
            )}))
        then (${statement}) end as json`,
  );
  if (row?.json != null) return row.json;
  const live = await request.server.deps.auth.liveSession({
    username: request.username,
    sessionId: request.sessionId,
  });
  throw (live && accessRefusal(live, request.routeOptions.config)) ?? unauthenticated();
}
