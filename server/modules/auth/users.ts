import crypto from 'node:crypto';
import os from 'node:os';
import { count, eq, sql } from 'drizzle-orm';
import type { Papel } from '../../../contract';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { hashPassword, passwordProblem } from './passwords';
import { endUserSessions } from './sessions';

export { USERNAME_PATTERN } from '../../../contract';

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
 * Creates the user (an admin unless `papel` says otherwise: whoever runs the command line administers the
 * server), or resets its password when it exists (and sets its role when `papel` is given): a reset ends every
 * session of the user, so a stolen token stops working with the old password. A password set here is the user's
 * own (not temporary). Answers whether it was created and how many sessions ended.
 */
export async function upsertUser(
  db: Db,
  username: string,
  password: string,
  actor = localActor(),
  papel?: Papel,
): Promise<{ outcome: 'created' | 'reset'; sessionsEnded: number }> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ papel: users.papel })
      .from(users)
      .where(eq(users.username, username));
    const [row] = await tx
      .insert(users)
      .values({ username, password_hash: passwordHash, papel: papel ?? 'admin' })
      .onConflictDoUpdate({
        target: users.username,
        set: { password_hash: passwordHash, senha_temporaria: false, ...(papel ? { papel } : {}) },
      })
      .returning({ id: users.id, papel: users.papel, inserted: sql<boolean>`(xmax = 0)` });
    const created = row!.inserted;
    const sessionsEnded = created ? 0 : await endUserSessions(tx, row!.id);
    await audit(tx, {
      username: actor,
      action: created ? 'create' : 'password_reset',
      entity: 'user',
      entityId: username,
      ...(created || !before ? {} : { before: { papel: before.papel } }),
      after: created
        ? { username, papel: row!.papel }
        : { username, papel: row!.papel, sessions_ended: sessionsEnded },
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

export type UserRow = typeof users.$inferSelect;

export async function findUser(db: Db | Tx, username: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.username, username)).limit(1);
  return row;
}

export async function findUserById(db: Db | Tx, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function markLogin(db: Db | Tx, id: number): Promise<void> {
  await db.update(users).set({ last_login_at: new Date() }).where(eq(users.id, id));
}

/** A random password that the password rules accept (16 characters of base64url). */
export function generatePassword(): string {
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
