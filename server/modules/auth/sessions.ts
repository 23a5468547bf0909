import crypto from 'node:crypto';
import { and, desc, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Escopo, Papel } from '../../../contract';
import type { Db, Tx } from '../../db/client';
import { sessions } from '../../db/schema';
import { prepared } from '../../lib/prepared';

/** How much of a User-Agent is kept: enough to name the browser, not a place to store anything. */
const USER_AGENT_MAX = 512;

export async function createSession(
  db: Db | Tx,
  user: { id: number; username: string; papel: Papel },
  expiresAt: Date,
  address: string,
  opts: { escopo?: Escopo; userAgent?: string | undefined } = {},
): Promise<string> {
  // Expired sessions open nothing: they are cleared as new ones come (indexed by expiry).
  await db.delete(sessions).where(lt(sessions.expires_at, sql`now()`));
  const id = crypto.randomUUID();
  await db.insert(sessions).values({
    id,
    user_id: user.id,
    username: user.username,
    expires_at: expiresAt,
    address,
    papel: user.papel,
    escopo: opts.escopo ?? 'completo',
    user_agent: opts.userAgent?.slice(0, USER_AGENT_MAX) || null,
  });
  return id;
}

export interface LiveSession {
  username: string;
  userId: number;
  expiresAt: Date;
  /** The user's role when the session opened (a role change ends the sessions). */
  papel: Papel;
  escopo: Escopo;
}

/** A live session (not ended, not expired, its user still there): who and what it reaches; else undefined. */
export async function findLiveSession(db: Db, sessionId: string): Promise<LiveSession | undefined> {
  // Every authenticated request asks this (once per session on the embedded database): one primary-key lookup,
  // planned once per connection.
  const statement = prepared(db, 'sessao_viva', (d) =>
    d
      .select({
        username: sessions.username,
        userId: sessions.user_id,
        expiresAt: sessions.expires_at,
        papel: sessions.papel,
        escopo: sessions.escopo,
      })
      .from(sessions)
      .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expires_at, sql`now()`)))
      .prepare('sessao_viva'),
  );
  const [row] = await statement.execute({ id: sessionId });
  return row;
}

export async function endSession(db: Db | Tx, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of the user; answers how many were live. */
export async function endUserSessions(db: Db | Tx, userId: number): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(eq(sessions.user_id, userId))
    .returning({ expiresAt: sessions.expires_at });
  const now = Date.now();
  return ended.filter((s) => s.expiresAt.getTime() > now).length;
}

/** Ends one session of the user's (none of another user's); answers whether it was there. */
export async function endOwnSession(db: Db | Tx, userId: number, sessionId: string) {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.user_id, userId)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}

/** Ends every session of the user but `keep`; answers how many were live. */
export async function endOtherSessions(db: Db | Tx, userId: number, keep: string) {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.user_id, userId), ne(sessions.id, keep)))
    .returning({ expiresAt: sessions.expires_at });
  const now = Date.now();
  return ended.filter((s) => s.expiresAt.getTime() > now).length;
}

/** The user's live sessions, the most recently seen first. */
export function listUserSessions(db: Db, userId: number) {
  return db
    .select({
      id: sessions.id,
      created_at: sessions.created_at,
      last_seen_at: sessions.last_seen_at,
      address: sessions.address,
      user_agent: sessions.user_agent,
    })
    .from(sessions)
    .where(and(eq(sessions.user_id, userId), gt(sessions.expires_at, sql`now()`)))
    .orderBy(desc(sessions.last_seen_at), desc(sessions.created_at));
}

/** How stale a session's "last seen" may get: one write per session per minute at most. */
export const LAST_SEEN_EVERY_MS = 60_000;

/** Records that the session was seen now (called at most once a minute per session). */
export async function touchSession(db: Db, sessionId: string): Promise<void> {
  await db.update(sessions).set({ last_seen_at: new Date() }).where(eq(sessions.id, sessionId));
}
