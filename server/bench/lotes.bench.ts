import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { startFleet } from '../../tests/server/mt5-sim/fleet';
import type { Behaviour } from '../mt5-sim';
import { openMemoryDatabase, type Database } from '../db/client';
import {
  acoes,
  clientes,
  importLotes,
  orderGroups,
  orderLegs,
  orderLotes,
  patrimonios,
} from '../db/schema';
import { audit } from '../lib/audit';
import { withPostgres } from './databases';
import { startBenchServer } from './server';
import { median } from './stats';

/**
 * Issue 16's figures for the "boleta em lote", on both databases: 200 clients whose terminals are simulators, 160
 * online, 20 slow (they never answer in time) and 20 offline (nothing listens).
 * - validar (every client) and the lote's status call (200 orders, 40 of them at terminals that do not answer)
 *   against one agent timeout: each must answer within 1.5 × MT5_TIMEOUT_MS, however many clients;
 * - the create call's storing of 200 orders (its Server-Timing, before the sends) against the same inserts alone
 *   (lote, orders, legs and audit rows in one transaction): at most 1.5 ×.
 * MT5_TIMEOUT_MS is the product's default (3000 ms) unless set; PostgreSQL: BENCH_PG_URL, else a throw-away server.
 */

const CLIENTES = 200;
const SLOW = 20;
const OFFLINE = 20;
const RUNS = 5;

interface Row {
  db: string;
  medida: string;
  ms: number;
  referencia: string;
  razao: number;
  limite: number;
}

type Db = Database['db'];
type Call = (
  path: string,
  body?: unknown,
  key?: string,
) => Promise<{ ms: number; json: unknown; headers: Headers }>;

/** The clients (one per terminal, the offline ones at a dead address), each with R$ 500.000,00 of patrimony. */
async function seedClientes(db: Db, hosts: string[]) {
  await db.insert(acoes).values({ ticker: 'PETR4', empresa: 'Petrobras' });
  const rows = await db
    .insert(clientes)
    .values(
      hosts.map((host, i) => ({
        nome: `Cliente ${String(i).padStart(3, '0')}`,
        codigo_xp: String(70000 + i),
        percentual_patrimonio: '20',
        vm_private_ip: host,
      })),
    )
    .returning({ id: clientes.id, codigo: clientes.codigo_xp });
  const [lote] = await db
    .insert(importLotes)
    .values({
      tipo: 'patrimonio',
      data_referencia: '2025-10-29',
      arquivo: 'bench.xlsx',
      linhas: rows.length,
      status: 'importado',
      username: 'bench',
    })
    .returning({ id: importLotes.id });
  await db.insert(patrimonios).values(
    rows.map((r) => ({
      lote_id: lote!.id,
      data_referencia: '2025-10-29',
      codigo: r.codigo!,
      patrimonio: '500000.00',
    })),
  );
  return rows;
}

/** A JSON call to the bench server, timed; anything but 200 stops the bench. */
function caller(server: { base: string; token: string }): Call {
  return async (path, body, key) => {
    const started = performance.now();
    const res = await fetch(server.base + path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        authorization: `Bearer ${server.token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(key ? { 'idempotency-key': key } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    const ms = performance.now() - started;
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${text.slice(0, 200)}`);
    return { ms, json: JSON.parse(text) as unknown, headers: res.headers };
  };
}

/** validar: every client, once to warm up, then RUNS times. */
async function measureValidate(call: Call): Promise<number[]> {
  const body = {
    ticker: 'PETR4',
    execucao: 'mercado',
    tp: 200,
    regra: 'percentual_disponivel',
    valor: 10,
  };
  const first = (await call('/lotes/validar/', body)).json as {
    itens: Array<{ cliente: number; elegivel: boolean; status_mt5: string }>;
  };
  if (first.itens.length !== CLIENTES) throw new Error('validar: not every client');
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) ms.push((await call('/lotes/validar/', body)).ms);
  return ms;
}

