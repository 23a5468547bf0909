import crypto from 'node:crypto';
import os from 'node:os';
import { count, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { hashPassword, passwordProblem } from './passwords';
import { endUserSessions } from './sessions';

export const USERNAME_PATTERN = /^[A-Za-z0-9_.@-]{1,150}$/;

/** Who changes users from this machine's command line, for the audit log: `cli:` and the OS user. */
export function localActor(): string {
  try {
    return `cli:${os.userInfo().username}`;
  } catch {
    // No passwd entry for the process's uid (some containers).
    return 'cli';
  }
}

/**
 * Creates the user, or resets its password when it exists: a reset ends every session of the user, so a
 * stolen token stops working with the old password. Answers whether it was created and how many sessions ended.
 */
export async function upsertUser(
  db: Db,
  username: string,
  password: string,
  actor = localActor(),
): Promise<{ outcome: 'created' | 'reset'; sessionsEnded: number }> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({ username, password_hash: passwordHash })
      .onConflictDoUpdate({ target: users.username, set: { password_hash: passwordHash } })
      .returning({ id: users.id, inserted: sql<boolean>`(xmax = 0)` });
    const created = row!.inserted;
    const sessionsEnded = created ? 0 : await endUserSessions(tx, row!.id);
    await audit(tx, {
      username: actor,
      action: created ? 'create' : 'password_reset',
      entity: 'user',
      entityId: username,
      after: created ? { username } : { username, sessions_ended: sessionsEnded },
    });
    return { outcome: created ? 'created' : 'reset', sessionsEnded };
  });
}

/** Deletes the user (its sessions go with it); answers null when there is no such user. */
export async function deleteUser(
  db: Db,
  username: string,
  actor = localActor(),
): Promise<{ sessionsEnded: number } | null> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({
        id: users.id,
        created_at: users.created_at,
        last_login_at: users.last_login_at,
      })
      .from(users)
      .where(eq(users.username, username))
      .for('update');
    if (!user) return null;
    const sessionsEnded = await endUserSessions(tx, user.id);
    await tx.delete(users).where(eq(users.id, user.id));
    await audit(tx, {
      username: actor,
      action: 'delete',
      entity: 'user',
      entityId: username,
      before: { username, created_at: user.created_at, last_login_at: user.last_login_at },
      after: { sessions_ended: sessionsEnded },
    });
    return { sessionsEnded };
  });
}

export async function findUser(db: Db, username: string) {
  const [row] = await db.select().from(users).where(eq(users.username, username)).limit(1);
  return row;
}

export async function markLogin(db: Db | Tx, id: number): Promise<void> {
  await db.update(users).set({ last_login_at: new Date() }).where(eq(users.id, id));
}

/** A random password that the password rules accept (16 characters of base64url). */
function generatePassword(): string {
  for (;;) {
    const password = crypto.randomBytes(12).toString('base64url');
    if (!passwordProblem(password)) return password;
  }
}

/** On a database with no users, creates `admin` with a random password and answers it (to print once). */
export async function ensureInitialAdmin(db: Db): Promise<string | null> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return null;
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({ username: 'admin', password_hash: passwordHash })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!created) return null;
    await audit(tx, {
      username: 'server',
      action: 'create',
      entity: 'user',
      entityId: 'admin',
      after: { username: 'admin', initial: true },
    });
    return password;
  });
}
