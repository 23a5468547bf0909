import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { run } from '../db/query';
import { cacheVersions } from '../db/schema';
import { keptAnswer, type KeptAnswer } from './compression';
import { prepared } from './prepared';

/**
 * Answers kept in memory while nothing they depend on has changed (docs/decisions/0005-painel-under-load.md).
 * What they depend on is read afresh for every request, cheaply: the data versions the database keeps, plus
 * whatever else changes without a write (today's date, the quotes).
 */

/** The tables with a version (migrations cache_versions and sessoes_versao: a trigger on each). */
export type Source =
  'operacoes' | 'clientes' | 'acoes' | 'patrimonios' | 'precos_diarios' | 'sessions';
const SOURCES: readonly Source[] = [
  'operacoes',
  'clientes',
  'acoes',
  'patrimonios',
  'precos_diarios',
  'sessions',
];

/** Each source's version: changes with every committed write to it, whoever made it. */
export type Versions = Readonly<Record<Source, string>>;

/** Past this many rows, the versions table is folded into one row per source. */
const FOLD_AT = 200;

/** The channel the versions trigger notifies on the embedded database (migration cache_versions). */
const CHANNEL = 'cache_versions';

const isSource = (name: string): name is Source => (SOURCES as readonly string[]).includes(name);

/** The versions as the table holds them: one short query over a table kept small. */
async function queryVersions(db: Db): Promise<Versions> {
  const statement = prepared(db, 'cache_versions', (d) =>
    d
      .select({
        source: cacheVersions.source,
        version: sql<string>`sum(${cacheVersions.changes})::text`,
        rows: sql<number>`count(*)::int`,
      })
      .from(cacheVersions)
      .groupBy(cacheVersions.source)
      .prepare('cache_versions'),
  );
  const rows = await statement.execute();
  const versions = Object.fromEntries(SOURCES.map((s) => [s, '0'])) as Record<Source, string>;
  let total = 0;
  for (const row of rows) {
    if (isSource(row.source)) versions[row.source] = row.version;
    total += row.rows;
  }
  if (total > FOLD_AT) await foldVersions(db);
  return versions;
}

/**
 * One row per source with the sum of its rows, in one statement: readers see the sums before or after, equal.
 * Rows of transactions not yet committed are not seen, so not deleted; two folds at once delete each row once.
 */
async function foldVersions(db: Db): Promise<void> {
  await run(
    db,
    sql`with folded as (delete from ${cacheVersions} returning source, changes)
        insert into ${cacheVersions} (source, changes)
        select source, sum(changes) from folded group by source`,
  );
}

/**
 * The embedded database belongs to this process alone (DATA_DIR is locked), and runs every statement here: it
 * tells of each committed write by a notification, delivered before the writer's own code goes on. Versions are
 * then counted in memory, and checking them costs no query (a query costs the embedded database ~0.6 ms of
 * this one thread). The table is read once, for where the counts start.
 */
function listeningVersions(db: Db, client: PGlite): () => Promise<Versions> {
  const heard = Object.fromEntries(SOURCES.map((s) => [s, 0])) as Record<Source, number>;
  let unfolded = 0;
  let base: Promise<Versions> | null = null;
  const start = async () => {
    await client.listen(CHANNEL, (source) => {
      if (isSource(source)) heard[source]++;
      if (++unfolded >= FOLD_AT) {
        unfolded = 0;
        foldVersions(db).catch((err: Error) => console.warn('[cache] fold:', err.message));
      }
    });
    await client.exec(`set carteira.cache_notify = 'on'`);
    // Writes committed from here on are both heard and in the table: counted twice, which still changes the version.
    return queryVersions(db);
  };
  return async () => {
    base ??= start().catch((err: unknown) => {
      base = null;
      throw err;
    });
    const from = await base;
    return Object.fromEntries(SOURCES.map((s) => [s, `${from[s]}+${heard[s]}`])) as Versions;
  };
}

/** The embedded database: one connection, running every query on this thread, one after the other. */
export function isEmbedded(db: Db): boolean {
  return (db as unknown as { $client?: unknown }).$client instanceof PGlite;
}

const readers = new WeakMap<Db, () => Promise<Versions>>();

/**
 * Every source's version, as of a moment after the call. On PostgreSQL (several instances, the command line)
 * read from the table, one query shared by the callers that came while the one before ran; on the embedded
 * database counted from its notifications.
 */
