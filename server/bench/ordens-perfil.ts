import fs from 'node:fs';
import inspector from 'node:inspector';
import path from 'node:path';
import zlib from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';
import { openMemoryDatabase, type Database } from '../db/client';
import { queryRows } from '../db/query';
import { historicoStatement } from '../modules/ordens/historico-repository';
import { casosDoHistorico, historicoServerEnv, seedOrdens } from './ordens.bench';
import { startBenchServer } from './server';
import { median } from './stats';

/**
 * `npx tsx server/bench/ordens-perfil.ts`: where the order history's HTTP call spends its CPU beyond its statement,
 * on PGlite (whose database runs on this thread, so that one clock sees all of it), for every row of
 * `npm run bench -- ordens`. Each call's CPU is split into the statement (inside the driver's query: parse, plan,
 * run, its JSON text decoded), the answer's compression (zlib) and the rest: Fastify, the token, the query's
 * validation, the socket, the loopback client. ORDENS_PERFIL_DIR=DIR also writes each row's V8 CPU profile of its
 * HTTP calls (DIR/<row>.cpuprofile, for Chrome's DevTools); ORDENS_SEED=FILE keeps the seeded database in FILE
 * (PGlite's dump) and starts from it the next time. This is how issue 35's remaining part was told apart.
 */

const RUNS = Number(process.env.ORDENS_PERFIL_RUNS ?? 200);

async function seeded(): Promise<Database> {
  const file = process.env.ORDENS_SEED;
  if (file && fs.existsSync(file)) return openMemoryDatabase(new Blob([fs.readFileSync(file)]));
  const database = await openMemoryDatabase();
  await seedOrdens(database.db);
  if (file) {
    const dump = await (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  }
  return database;
}

/** Wraps `owner[name]` so that the CPU spent inside it (to its promise's end) is added to `into.ms`. */
function meter(owner: object, name: string, into: { ms: number }): void {
  const o = owner as Record<string, (...args: unknown[]) => unknown>;
  const original = o[name]!.bind(owner);
  o[name] = (...args: unknown[]) => {
    const since = process.cpuUsage();
    const add = () => {
      const { user, system } = process.cpuUsage(since);
      into.ms += (user + system) / 1000;
    };
    const result = original(...args);
    if (result instanceof Promise) return result.finally(add);
    add();
    return result;
  };
}

function profiler() {
  const session = new inspector.Session();
  session.connect();
  const post = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve, reject) =>
      session.post(method, params, (err, res) => (err ? reject(err) : resolve(res))),
    );
  return {
    start: async () => {
      await post('Profiler.enable');
      await post('Profiler.setSamplingInterval', { interval: 100 });
      await post('Profiler.start');
    },
    stop: async (file: string) => {
      const { profile } = (await post('Profiler.stop')) as { profile: unknown };
      fs.writeFileSync(file, JSON.stringify(profile));
    },
  };
}

const database = await seeded();
const { db } = database;
const server = await startBenchServer(database, historicoServerEnv);
const casos = await casosDoHistorico(db);
const statement = { ms: 0 };
const compression = { ms: 0 };
meter((db as unknown as { $client: PGlite }).$client, 'query', statement);
for (const name of ['brotliCompressSync', 'gzipSync']) meter(zlib, name, compression);
for (let i = 0; i < 20; i++) {
  for (const { path: p, filtro } of casos) {
    await server.getRaw(p);
    await queryRows(db, historicoStatement(filtro));
  }
}
const dir = process.env.ORDENS_PERFIL_DIR;
const table = [];
for (const { call, filtro, path: p } of casos) {
  const prof = dir ? profiler() : undefined;
  await prof?.start();
  const http: number[] = [];
  const dentro: number[] = [];
  const zip: number[] = [];
  const alone: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    statement.ms = 0;
    compression.ms = 0;
    let since = process.cpuUsage();
    await server.getRaw(p);
    let { user, system } = process.cpuUsage(since);
    http.push((user + system) / 1000);
    dentro.push(statement.ms);
    zip.push(compression.ms);
    since = process.cpuUsage();
    await queryRows(db, historicoStatement(filtro));
    ({ user, system } = process.cpuUsage(since));
    alone.push((user + system) / 1000);
  }
  await prof?.stop(path.join(dir ?? '', `${call.replace(/[^\p{L}\p{N}]+/gu, '-')}.cpuprofile`));
  const [h, s, z, q] = [median(http), median(alone), median(zip), median(dentro)];
  table.push({
    call,
    'CPU HTTP ms': h.toFixed(2),
    'its statement': q.toFixed(2),
    compression: z.toFixed(2),
    'rest (server, socket, client)': (h - q - z).toFixed(2),
    'CPU SQL ms': s.toFixed(2),
    'HTTP / SQL': (h / s).toFixed(2),
  });
}
console.log(
  `PGlite, CPU of this process, median of ${RUNS} calls each, HTTP and statement alone alternately`,
);
console.table(table);
await server.close();
await database.close();
