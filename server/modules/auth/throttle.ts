import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/query';
import { HttpError } from '../../lib/http-error';

export interface ThrottleLimits {
  maxFailuresPerAccount: number;
  maxFailuresPerIp: number;
  windowSeconds: number;
  lockSeconds: number;
}

interface Key {
  key: string;
  max: number;
  /** How long the key is refused once it reaches max failures within the window. */
  blockSeconds: number;
}

/**
 * Failed logins are counted per IP and per account in the database (shared by every server instance).
 * An account is refused only for lockSeconds (a minute by default) after too many failures, so that an
 * attacker guessing its password cannot keep its owner out for long; an IP is refused for a whole window.
 */
export function createLoginThrottle(db: Db, limits: ThrottleLimits) {
  const keys = (ip: string, username: string): Key[] => [
    { key: `ip:${ip}`, max: limits.maxFailuresPerIp, blockSeconds: limits.windowSeconds },
    {
      key: `user:${username.toLowerCase()}`,
      max: limits.maxFailuresPerAccount,
      blockSeconds: limits.lockSeconds,
    },
  ];

  return {
    /** Throws a 429 while the IP or the account is blocked. */
    async check(ip: string, username: string): Promise<void> {
      const names = keys(ip, username).map((k) => k.key);
      const rows = await queryRows<{ retry: string | number | null }>(
        db,
        sql`
        select ceil(extract(epoch from max(blocked_until) - now())) as retry
        from login_throttle
        where key in (${sql.join(
          names.map((n) => sql`${n}`),
          sql`, `,
        )}) and blocked_until > now()`,
      );
      const retry = Number(rows[0]?.retry ?? 0);
      if (retry > 0) {
        throw new HttpError(
          429,
          `Muitas tentativas de login. Tente novamente em ${retry} segundo${retry === 1 ? '' : 's'}.`,
          undefined,
          { 'retry-after': String(retry) },
        );
      }
    },

    async recordFailure(ip: string, username: string): Promise<void> {
      const window = sql`make_interval(secs => ${limits.windowSeconds})`;
      for (const k of keys(ip, username)) {
        await db.execute(sql`
          insert into login_throttle as t (key, failures, window_start)
          values (${k.key}, 1, now())
          on conflict (key) do update set
            failures = case when t.window_start < now() - ${window} then 1 else t.failures + 1 end,
            window_start = case when t.window_start < now() - ${window} then now() else t.window_start end`);
        await db.execute(sql`
          update login_throttle set
            blocked_until = now() + make_interval(secs => ${k.blockSeconds}),
            failures = 0,
            window_start = now()
          where key = ${k.key} and failures >= ${k.max}`);
      }
      // Keeps the table small when someone sprays many usernames.
      await db.execute(sql`
        delete from login_throttle
        where window_start < now() - ${window} and (blocked_until is null or blocked_until < now())`);
    },

    async recordSuccess(username: string): Promise<void> {
      await db.execute(
        sql`delete from login_throttle where key = ${`user:${username.toLowerCase()}`}`,
      );
    },
  };
}
