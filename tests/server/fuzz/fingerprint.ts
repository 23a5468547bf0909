import { sql } from 'drizzle-orm';
import { queryRows } from '../../../server/db/query';
import type { TestServer } from '../../support/test-server';

/**
 * Failed logins write the throttle table by design (that is how a refusal is counted), and the background tasks'
 * own tables change whenever their tasks run, whatever a request was refused for (the MT5 statuses the monitor
 * measures, the tasks' leases): not compared.
 */
const WRITABLE_BY_REFUSALS = [
  'login_throttle',
  'mt5_status',
  'task_leases',
  'desafios_2fa',
  // The alerts' checks (issue 31) run in the background and after a status measurement or a reconciliation.
  'alertas',
  'notificacoes',
];
/**
 * ...and the audit log's record of each refused login (issue 12: logins are audited, successes and failures) and
 * of a wrong current password (issue 32; a wrong 2FA code counts on its login challenge, `desafios_2fa`, too).
 */
const AUDITED_REFUSALS = ['login_failed', 'login_delayed', 'password_change_failed'];

export interface Fingerprint {
  /** The data as it is now, as one string: equal strings, nothing changed. */
  take(): Promise<string>;
  readonly counts: { read: number; reused: number };
}

/**
 * The whole database's fingerprint in one statement: per table, the rows' count and the sum of their xmin (the
 * transaction that wrote each row version). A request's writes come from a transaction that began after the
 * fingerprint before it, so with an xid above every visible row's: an insert or an update adds more than it takes
 * away, a delete lowers the count, and no mix of them leaves both as they were. No row is read as text or hashed.
 * What a snapshot sees is fixed by the transactions it counts as committed: while the current snapshot is the one
 * the last fingerprint was read in, no transaction has begun writing or finished since, and the data is the same;
 * most refused requests cost one cheap query.
 */
export async function fingerprintOf(server: TestServer): Promise<Fingerprint> {
  const { db } = server.database;
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  const parts = tables
    .filter((t) => !WRITABLE_BY_REFUSALS.includes(t.name))
    .map(
      (t) =>
        `(select count(*) || ':' || coalesce(sum(x.xmin::text::bigint), 0) from "${t.name}" x` +
        (t.name === 'audit_log'
          ? ` where x.action not in (${AUDITED_REFUSALS.map((a) => `'${a}'`).join(', ')}))`
          : ')'),
    );
  // One statement, one snapshot: the sums are of exactly what that snapshot sees.
  const query = sql.raw(
    `select pg_current_snapshot()::text as snapshot, ${parts.join(` || ',' || `)} as f`,
  );
  /** The last fingerprint, with the snapshot (`xmin:xmax:in-progress xids`) it was read in. */
  let last: { snapshot: string; f: string } | undefined;
  const counts = { read: 0, reused: 0 };
  return {
    counts,
    async take() {
      const [now] = await queryRows<{ snapshot: string }>(
        db,
        sql`select pg_current_snapshot()::text as snapshot`,
      );
      if (last && now!.snapshot === last.snapshot) {
        counts.reused++;
        return last.f;
      }
      counts.read++;
      last = (await queryRows<{ snapshot: string; f: string }>(db, query))[0]!;
      return last.f;
    },
  };
}
