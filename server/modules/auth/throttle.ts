import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { queryRows, run } from '../../db/query';
import { HttpError } from '../../lib/http-error';

export interface ThrottleLimits {
  /** Attempts an account, and an account from one address, may fail before each further one must wait. */
  maxFailuresPerAccount: number;
  /** Attempts one address may fail, on accounts it is not known for, before each further one must wait. */
  maxFailuresPerIp: number;
  /** The longest wait; and each window without an attempt takes one failure off a key. */
  windowSeconds: number;
  /** The first wait; each further failure doubles it. */
  lockSeconds: number;
}

/** How long an address stays known for an account after a successful login from it. */
const KNOWN_DAYS = 30;

const SCOPES = ['account', 'account_address', 'address'] as const;
export type ThrottleScope = (typeof SCOPES)[number];

export interface Admission {
  /** The keys this attempt was counted on. */
  counted: { key: string; scope: ThrottleScope; failures: number }[];
  pairKey: string;
  /** Whether the account last logged in successfully from this address (then only the pair key counts). */
  known: boolean;
}

export interface LoginThrottle {
  /**
   * Counts the attempt on its keys, atomically and before the password is checked, or throws a 429 while a key
   * must wait (then counts nothing).
   */
  admit(username: string, address: string): Promise<Admission>;
  /** After a wrong password: the waits the attempt's keys now carry (seconds, only those that wait). */
  failed(admission: Admission): Promise<{ scope: ThrottleScope; seconds: number }[]>;
  /** After the right password: the attempt was not a failure, and the address is now known for the account. */
  succeeded(admission: Admission): Promise<void>;
  /**
   * The right password of a user with a second factor: the attempt counts neither way (its count is taken back)
   * until the code, admitted as an attempt of its own, fails or succeeds. A guesser of codes is held to the waits.
   */
  released(admission: Admission): Promise<void>;
  /** An administrator's "desbloquear": the account's failures, from every address, forgotten. */
  clearAccount(username: string): Promise<void>;
  /** Until when each of these accounts' logins must wait (only those that wait), by username as given. */
  blockedUntil(usernames: readonly string[]): Promise<Map<string, Date>>;
}

/** The keys an attempt counts on: the account, the (account, address) pair and the address. */
function keysOf(username: string, address: string) {
  const account = username.toLowerCase();
  return {
    account: `user:${account}`,
    pair: `pair:${JSON.stringify([account, address])}`,
    address: `ip:${address}`,
  };
}

const scopeOf = (key: string): ThrottleScope =>
  key.startsWith('ip:') ? 'address' : key.startsWith('pair:') ? 'account_address' : 'account';

/** The 429 of an attempt that must still wait, with its Retry-After. */
function tooManyAttempts(wait: number): HttpError {
  const seconds = Math.max(1, Math.ceil(wait));
  return new HttpError(
    429,
    `Muitas tentativas de login. Tente novamente em ${seconds} segundo${seconds === 1 ? '' : 's'}.`,
    undefined,
    { 'retry-after': String(seconds) },
  );
}

/**
 * A growing delay instead of a lock: past its free failures a key makes each further attempt wait
 * lockSeconds × 2^(failures − max), at most windowSeconds, and each window without an attempt takes one failure
 * off, so a guesser, however patient, gets about one guess per window. An address the account logged in from
 * recently is not held to the account's and the address's waits, only to its own (account, address) one: an
 * attacker rotating addresses cannot keep the owner out from a known address, and an office behind one NAT is not
 * locked by a colleague's typos (decision 0004).
 */
/** The wait of `createLoginThrottle` in SQL, for a row whose key tells its scope. */
/** The advisory-lock namespace of the login throttle's keys (apart from the migrations' and the keyed locks'). */
const THROTTLE_LOCKS = 727303;

const delaySqlOf = (limits: ThrottleLimits) => (key: SQL, failures: SQL) => {
  const m = sql`(case when ${key} like 'ip:%' then ${limits.maxFailuresPerIp}::int else ${limits.maxFailuresPerAccount}::int end)`;
  return sql`make_interval(secs => case when ${failures} < ${m} then 0
    else least(${limits.lockSeconds}::float8 * power(2, least(${failures} - ${m}, 30)), ${limits.windowSeconds}::float8) end)`;
};