export function readVersions(db: Db): Promise<Versions> {
  let reader = readers.get(db);
  if (!reader) {
    reader = isEmbedded(db)
      ? listeningVersions(db, (db as unknown as { $client: PGlite }).$client)
      : freshShared(() => queryVersions(db));
    readers.set(db, reader);
  }
  return reader();
}

export function sameVersions(a: Versions, b: Versions, sources: readonly Source[]): boolean {
  return sources.every((s) => a[s] === b[s]);
}

/**
 * `run` shared by concurrent callers, where every caller gets a run that started after its call: never one
 * already under way, which may have read the database before a write the caller has seen committed. Under
 * load that is one run at a time however many callers, each serving all who came while the one before ran.
 */
export function freshShared<T>(run: () => Promise<T>): () => Promise<T> {
  let current: Promise<T> | null = null;
  let next: Promise<T> | null = null;
  const start = () => {
    const promise = run().finally(() => {
      if (current === promise) current = null;
    });
    current = promise;
    return promise;
  };
  return () => {
    if (next) return next;
    if (!current) return start();
    const after = current.then(
      () => undefined,
      () => undefined,
    );
    next = after.then(() => {
      next = null;
      return start();
    });
    return next;
  };
}

/** What an answer depends on, read now: `key` changes whenever the answer would; `context` is what builds it. */
export interface Snapshot<C> {
  key: string;
  context: C;
}

export interface AnswerSource<C> {
  snapshot(): Promise<Snapshot<C>>;
  /** The answer's JSON text for that snapshot. */
  build(context: C): Promise<string>;
}

export interface AnswerCache {
  get(): Promise<KeptAnswer>;
  /** Counters, for tests and the benchmark. */
  readonly stats: { hits: number; builds: number };
}

/**
 * One cached answer (the last one built: memory stays bounded). Builds run one at a time: requests whose
 * snapshot matches the one being built wait for it; the others wait for the next, which is built for the newest
 * snapshot any of them took (fresher than each one needs).
 */
export function createAnswerCache<C>(source: AnswerSource<C>): AnswerCache {
  let taken = 0;
  // Numbered when begun: a snapshot begun later is at least as fresh.
  const snapshot = async () => {
    const seq = ++taken;
    return { ...(await source.snapshot()), seq };
  };
  type Taken = Snapshot<C> & { seq: number };
  /** Built from the same snapshot, or from one taken later: fresher than the request needs. */
  const serves = (built: { key: string; seq: number }, s: Taken) =>
    built.key === s.key || built.seq > s.seq;
  const stats = { hits: 0, builds: 0 };
  let current: { key: string; seq: number; answer: KeptAnswer } | null = null;
  let running: { key: string; seq: number; promise: Promise<KeptAnswer> } | null = null;
  let queued: { snapshot: Taken; promise: Promise<KeptAnswer> } | null = null;

  function start(s: Taken): Promise<KeptAnswer> {
    stats.builds++;
    const promise = source
      .build(s.context)
      .then((text) => {
        const answer = keptAnswer(text);
        current = { key: s.key, seq: s.seq, answer };
        return answer;
      })
      .finally(() => {
        if (running?.promise === promise) running = null;
      });
    running = { key: s.key, seq: s.seq, promise };
    return promise;
  }

  /** Waits for the build under way, then builds for the newest snapshot queued meanwhile. */
  function enqueue(s: Taken): Promise<KeptAnswer> {
    if (queued) {
      if (s.seq > queued.snapshot.seq) queued.snapshot = s;
      return queued.promise;
    }
    const under = running!.promise.then(
      () => undefined,
      () => undefined,
    );
    const entry: { snapshot: Taken; promise: Promise<KeptAnswer> } = {
      snapshot: s,
      promise: under.then(() => {
        queued = null;
        const kept = current;
        return kept && serves(kept, entry.snapshot) ? kept.answer : start(entry.snapshot);
      }),
    };
    queued = entry;
    return entry.promise;
  }

  return {
    stats,
    async get() {
      const s = await snapshot();
      const kept = current;
      if (kept && serves(kept, s)) {
        stats.hits++;
        return kept.answer;
      }
      if (running && serves(running, s)) return running.promise;
      if (running || queued) return enqueue(s);
      return start(s);
    },
  };
}
