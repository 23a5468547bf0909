import { sql } from 'drizzle-orm';
import { openMemoryDatabase, type Database, type Db } from '../db/client';
import { queryRows } from '../db/query';
import { clientes, custodias, importLotes, operacoes } from '../db/schema';
import { Mt5Simulator } from '../mt5-sim';
import { historicoStatement, type HistoricoFiltro } from '../modules/ordens/historico-repository';
import { loadReferenceData } from '../seed/reference';
import { withPostgres } from './databases';
import { decodeAnswer, startBenchServer } from './server';
import { compareWithCpu } from './ordens-cpu';
import { compare, median } from './stats';

/**
 * Issue 17's figures, side by side in one run:
 * - the order history over 100,000 groups and 250,000 legs, on PGlite and PostgreSQL: each page and filter over
 *   HTTP (auth, validation, the answer to its last byte) against its statement alone through the driver; must
 *   be within 1.5×; beside each, this process's CPU time of both (with PGlite, the whole of each whatever the
 *   machine's load; `ordens-perfil.ts` splits the HTTP call's into its statement, compression and the rest);
 * - the reconciliation of 200 clients whose terminals are simulators, some slow past the timeout and some off:
 *   the whole answer against one agent timeout; must be within 1.5×.
 * PostgreSQL: BENCH_PG_URL, else a throw-away server like the API tests'.
 */

const GRUPOS = 100_000;
const CLIENTES = 200;
const TICKERS = ['PETR4', 'VALE3', 'ITUB4', 'BBDC4', 'ABEV3', 'WEGE3', 'BBAS3', 'B3SA3'];

/** 100,000 groups of 200 clients over two years (some created in the same instant), 2 or 3 legs each. */
export async function seedOrdens(db: Db): Promise<void> {
  await loadReferenceData(db);
  await db.insert(clientes).values(
    Array.from({ length: CLIENTES }, (_, i) => ({
      nome: `Cliente ${String(i + 1).padStart(3, '0')}`,
    })),
  );
  const tickers = sql.raw(`array[${TICKERS.map((t) => `'${t}'`).join(', ')}]`);
  // Each group from its number i; half of them have 3 legs, half 2: 250,000 legs.
  const fonte = sql`
    select i, md5(i::text)::uuid as id,
      (select min(id) from clientes) + (i * 7919) % ${CLIENTES} as cliente_id,
      (${tickers})[1 + (i * 31) % ${TICKERS.length}] as ticker,
      case when i % 100 < 80 then 'completed' when i % 100 < 95 then 'failed'
        when i % 100 < 97 then 'resolved' when i % 100 < 99 then 'sent' else 'pending' end as state
    from generate_series(1, ${GRUPOS}) i`;
  await db.execute(sql`
    insert into order_groups (id, cliente_id, lado, ticker_base, execucao, preco, tp, state, created_by,
      created_at, updated_at, completed_at, erro)
    select id, cliente_id,
      case when i % 3 = 0 then 'venda' else 'compra' end,
      ticker,
      case when i % 4 = 0 then 'limite' else 'mercado' end,
      case when i % 4 = 0 then 30 + (i % 100) / 10.0 end,
      case when i % 3 <> 0 then 45 + (i % 50) / 10.0 end,
      state,
      'operador',
      -- Every tenth group shares its instant with the previous one: ties the cursor must break by id.
      timestamptz '2024-01-01 10:00:00+00' + ((i - (i % 10 = 0)::int) * interval '9 minutes'),
      now(),
      case when state not in ('sent', 'pending') then timestamptz '2024-01-01 10:05:00+00' + i * interval '9 minutes' end,
      case when state = 'failed' then 'Ordem não executada por completo (rejeitada: Solicitação rejeitada).' end
    from (${fonte}) f`);
  await db.execute(sql`
    insert into order_legs (group_id, leg, symbol, volume, client_order_id, ticket, state, volume_filled,
      price_avg, retcode, retcode_desc, problema)
    select f.id, n, f.ticker || case when n > 1 then 'F' else '' end,
      case when n > 1 then 25 else 100 end, f.id || ':' || n, 50000000 + f.i * 3 + n,
      case f.state when 'completed' then 'filled' when 'failed' then 'rejected' when 'sent' then 'placed'
        when 'pending' then 'pending' else 'unknown' end,
      case when f.state = 'completed' then case when n > 1 then 25 else 100 end else 0 end,
      case when f.state = 'completed' then 38.1234 end,
      case f.state when 'completed' then 10009 when 'failed' then 10006 end,
      case f.state when 'completed' then 'Solicitação executada' when 'failed' then 'Solicitação rejeitada' end,
      case when f.state = 'resolved' then 'o terminal não conhece o ticket' end
    from (${fonte}) f cross join generate_series(1, 2 + f.i % 2) n`);
  await db.execute(sql`analyze`);
  const [counts] = await queryRows<{ grupos: number; pernas: number }>(
    db,
    sql`select (select count(*)::int from order_groups) as grupos,
          (select count(*)::int from order_legs) as pernas`,
  );
  console.log(`${counts!.grupos} groups, ${counts!.pernas} legs`);
}

