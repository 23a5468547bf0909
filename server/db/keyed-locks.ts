import pg from 'pg';
import type { Db } from './client';

/**
 * Locks by name that a caller tries and never waits on: "someone else is doing this now, leave it". Held across
 * slow work outside the database (an agent's answer), so they cannot be row locks or transaction locks: PGlite has
 * one connection, and a transaction open for seconds would hold every other statement back.
 */
export interface KeyedLocks {
  /** Takes the lock if nobody in any process holds it; answers whether it did. */
  tryLock(key: string): Promise<boolean>;
  unlock(key: string): Promise<void>;
  close(): Promise<void>;
}

/** One process owns the embedded database (its data directory is locked): a set in memory is every holder. */
export function memoryLocks(): KeyedLocks {
  const held = new Set<string>();
  return {
    tryLock(key) {
      if (held.has(key)) return Promise.resolve(false);
      held.add(key);
      return Promise.resolve(true);
    },
    unlock(key) {
      held.delete(key);
      return Promise.resolve();
    },
    close: () => Promise.resolve(),
  };
}

/** The advisory-lock namespace of these keys (the two-integer form: apart from the migrations' one-integer lock). */
const NAMESPACE = 727302;

/**
 * PostgreSQL's session advisory locks, on one connection of this process's own: another instance's lock is seen at
 * once, and a process that dies (kill -9 included) drops its connection and with it every lock it held, so its work
 * is taken over at the next try rather than after an expiry. Keys are hashed to 32 bits: two keys that collide only
 * make one wait for the other's next turn. The locks only keep callers from doing the same work twice at once; what
 * they protect is written with compare-and-set, so a lost connection (its locks gone) costs duplicate work, never a
 * wrong write, and the next try opens a new connection.
 */
export function postgresLocks(url: string): KeyedLocks {
  const local = memoryLocks();
  let client: Promise<pg.Client> | null = null;
  const connection = () => {
    client ??= (async () => {
      const c = new pg.Client({ connectionString: url });
      c.on('error', () => {
        client = null;
      });
      await c.connect();
      return c;
    })().catch((err: unknown) => {
      client = null;
      throw err;
    });
    return client;
  };
  return {
    async tryLock(key) {
      if (!(await local.tryLock(key))) return false;
      try {
        const c = await connection();
        const { rows } = await c.query<{ ok: boolean }>(
          'select pg_try_advisory_lock($1, hashtext($2)) as ok',
          [NAMESPACE, key],
        );
        if (rows[0]?.ok) return true;
      } catch {
        // No lock connection: the work goes on under this process's own lock alone (see above).
        return true;
      }
      await local.unlock(key);
      return false;
    },
    async unlock(key) {
      await local.unlock(key);
      try {
        const c = await connection();
        await c.query('select pg_advisory_unlock($1, hashtext($2))', [NAMESPACE, key]);
      } catch {
        // A lost connection has released it already.
      }
    },
    async close() {
      const c = client;
      client = null;
      if (c) await (await c.catch(() => null))?.end();
    },
  };
}

const registry = new WeakMap<Db, KeyedLocks>();

/** The locks of a database's processes; a database opened without any (a test's) gets this process's alone. */
export function locksOf(db: Db): KeyedLocks {
  let locks = registry.get(db);
  if (!locks) {
    locks = memoryLocks();
    registry.set(db, locks);
  }
  return locks;
}

export function registerLocks(db: Db, locks: KeyedLocks): void {
  registry.set(db, locks);
}
