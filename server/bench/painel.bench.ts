import http from 'node:http';
import { Worker } from 'node:worker_threads';
import { openMemoryDatabase, type Database } from '../db/client';
import { withPostgres } from './databases';
import { painelCaches } from '../modules/painel/service';
import { movingQuotes, startBenchServer, type BenchServer } from './server';

/**
 * The control panel under load (issue 12, item 10), on both databases side by side: 312 clients and 10,081 open
 * positions. One user reads a client (`GET /clientes/{id}/`) alone, then while 10 other users load dashboard-rv in
 * a loop: with the data unchanged (the cache answers: the whole answer each time, or a 304 to browsers that
 * revalidate their stored one), and with a quote changing before every load (every load is a new answer to
 * build). The target: the client read within 5× its idle time, p50 and p99.
 * The 10 users run in a worker thread (their own event loop), ask for br/gzip as browsers do and only count the
 * bytes, as a browser would decompress on its own machine.
 */

import { CLIENTES, POSICOES, seed } from './painel-seed';

const USERS = 10;
/** Client reads per phase and round: for READ_MS, at least MIN_READS, at most MAX_READS. */
const ROUNDS = 4;
const MAX_READS = 200;
const MIN_READS = 15;
const READ_MS = 2_000;
const TARGET = 5;

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** One GET with Accept-Encoding, read to the end: its status, encoding and size on the wire. */
function rawGet(url: string, token: string, acceptEncoding: string) {
  return new Promise<{ status: number; encoding: string; bytes: number }>((resolve, reject) => {
    http
      .get(
        url,
        { headers: { authorization: `Bearer ${token}`, 'accept-encoding': acceptEncoding } },
        (res) => {
          let bytes = 0;
          res.on('data', (chunk: Buffer) => (bytes += chunk.length));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              encoding: String(res.headers['content-encoding'] ?? 'identity'),
              bytes,
            }),
          );
          res.on('error', reject);
        },
      )
      .on('error', reject);
  });
}

/**
 * The users' loops, in plain JavaScript for a worker thread. 'run' starts them (answered by 'warm' once each has
 * had an answer), 'pause' lets the loads under way finish (answered with the answer times since 'run'), 'stop'
 * ends them; a deadline bounds it all. Revalidating users send the ETag of their last answer, as a browser does.
 */