interface Row {
  db: string;
  call: string;
  rows: number;
  http: number;
  sql: number;
  /** The client's part after the last byte: decompressing and decoding the answer (none for SQL's text). */
  decode?: number;
  /** This process's CPU, median ms, of the HTTP call and of the statement alone (ordens-cpu.ts). */
  cpu?: [number, number];
}

/** The bench's pages and filters, and each one's address (50 rows a page, as the screen asks). */
export async function casosDoHistorico(db: Db) {
  const [cliente] = await queryRows<{ id: number }>(db, sql`select min(id) as id from clientes`);
  const clienteId = cliente!.id;

  // A cursor deep in the list: the row ~90,000 places down, as paging would reach it.
  const cursorAt = async (offset: number, where = sql`true`) => {
    const [row] = await queryRows<{ em: string; id: string }>(
      db,
      sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as em, id::text
          from order_groups where ${where} order by created_at desc, id desc offset ${offset} limit 1`,
    );
    return row!;
  };
  const fundo = await cursorAt(90_000);
  const fundoCliente = await cursorAt(400, sql`cliente_id = ${clienteId}`);
  const cases: Array<{ call: string; f: Omit<HistoricoFiltro, 'limite'> }> = [
    { call: 'no filter, first page', f: {} },
    { call: 'no filter, page at row 90,000', f: { depoisDe: fundo } },
    { call: 'cliente, first page', f: { cliente: clienteId } },
    { call: 'cliente, page at its row 400', f: { cliente: clienteId, depoisDe: fundoCliente } },
    { call: 'ação', f: { acao: 'VALE3' } },
    { call: 'estado failed', f: { estado: 'failed' } },
    { call: 'estado pending (rare)', f: { estado: 'pending' } },
    { call: 'período (one month)', f: { de: '2024-06-01', ate: '2024-06-30' } },
    {
      call: 'cliente + estado + período',
      f: { cliente: clienteId, estado: 'completed', de: '2024-01-01', ate: '2024-12-31' },
    },
    { call: 'ação + estado resolved', f: { acao: 'PETR4', estado: 'resolved' } },
    // The fixed cost of any authenticated call (session lookup, HTTP), with next to no SQL to compare it to.
    { call: 'floor: a client without orders', f: { cliente: 2_000_000_000 } },
  ];
  return cases.map(({ call, f }) => {
    const params = new URLSearchParams({ limite: '50' });
    if (f.cliente !== undefined) params.set('cliente', String(f.cliente));
    if (f.acao) params.set('acao', f.acao);
    if (f.estado) params.set('estado', f.estado);
    if (f.de) params.set('de', f.de);
    if (f.ate) params.set('ate', f.ate);
    if (f.depoisDe) params.set('cursor', `${f.depoisDe.em}_${f.depoisDe.id}`);
    const filtro: HistoricoFiltro = { ...f, limite: 50 };
    return { call, filtro, path: `/ordens/?${params.toString()}` };
  });
}

/**
 * The server as the history bench runs it: without the background tasks that are not the call measured. The MT5
 * reconciliation and the alerts' checks (at start, then every 30 s) read the orders too: the latter's look for
 * orders in doubt took ~40 ms a statement on PGlite over these 100,000, landing inside whichever sample ran then
 * (the embedded database answers one statement at a time).
 */
export const historicoServerEnv = { MT5_RECONCILE_SECONDS: '0', ALERTAS_SEGUNDOS: '0' };

async function measureHistorico(kind: string, database: Database): Promise<Row[]> {
  const { db } = database;
  await seedOrdens(db);
  const server = await startBenchServer(database, historicoServerEnv);
  const cases = await casosDoHistorico(db);
  // Twenty rounds of every call before the first figure: the first rows no longer pay for the server's code being
  // compiled and optimised (V8 does it after many calls), which the statement's side, warm since the seed, did not.
  for (let i = 0; i < 20; i++) {
    for (const { path, filtro } of cases) {
      await server.getRaw(path);
      await queryRows(db, historicoStatement(filtro));
    }
  }
  const rows: Row[] = [];
  for (const { call, filtro, path } of cases) {
    const page = (await server.get(path)) as { results: unknown[] };
    const { wall, cpu } = await compareWithCpu(
      100,
      () => server.getRaw(path),
      () => queryRows(db, historicoStatement(filtro)),
    );
    const answer = await server.getRaw(path);
    const [decode] = await compare(
      100,
      async () => decodeAnswer(answer),
      async () => undefined,
    );
    rows.push({
      db: kind,
      call,
      rows: page.results.length,
      http: wall[0],
      sql: wall[1],
      decode,
      cpu,
    });
  }
  await server.close();
  return rows;
}

/**
 * 200 clients, each with its own simulated terminal on a loopback address of one port: 180 answer, 10 hold every
 * answer past the timeout, 10 are off (nothing listens). Each client holds 5 stocks in the book, the terminal and a
 * custody import.
 */
async function measureConciliacao(kind: string, database: Database): Promise<Row[]> {
  const { db } = database;
  await loadReferenceData(db);
  const timeoutMs = 3000;
  const subnet = `127.${100 + Math.floor(Math.random() * 100)}.${Math.floor(Math.random() * 200)}`;
  const sims: Mt5Simulator[] = [];
  const first = new Mt5Simulator({ host: `${subnet}.1`, token: 'bench', behaviour: 'online' });
  const { port } = await first.listen(0);
  sims.push(first);
  for (let i = 2; i <= 190; i++) {
    const sim = new Mt5Simulator({
      host: `${subnet}.${i}`,
      token: 'bench',
      behaviour: i > 180 ? 'slow' : 'online',
      slowMs: timeoutMs * 3,
    });
    await sim.listen(port);
    sims.push(sim);
  }
  const acoes = await queryRows<{ id: number; ticker: string }>(
    db,
    sql`select id, ticker from acoes where ticker in (${sql.join(
      TICKERS.slice(0, 5).map((t) => sql`${t}`),
      sql`, `,
    )})`,
  );
  const novos = await db
    .insert(clientes)
    .values(
      Array.from({ length: 200 }, (_, i) => ({
        nome: `Conciliado ${i + 1}`,
        codigo_xp: String(500_000 + i),
        vm_private_ip: `${subnet}.${i + 1}`,
      })),
    )
    .returning({ id: clientes.id, codigo: clientes.codigo_xp });
  const [lote] = await db
    .insert(importLotes)
    .values({
      tipo: 'custodia',
      data_referencia: '2025-03-28',
      arquivo: 'bench.xlsx',
      linhas: 1000,
      status: 'importado',
      username: 'bench',
    })
    .returning({ id: importLotes.id });
  await db.insert(operacoes).values(
    novos.flatMap((c) =>
      acoes.map((a) => ({
        cliente_id: c.id,
        acao_id: a.id,
        data_compra: '2025-03-03',
        preco_unitario: '20',
        quantidade: 300,
      })),
    ),
  );
  await db.insert(custodias).values(
    novos.flatMap((c) =>
      acoes.map((a) => ({
        lote_id: lote!.id,
        data_referencia: '2025-03-28',
        codigo: c.codigo!,
        ativo: a.ticker,
        quantidade: '300',
      })),
    ),
  );
  for (const sim of sims) for (const a of acoes) sim.terminal.setPosition(a.ticker, 300, 20);

  const server = await startBenchServer(database, {
    MT5_RECONCILE_SECONDS: '0',
    MT5_AGENT_PORT: String(port),
    MT5_AGENT_TOKEN: 'bench',
    MT5_TIMEOUT_MS: String(timeoutMs),
  });
  const samples: number[] = [];
  let answer: Array<{ situacao: string; terminal_status: string }> = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    answer = (await server.get('/conciliacao/')) as typeof answer;
    samples.push(performance.now() - t);
  }
  const by = (k: string) => answer.filter((c) => c.terminal_status === k).length;
  console.log(
    `${kind}: reconciliation of ${answer.length} clients: ${by('online')} online, ${by('timeout')} timeout, ` +
      `${by('offline')} offline; ${answer.filter((c) => c.situacao === 'confere').length} confere`,
  );
  await server.close();
  await Promise.all(sims.map((s) => s.close()));
  return [
    {
      db: kind,
      call: 'conciliação, 200 clients (vs one agent timeout)',
      rows: answer.length,
      http: median(samples),
      sql: timeoutMs,
    },
  ];
}

export default async function ordensBench(): Promise<void> {
  const rows: Row[] = [];
  for (const measure of [measureHistorico, measureConciliacao]) {
    const pglite = await openMemoryDatabase();
    rows.push(...(await measure('PGlite', pglite).finally(() => pglite.close())));
    rows.push(...((await withPostgres((database) => measure('PostgreSQL', database))) ?? []));
  }
  console.log(
    'median ms; HTTP = the whole answer through the server, to its last byte as the client receives it ' +
      '(decode = the client then decompressing and decoding it, shown apart), SQL = its statement alone, its ' +
      'text decoded by the driver (for the reconciliation: one agent timeout); must be within 1.5×. ' +
      'HTTP − SQL is what the call adds to its ' +
      'statement; the floor row is that with next to no SQL: the fixed cost of any authenticated call (HTTP, token, ' +
      "session lookup). CPU = this process's CPU time during each (median): on PGlite, whose database runs on " +
      "this thread, the whole cost of each side whatever the machine's load; on PostgreSQL only the driver's and " +
      "the server's part (the database's is in its own process)",
  );
  console.table(
    rows.map((r) => ({
      db: r.db,
      call: r.call,
      rows: r.rows,
      'HTTP ms': r.http.toFixed(2),
      'decode ms': r.decode?.toFixed(2) ?? '',
      'SQL ms': r.sql.toFixed(2),
      'HTTP − SQL ms': (r.http - r.sql).toFixed(2),
      'HTTP / SQL': (r.http / r.sql).toFixed(2),
      'CPU HTTP ms': r.cpu?.[0].toFixed(2) ?? '',
      'CPU SQL ms': r.cpu?.[1].toFixed(2) ?? '',
      'CPU HTTP / SQL': r.cpu ? (r.cpu[0] / r.cpu[1]).toFixed(2) : '',
    })),
  );
}