/** What a lote of these clients stores, inserted and audited by hand in one transaction: the baseline. */
async function insertsAlone(db: Db, clienteIds: number[], acaoId: number): Promise<number> {
  const started = performance.now();
  const id = crypto.randomUUID();
  const groups = clienteIds.map((cliente) => ({
    id: crypto.randomUUID(),
    lote_id: id,
    cliente_id: cliente,
    lado: 'compra' as const,
    ticker_base: 'PETR4',
    acao_id: acaoId,
    execucao: 'mercado' as const,
    preco: null,
    tp: '200',
    operacao_id: null,
    idempotency_key: `${id}:cliente:${cliente}`,
    idempotency_scope: 'bench',
    idempotency_hash: 'x'.repeat(64),
    created_by: 'bench',
  }));
  const legs = groups.flatMap((g) =>
    [100, 7].map((volume, leg) => ({
      group_id: g.id,
      leg: leg + 1,
      symbol: leg ? 'PETR4F' : 'PETR4',
      volume,
      client_order_id: `${g.id}:${leg + 1}`,
    })),
  );
  const lote = { id, lado: 'compra' as const, ticker_base: 'PETR4', execucao: 'mercado' as const };
  await db.transaction(async (tx) => {
    await tx.insert(orderLotes).values({
      ...lote,
      tp: '200',
      idempotency_key: id,
      idempotency_scope: 'bench',
      idempotency_hash: 'x'.repeat(64),
      created_by: 'bench',
    });
    await tx.insert(orderGroups).values(groups);
    await tx.insert(orderLegs).values(legs);
    await audit(tx, [
      { username: 'bench', action: 'create', entity: 'order_lote', entityId: id, after: {} },
      ...groups.map((g) => ({
        username: 'bench',
        action: 'create',
        entity: 'order_group',
        entityId: g.id,
        after: { ...g, legs: legs.filter((l) => l.group_id === g.id) },
      })),
    ]);
  });
  return performance.now() - started;
}

/** create: the stored part of each call (Server-Timing) against the same inserts alone, alternately. */
async function measureCreate(db: Db, call: Call, clienteIds: number[], timeoutMs: number) {
  const itens = clienteIds.map((cliente) => ({
    cliente,
    legs: [
      { symbol: 'PETR4', quantidade: 100 },
      { symbol: 'PETR4F', quantidade: 7 },
    ],
  }));
  const figures = { storeMs: [] as number[], createMs: [] as number[], insertsMs: [] as number[] };
  let loteId = '';
  const acaoId = (await db.select().from(acoes).where(eq(acoes.ticker, 'PETR4')))[0]!.id;
  for (let i = 0; i < RUNS + 1; i++) {
    // Each round starts on a quiet server: the previous create's sends to the slow terminals run until their
    // timeouts (two legs each) and would write in the middle of the measurement.
    if (i > 0) await new Promise((r) => setTimeout(r, 2 * timeoutMs + 500));
    const alone = await insertsAlone(db, clienteIds, acaoId);
    const created = await call(
      '/lotes/',
      { ticker_base: 'PETR4', execucao: 'mercado', tp: 200, itens },
      crypto.randomUUID(),
    );
    const timing = /store;dur=([\d.]+)/.exec(created.headers.get('server-timing') ?? '');
    if (!timing) throw new Error('no Server-Timing on the create');
    loteId = (created.json as { lote_id: string }).lote_id;
    // The first round warms both up.
    if (i === 0) continue;
    figures.insertsMs.push(alone);
    figures.storeMs.push(Number(timing[1]));
    figures.createMs.push(created.ms);
  }
  return { ...figures, loteId };
}

/** status: the last lote (160 orders filling, 40 whose terminals never answer), RUNS times, then 20 pollers. */
async function measureStatus(call: Call, loteId: string) {
  await new Promise((r) => setTimeout(r, 200));
  const statusMs: number[] = [];
  for (let i = 0; i < RUNS; i++) statusMs.push((await call(`/lotes/${loteId}/`)).ms);
  const pollers = performance.now();
  await Promise.all(Array.from({ length: 20 }, () => call(`/lotes/${loteId}/`)));
  const pollersMs = performance.now() - pollers;
  const status = (await call(`/lotes/${loteId}/`)).json as {
    itens: Array<{ executed_all: boolean }>;
  };
  const executed = status.itens.filter((i) => i.executed_all).length;
  if (executed !== CLIENTES - SLOW - OFFLINE) {
    throw new Error(`status: ${executed} executed, expected ${CLIENTES - SLOW - OFFLINE}`);
  }
  return { statusMs, pollersMs };
}