const LOAD_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { url, token, users, deadline } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: users });
let mode = 'pause';
let revalidate = false;
const tags = [];
let durations = [];
let warm = new Set();
let inFlight = 0;
let signal;
let changed = new Promise((resolve) => (signal = resolve));
parentPort.on('message', (next) => {
  mode = next.mode;
  revalidate = Boolean(next.revalidate);
  if (mode === 'run') {
    durations = [];
    warm = new Set();
  }
  const wake = signal;
  changed = new Promise((resolve) => (signal = resolve));
  wake();
});
function load(id) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const headers = { authorization: 'Bearer ' + token, 'accept-encoding': 'br, gzip' };
    if (revalidate && tags[id]) headers['if-none-match'] = tags[id];
    const req = http.get(url, { agent, headers }, (res) => {
      res.on('data', () => {});
      res.on('end', () => {
        if (res.statusCode !== 200 && res.statusCode !== 304) {
          return reject(new Error('dashboard-rv: ' + res.statusCode));
        }
        if (res.headers.etag) tags[id] = res.headers.etag;
        resolve(performance.now() - started);
      });
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}
async function user(id) {
  while (mode !== 'stop' && Date.now() < deadline) {
    if (mode !== 'run') {
      await changed;
      continue;
    }
    inFlight++;
    const took = await load(id).finally(() => inFlight--);
    if (mode === 'run') {
      durations.push(took);
      if (warm.size < users && warm.add(id).size === users) parentPort.postMessage({ warm: true });
    } else if (inFlight === 0) {
      parentPort.postMessage({ paused: durations });
    }
  }
}
Promise.all(Array.from({ length: users }, (_, id) => user(id))).then(
  () => parentPort.postMessage({ stopped: true }),
  (err) => parentPort.postMessage({ error: String(err) }),
);
`;

/** USERS users loading a path in a loop, in a worker thread, started and paused at will. */
function startLoad(url: string, token: string) {
  const worker = new Worker(LOAD_WORKER, {
    eval: true,
    workerData: { url, token, users: USERS, deadline: Date.now() + 10 * 60_000 },
  });
  type Message = { warm?: true; paused?: number[]; stopped?: true; error?: string };
  const next = <T>(pick: (m: Message) => T | undefined) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (m: Message) => {
        if (m.error) return done(reject, new Error(m.error));
        const value = pick(m);
        if (value !== undefined) done(resolve, value);
      };
      const done = <V>(settle: (v: V) => void, v: V) => {
        worker.off('message', onMessage);
        worker.off('error', reject);
        settle(v);
      };
      worker.on('message', onMessage);
      worker.on('error', reject);
    });
  return {
    /** Resolves once every user has had an answer: the load is then steady. */
    run(opts: { revalidate: boolean }) {
      const warm = next((m) => m.warm);
      worker.postMessage({ mode: 'run', ...opts });
      return warm;
    },
    /** The answer times since run(), once no load is under way. */
    pause() {
      const paused = next((m) => m.paused);
      worker.postMessage({ mode: 'pause' });
      return paused;
    },
    async stop() {
      const stopped = next((m) => m.stopped);
      worker.postMessage({ mode: 'stop' });
      await stopped;
      await worker.terminate();
    },
  };
}

/** Sequential client reads for about READ_MS: each one's answer time. */
async function clientReads(server: BenchServer, clienteId: number): Promise<number[]> {
  const samples: number[] = [];
  const started = performance.now();
  while (
    samples.length < MAX_READS &&
    (samples.length < MIN_READS || performance.now() - started < READ_MS)
  ) {
    const t = performance.now();
    await server.get(`/clientes/${clienteId}/`);
    samples.push(performance.now() - t);
  }
  return samples;
}

const PHASES = [
  { name: 'idle' },
  { name: `${USERS} users on dashboard-rv, data unchanged`, revalidate: false },
  { name: `${USERS} browsers revalidating dashboard-rv, data unchanged`, revalidate: true },
  {
    name: `${USERS} users on dashboard-rv, a quote changing before each load`,
    revalidate: true,
    moving: true,
  },
] as const;

interface Phase {
  reads: number[];
  dashboards: number[];
  builds: number;
}

export async function measure(kind: string, database: Database) {
  const { clienteId } = await seed(database.db);
  const server = await startBenchServer(database);
  const load = startLoad(`${server.base}/dashboard-rv/`, server.token);
  try {
    const painel = (await server.get('/dashboard-rv/')) as { posicionadas: unknown[] };
    if (painel.posicionadas.length !== POSICOES) {
      throw new Error(`dashboard-rv answered ${painel.posicionadas.length} positions`);
    }
    const dashboardUrl = `${server.base}/dashboard-rv/`;
    const sizes = {
      identity: await rawGet(dashboardUrl, server.token, 'identity'),
      gzip: await rawGet(dashboardUrl, server.token, 'gzip'),
      br: await rawGet(dashboardUrl, server.token, 'br, gzip'),
    };
    for (let i = 0; i < 20; i++) await server.get(`/clientes/${clienteId}/`);

    const quotes = server.app.deps.quotes;
    const cache = painelCaches(server.app.deps).posicionadas;
    const phases = PHASES.map((): Phase => ({ reads: [], dashboards: [], builds: 0 }));
    // Short phases in turn, several times: a machine busy with something else slows them all alike.
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, phase] of phases.entries()) {
        const spec = PHASES[i]!;
        const builds = cache.stats.builds;
        if ('moving' in spec) server.app.deps.quotes = movingQuotes(quotes);
        if ('revalidate' in spec) await load.run({ revalidate: spec.revalidate });
        phase.reads.push(...(await clientReads(server, clienteId)));
        if ('revalidate' in spec) phase.dashboards.push(...(await load.pause()));
        server.app.deps.quotes = quotes;
        phase.builds += cache.stats.builds - builds;
      }
    }
    const [idle] = phases;
    return {
      sizes,
      rows: phases.map((phase, i) => ({
        db: kind,
        phase: PHASES[i]!.name,
        idle: idle!.reads,
        ...phase,
      })),
    };
  } finally {
    await load.stop();
    await server.close();
  }
}

export default async function painelBench(): Promise<void> {
  const results: Array<Awaited<ReturnType<typeof measure>> & { db: string }> = [];
  const pglite = await openMemoryDatabase();
  results.push({
    db: 'PGlite',
    ...(await measure('PGlite', pglite).finally(() => pglite.close())),
  });
  const pg = await withPostgres((database) => measure('PostgreSQL', database));
  if (pg) results.push({ db: 'PostgreSQL', ...pg });

  console.log(
    `${CLIENTES} clients, ${POSICOES} open positions; client read = GET /clientes/{id}/, ms; ` +
      `ratio = under load / idle; ${ROUNDS} rounds of the phases in turn`,
  );
  const fmt = (n: number) => n.toFixed(1);
  console.table(
    results.flatMap(({ rows }) =>
      rows.map((r) => ({
        db: r.db,
        phase: r.phase,
        reads: r.reads.length,
        'read p50': fmt(percentile(r.reads, 50)),
        'read p99': fmt(percentile(r.reads, 99)),
        'p50 ratio': (percentile(r.reads, 50) / percentile(r.idle, 50)).toFixed(2),
        'p99 ratio': (percentile(r.reads, 99) / percentile(r.idle, 99)).toFixed(2),
        'dashboard p50': r.dashboards.length ? fmt(percentile(r.dashboards, 50)) : '',
        'dashboard p99': r.dashboards.length ? fmt(percentile(r.dashboards, 99)) : '',
        dashboards: r.dashboards.length || '',
        builds: r.dashboards.length ? r.builds : '',
      })),
    ),
  );
  console.log('dashboard-rv on the wire, bytes:');
  console.table(
    results.map(({ db, sizes }) => ({
      db,
      raw: sizes.identity.bytes,
      gzip: `${sizes.gzip.bytes} (${sizes.gzip.encoding})`,
      br: `${sizes.br.bytes} (${sizes.br.encoding})`,
    })),
  );
  const worst = Math.max(
    ...results.flatMap(({ rows }) =>
      rows.map((r) =>
        Math.max(
          percentile(r.reads, 50) / percentile(r.idle, 50),
          percentile(r.reads, 99) / percentile(r.idle, 99),
        ),
      ),
    ),
  );
  console.log(
    `worst client read ratio under load: ${worst.toFixed(2)}× (target ≤ ${TARGET}×): ${worst <= TARGET ? 'met' : 'NOT met'}`,
  );
}
