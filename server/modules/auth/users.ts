import crypto from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { hashPassword } from './passwords';

export const USERNAME_PATTERN = /^[A-Za-z0-9_.@-]{1,150}$/;

/** Creates the user, or resets its password when it exists. Answers whether it was created. */
export async function upsertUser(
  db: Db,
  username: string,
  password: string,
): Promise<'created' | 'reset'> {
  const passwordHash = await hashPassword(password);
  const [row] = await db
    .insert(users)
    .values({ username, password_hash: passwordHash })
    .onConflictDoUpdate({ target: users.username, set: { password_hash: passwordHash } })
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  return row?.inserted ? 'created' : 'reset';
}

export async function findUser(db: Db, username: string) {
  const [row] = await db.select().from(users).where(eq(users.username, username)).limit(1);
  return row;
}

export async function markLogin(db: Db, id: number): Promise<void> {
  await db.update(users).set({ last_login_at: new Date() }).where(eq(users.id, id));
}

/** On a database with no users, creates `admin` with a random password and answers it (to print once). */
export async function ensureInitialAdmin(db: Db): Promise<string | null> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return null;
  const password = crypto.randomBytes(12).toString('base64url');
  const [created] = await db
    .insert(users)
    .values({ username: 'admin', password_hash: await hashPassword(password) })
    .onConflictDoNothing()
    .returning({ id: users.id });
  return created ? password : null;
}
