import crypto from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { sessions } from '../../db/schema';
import { prepared } from '../../lib/prepared';

export async function createSession(
  db: Db | Tx,
  user: { id: number; username: string },
  expiresAt: Date,
  address: string,
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
  });
  return id;
}

export interface LiveSession {
  username: string;
  expiresAt: Date;
}

/** A live session (not ended, not expired, its user still there): its user's name and its expiry; else undefined. */
export async function findLiveSession(db: Db, sessionId: string): Promise<LiveSession | undefined> {
  // Every authenticated request asks this (once per session on the embedded database): one primary-key lookup,
  // planned once per connection.
  const statement = prepared(db, 'sessao_viva', (d) =>
    d
      .select({ username: sessions.username, expiresAt: sessions.expires_at })
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
