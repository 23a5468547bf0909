import { sql } from 'drizzle-orm';
import { todayIso } from '../../shared/dates';
import { openMemoryDatabase, type Database, type Db } from '../db/client';
import { withPostgres } from './databases';
import { queryRows } from '../db/query';
import { clientes, importLotes, operacoes, patrimonios } from '../db/schema';
import { readVersions } from '../lib/cache';
import { posicoesAbertasJson, tickersPosicionados } from '../modules/carteira/figures';
import { lastCloses } from '../lib/quotes';
import { prepared } from '../lib/prepared';
import { posicoesPorPagina } from '../modules/painel/service';
import { loadDemoPrecos } from '../seed/demo-precos';
import { loadReferenceData } from '../seed/reference';
import { movingQuotes, startBenchServer } from './server';
import { compare } from './stats';

/**
 * The portfolio's hot calls on both databases, side by side: a client with 2,000 operations (resumo and
 * operacoes, answer time over HTTP against their SQL alone: the same prepared statements run through the
 * driver), and dashboard-rv with 20,000 open positions, built (a quote changing before every call) and kept
 * (nothing changed). PostgreSQL: BENCH_PG_URL, else a throw-away server.
 */

const OPERACOES_CLIENTE = 2_000;
const POSICOES_PAINEL = 20_000;

type Statement = { execute(values?: Record<string, unknown>): Promise<unknown> };
/** The statement a route prepared on this database (the route ran first, so it exists). */
const statement = (db: Db, name: string) =>
  prepared<Statement>(db, name, () => {
    throw new Error(`${name} was not prepared by its route`);
  });

async function seed(db: Db): Promise<{ clienteId: number }> {
  await loadReferenceData(db);
  await loadDemoPrecos(db);
  const acoes = await queryRows<{ id: number }>(
    db,
    sql`select distinct acao_id as id from precos_diarios order by 1`,
  );
  const [lote] = await db
    .insert(importLotes)
    .values({
      tipo: 'patrimonio',
      data_referencia: '2025-10-29',
      arquivo: 'bench.xlsx',
      linhas: 201,
      status: 'importado',
      username: 'bench',
    })
    .returning();
  const novos = await db
    .insert(clientes)
    .values(
      Array.from({ length: 201 }, (_, i) => ({
        nome: `Cliente ${String(i).padStart(3, '0')}`,
        codigo_xp: String(100000 + i),
        percentual_patrimonio: '25',
      })),
    )
    .returning({ id: clientes.id, codigo: clientes.codigo_xp });
  await db.insert(patrimonios).values(
    novos.map((c) => ({
      lote_id: lote!.id,
      data_referencia: '2025-10-29',
      codigo: c.codigo!,
      patrimonio: '2500000.00',
    })),
  );
  const op = (clienteId: number, i: number, aberta: boolean) => ({
    cliente_id: clienteId,
    acao_id: acoes[i % acoes.length]!.id,
    data_compra: `2025-0${1 + (i % 9)}-${String(1 + (i % 28)).padStart(2, '0')}`,
    preco_unitario: (10 + (i % 50) + 0.1234).toFixed(4),
    quantidade: 100 + (i % 7) * 100,
    data_venda: aberta ? null : '2025-10-01',
    preco_venda_unitario: aberta ? null : (11 + (i % 50)).toFixed(4),
    valor_alvo: (12 + (i % 50)).toFixed(4),
  });
  // The measured client: 2,000 operations, 70 % open. The others: 20,000 open positions in all.
  const [alvo, ...outros] = novos;
  const rows = Array.from({ length: OPERACOES_CLIENTE }, (_, i) => op(alvo!.id, i, i % 10 < 7));
  const abertasAlvo = rows.filter((r) => r.data_venda === null).length;
  for (let i = 0; i < POSICOES_PAINEL - abertasAlvo; i++) {
    rows.push(op(outros[i % outros.length]!.id, i, true));
  }
  for (let i = 0; i < rows.length; i += 2000) {
    await db.insert(operacoes).values(rows.slice(i, i + 2000));
  }
  await db.execute(sql`analyze`);
  return { clienteId: alvo!.id };
}