async function measure(kind: string, database: Database, timeoutMs: number): Promise<Row[]> {
  const behaviours: Behaviour[] = Array.from({ length: CLIENTES - OFFLINE }, (_, i) =>
    i < SLOW ? 'slow' : 'online',
  );
  const token = 'bench-agent-token';
  const fleet = await startFleet(behaviours, {
    token,
    fillDelayMs: 50,
    marginFree: 1e9,
    slowMs: 10 * timeoutMs,
  });
  const { db } = database;
  try {
    const hosts = [...fleet.hosts, ...Array<string>(OFFLINE).fill(fleet.deadHost)];
    const clienteIds = (await seedClientes(db, hosts)).map((r) => r.id);
    const server = await startBenchServer(database, {
      MT5_AGENT_PORT: String(fleet.port),
      MT5_AGENT_TOKEN: token,
      MT5_TIMEOUT_MS: String(timeoutMs),
      MT5_RECONCILE_SECONDS: '0',
    });
    try {
      const call = caller(server);
      const validateMs = await measureValidate(call);
      const created = await measureCreate(db, call, clienteIds, timeoutMs);
      const { statusMs, pollersMs } = await measureStatus(call, created.loteId);
      const timeoutRow = (medida: string, ms: number): Row => ({
        db: kind,
        medida,
        ms,
        referencia: `timeout ${timeoutMs} ms`,
        razao: ms / timeoutMs,
        limite: 1.5,
      });
      return [
        timeoutRow(`validar (${CLIENTES} clientes)`, median(validateMs)),
        timeoutRow(
          `status do lote (${CLIENTES} ordens, ${SLOW + OFFLINE} sem resposta)`,
          median(statusMs),
        ),
        timeoutRow('status do lote, 20 consultas ao mesmo tempo (todas)', pollersMs),
        {
          db: kind,
          medida: `criar lote: gravar ${CLIENTES} ordens (Server-Timing)`,
          ms: median(created.storeMs),
          referencia: `inserts sozinhos ${median(created.insertsMs).toFixed(1)} ms`,
          razao: median(created.storeMs) / median(created.insertsMs),
          limite: 1.5,
        },
        {
          db: kind,
          medida: `criar lote: a chamada inteira (grava e envia ${CLIENTES})`,
          ms: median(created.createMs),
          referencia: `timeout ${timeoutMs} ms`,
          razao: median(created.createMs) / timeoutMs,
          limite: Number.NaN,
        },
      ];
    } finally {
      await server.close();
    }
  } finally {
    await fleet.close();
  }
}

export default async function lotesBench(): Promise<void> {
  const timeoutMs = Number(process.env.MT5_TIMEOUT_MS ?? 3000);
  const pglite = await openMemoryDatabase();
  const rows = await measure('PGlite', pglite, timeoutMs).finally(() => pglite.close());
  rows.push(
    ...((await withPostgres((database) => measure('PostgreSQL', database, timeoutMs))) ?? []),
  );
  console.log(
    `median of ${RUNS} runs; ${CLIENTES} clients (${CLIENTES - SLOW - OFFLINE} online, ${SLOW} slow, ${OFFLINE} offline)`,
  );
  console.table(
    rows.map((r) => ({
      db: r.db,
      medida: r.medida,
      ms: r.ms.toFixed(1),
      referência: r.referencia,
      razão: r.razao.toFixed(2),
      limite: Number.isNaN(r.limite) ? '—' : `≤ ${r.limite}`,
      ok: Number.isNaN(r.limite) ? '' : r.razao <= r.limite ? 'sim' : 'NÃO',
    })),
  );
}