export function createLoginThrottle(db: Db, limits: ThrottleLimits): LoginThrottle {
  const max = (scope: ThrottleScope) =>
    scope === 'address' ? limits.maxFailuresPerIp : limits.maxFailuresPerAccount;

  const delaySeconds = (scope: ThrottleScope, failures: number) => {
    const over = failures - max(scope);
    return over < 0
      ? 0
      : Math.min(limits.lockSeconds * 2 ** Math.min(over, 30), limits.windowSeconds);
  };

  const delaySql = delaySqlOf(limits);

  return {
    ...accountOps(db, limits),
    async admit(username, address) {
      const keys = keysOf(username, address);
      const [knownRow] = await queryRows<{ known: boolean }>(
        db,
        sql`select coalesce(known_at > now() - make_interval(days => ${KNOWN_DAYS}), false) as known
            from login_throttle where key = ${keys.pair}`,
      );
      const known = knownRow?.known ?? false;
      // Sorted, so that concurrent attempts lock shared rows in one order.
      const list = (known ? [keys.pair] : [keys.account, keys.pair, keys.address]).sort();
      const input = sql.join(
        list.map((k) => sql`(${k}::text)`),
        sql`, `,
      );
      // A lock per key, taken in one order (a volatile function runs after the sort) and held to the end of the
      // transaction, then one statement that sees whether one must still wait and counts the attempt on every key
      // only when none must. The rows' own locks would not do: attempts at once on keys not in the table yet lock
      // no row, and each counted itself (7 of 300 checked where 5 may be, on PostgreSQL). After the lock, the
      // statement's new snapshot sees the count of the attempt before, so 300 at once get the free ones and no more.
      const [row] = await db.transaction(async (tx) => {
        await run(
          tx,
          sql`select pg_advisory_xact_lock(${THROTTLE_LOCKS}, hashtext(key)) from (values ${input}) as v(key)
              order by key`,
        );
        return admitStatement(tx, input, delaySql, limits);
      });
      const wait = Number(row?.wait ?? 0);
      if (wait > 0) throw tooManyAttempts(wait);
      const counted = (JSON.parse(row?.counted ?? '[]') as [string, number][]).map(
        ([key, failures]) => ({ key, failures, scope: scopeOf(key) }),
      );
      return { counted, pairKey: keys.pair, known };
    },

    async failed(admission) {
      // Keeps the table small when someone sprays many usernames: a key whose failures have all worn off goes.
      await run(
        db,
        sql`
        delete from login_throttle
        where last_at + make_interval(secs => ${limits.windowSeconds} * failures) < now()
          and (known_at is null or known_at < now() - make_interval(days => ${KNOWN_DAYS}))`,
      );
      return SCOPES.flatMap((scope) =>
        admission.counted
          .filter((c) => c.scope === scope)
          .map((c) => ({ scope, seconds: delaySeconds(scope, c.failures) }))
          .filter((d) => d.seconds > 0),
      );
    },

    async succeeded(admission) {
      const others = admission.counted.map((c) => c.key).filter((k) => k !== admission.pairKey);
      if (others.length > 0) {
        await run(
          db,
          sql`
          update login_throttle set failures = greatest(failures - 1, 0)
          where key in (${sql.join(
            others.map((k) => sql`${k}`),
            sql`, `,
          )})`,
        );
      }
      await run(
        db,
        sql`
        update login_throttle set failures = 0, known_at = now() where key = ${admission.pairKey}`,
      );
    },
  };
}

/** What the second factor and the users' screen add (issue 32): a released attempt, an account's waits. */
function accountOps(
  db: Db,
  limits: ThrottleLimits,
): Pick<LoginThrottle, 'released' | 'clearAccount' | 'blockedUntil'> {
  const delaySql = delaySqlOf(limits);
  return {
    async released(admission) {
      if (admission.counted.length === 0) return;
      await run(
        db,
        sql`
        update login_throttle set failures = greatest(failures - 1, 0)
        where key in (${sql.join(
          admission.counted.map((c) => sql`${c.key}`),
          sql`, `,
        )})`,
      );
    },

    async clearAccount(username) {
      const { account, pair } = keysOf(username, '');
      // The pair keys of the account from every address: `pair:["name",` then the address.
      const pairs = pair.slice(0, pair.lastIndexOf(',') + 1);
      await run(
        db,
        sql`update login_throttle set failures = 0
            where key = ${account} or starts_with(key, ${pairs})`,
      );
    },

    async blockedUntil(usernames) {
      if (usernames.length === 0) return new Map();
      // The account's own key, and its key from each address (after a login from an address, only that counts).
      const keys = usernames.map((u) => {
        const { account, pair } = keysOf(u, '');
        return { username: u, account, pairs: pair.slice(0, pair.lastIndexOf(',') + 1) };
      });
      const wait = delaySql(sql`key`, sql`failures`);
      const rows = await queryRows<{ key: string; until: Date | string }>(
        db,
        sql`select key, last_at + ${wait} as until from login_throttle
            where (${sql.join(
              keys.map((k) => sql`key = ${k.account} or starts_with(key, ${k.pairs})`),
              sql` or `,
            )})
              and last_at + ${wait} > now()`,
      );
      const blocked = new Map<string, Date>();
      for (const row of rows) {
        const k = keys.find((x) => row.key === x.account || row.key.startsWith(x.pairs));
        if (!k) continue;
        const until = new Date(row.until);
        const before = blocked.get(k.username);
        if (!before || until > before) blocked.set(k.username, until);
      }
      return blocked;
    },
  };
}

/** The admission's one statement: lock the keys' rows, see whether one must still wait, count the attempt. */
function admitStatement(
  tx: Tx,
  input: SQL,
  delaySql: ReturnType<typeof delaySqlOf>,
  limits: ThrottleLimits,
) {
  return queryRows<{ wait: number | string | null; counted: string }>(
    tx,
    sql`
        with input(key) as (values ${input}),
        current as (
          select t.key, t.failures, t.last_at from login_throttle t join input using (key)
          order by t.key for update of t
        ),
        waiting as (
          select max(extract(epoch from (last_at + ${delaySql(sql`key`, sql`failures`)}) - now())) as wait
          from current
          where last_at + ${delaySql(sql`key`, sql`failures`)} > now()
            and ${delaySql(sql`key`, sql`failures`)} > make_interval()
        ),
        counted as (
          insert into login_throttle as t (key, failures, last_at)
          select key, 1, now() from input where (select wait from waiting) is null
          order by key
          on conflict (key) do update set
            failures = greatest(t.failures - greatest(floor(
              extract(epoch from now() - t.last_at) / ${limits.windowSeconds}::float8), 0)::int, 0) + 1,
            last_at = greatest(t.last_at, now())
          returning t.key, t.failures
        )
        select (select wait from waiting) as wait,
          coalesce((select json_agg(json_build_array(key, failures)) from counted), '[]')::text as counted`,
  );
}
