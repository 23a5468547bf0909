import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/query';
import type { JobClaim } from './jobs';

/**
 * Background tasks claimed per run through PostgreSQL (docs/decisions/0012-task-leases.md): one row per task, held
 * by one instance until it expires, renewed by each of its runs. Another instance takes it only once it has
 * expired, so a task whose instance died (kill -9 included) is taken over within its lease plus one tick. Taking
 * it over raises the epoch: a run's writes that must not come from a holder that lost its lease (paused past its
 * expiry) are made conditional on it. One statement per claim: nothing is held between runs.
 */
export function leaseClaim(db: Db, holder: string): JobClaim {
  return {
    async claim(task, leaseMs) {
      const [row] = await queryRows<{ epoch: string | number }>(
        db,
        sql`insert into task_leases (task, holder, epoch, expires_at)
            values (${task}, ${holder}, 1, now() + ${Math.ceil(leaseMs)}::int * interval '1 millisecond')
            on conflict (task) do update set
              holder = excluded.holder,
              epoch = case when task_leases.holder = excluded.holder
                then task_leases.epoch else task_leases.epoch + 1 end,
              expires_at = excluded.expires_at
            where task_leases.holder = excluded.holder or task_leases.expires_at < now()
            returning epoch`,
      );
      return row ? { epoch: Number(row.epoch) } : false;
    },
  };
}

/** A clean stop gives its leases back: the other instances take the tasks at their next tick, not at expiry. */
export async function releaseLeases(db: Db, holder: string): Promise<void> {
  await db.execute(sql`update task_leases set expires_at = now() where holder = ${holder}`);
}

/** The condition of a write fenced by a lease: the task is still held at that epoch (as SQL). */
export const holdsLease = (task: string, epoch: number) =>
  sql`exists (select 1 from task_leases where task = ${task} and epoch = ${epoch} and expires_at > now())`;