async function measure(kind: string, database: Database) {
  const { db } = database;
  const { clienteId } = await seed(db);
  const server = await startBenchServer(database);
  // The server's work to answer, as before compression came: the compressed forms are the painel bench's.
  const get = async (path: string) => {
    const res = await fetch(server.base + path, {
      headers: { authorization: `Bearer ${server.token}`, 'accept-encoding': 'identity' },
    });
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    return res.json();
  };
  const hoje = todayIso();

  const ops = (await get(`/operacoes/?cliente=${clienteId}`)) as unknown[];
  const painel = (await get('/dashboard-rv/')) as { posicionadas: unknown[] };
  if (ops.length !== OPERACOES_CLIENTE || painel.posicionadas.length !== POSICOES_PAINEL) {
    throw new Error(
      `unexpected sizes: ${ops.length} operations, ${painel.posicionadas.length} positions`,
    );
  }

  const rows: Array<{ db: string; call: string; http: number; sql: number }> = [];
  const add = (call: string, [http, sqlAlone]: [number, number]) =>
    rows.push({ db: kind, call, http, sql: sqlAlone });

  add(
    `operacoes (${OPERACOES_CLIENTE} operations)`,
    await compare(
      40,
      () => get(`/operacoes/?cliente=${clienteId}`),
      () => statement(db, 'operacoes_por_cliente').execute({ cliente: clienteId, hoje }),
    ),
  );
  const tickersCliente = (
    await queryRows<{ ticker: string }>(
      db,
      sql`select distinct a.ticker from operacoes o join acoes a on a.id = o.acao_id
          where o.cliente_id = ${clienteId} and o.data_venda is null`,
    )
  ).map((r) => r.ticker);
  add(
    `resumo (${OPERACOES_CLIENTE} operations)`,
    await compare(
      60,
      () => get(`/clientes/${clienteId}/resumo/`),
      async () => {
        await Promise.all([
          statement(db, 'resumo_cliente').execute({ cliente: clienteId }),
          statement(db, 'resumo_grupos').execute({ cliente: clienteId }),
        ]);
        await lastCloses(db, tickersCliente);
      },
    ),
  );

  // dashboard-rv's statements when it builds: the versions, the open tickers and their quotes, the rows (in pages
  // on PGlite, then the versions again: did a write land between pages?).
  const dashboardSql = async () => {
    await readVersions(db);
    const quotes = await lastCloses(db, await tickersPosicionados(db));
    const pageSize = posicoesPorPagina(db);
    await posicoesAbertasJson(db, quotes, hoje, pageSize);
    if (pageSize !== null) await readVersions(db);
  };
  // A quote that changes before every load: each call builds the answer.
  const quotes = server.app.deps.quotes;
  server.app.deps.quotes = movingQuotes(quotes);
  add(
    `dashboard-rv (${POSICOES_PAINEL} open positions), built`,
    await compare(10, () => get('/dashboard-rv/'), dashboardSql),
  );
  server.app.deps.quotes = quotes;
  add(
    `dashboard-rv (${POSICOES_PAINEL} open positions), cached`,
    await compare(10, () => get('/dashboard-rv/'), dashboardSql),
  );
  add(
    'patrimonio-disponivel (201 clients), cached',
    await compare(
      20,
      () => get('/patrimonio-disponivel/'),
      () => statement(db, 'patrimonio_disponivel').execute(),
    ),
  );
  await server.close();
  return rows;
}

export default async function carteiraBench(): Promise<void> {
  const pglite = await openMemoryDatabase();
  const rows = await measure('PGlite', pglite).finally(() => pglite.close());
  rows.push(...((await withPostgres((database) => measure('PostgreSQL', database))) ?? []));
  console.log(
    'median ms per call; HTTP = the whole answer through the server, SQL = its statements alone',
  );
  console.table(
    rows.map((r) => ({
      db: r.db,
      call: r.call,
      'HTTP ms': r.http.toFixed(2),
      'SQL ms': r.sql.toFixed(2),
      'HTTP / SQL': (r.http / r.sql).toFixed(2),
    })),
  );
}
