import { sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { queryRows } from '../db/query';
import { sessions } from '../db/schema';
import { unauthenticated } from './http-error';

/**
 * The JSON text of `statement` (one row, one column of JSON text), run only for a live session of the request's
 * token, in the same statement: the lookup the guard would make separately (findLiveSession in
 * server/modules/auth/sessions.ts, and that it is the token's user's), one round trip to the database instead of
 * two. The statement does nothing for a session that has ended: the answer is the guard's 401.
 */
export async function jsonForLiveSession(
  db: Db,
  request: FastifyRequest,
  statement: SQL,
): Promise<string> {
  const [row] = await queryRows<{ json: string | null }>(
    db,
    sql`select case when exists (
          select 1 from ${sessions} s
          where s.id = ${request.sessionId}::uuid and s.expires_at > now()
            and s.username = ${request.username})
        then (${statement}) end as json`,
  );
  if (row?.json == null) throw unauthenticated();
  return row.json;
}
