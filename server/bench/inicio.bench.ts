import { sql } from 'drizzle-orm';
import { INICIO_EVENTOS_DIAS, type Inicio } from '../../contract';
import { todayIso } from '../../shared/dates';
import { addDays } from '../../shared/ir/calendario';
import { openMemoryDatabase, type Database, type Db } from '../db/client';
import { queryRows } from '../db/query';
import { tickersPosicionados } from '../modules/carteira';
import {
  cotacoesSql,
  selectAlertasNaoLidos,
  selectDivergencias,
  selectEventos,
  selectLotes,
  selectOrdens,
  selectPosicoesAtencao,
  selectResultado,
  selectTerminais,
} from '../modules/inicio/repository';
import { withPostgres } from './databases';
import { seed as seedPainel } from './painel-seed';
import { startBenchServer } from './server';
import { compare } from './stats';

/**
 * Issue 34, item 1: GET /api/inicio/ through the real server (its token check, its statements side by side, the
 * JSON) against the sum of the reads it is made of, each run alone one after the other — the open positions'
 * tickers, their quotes, and the eight sections' statements. On the control panel's book (312 clients, 10,081
 * open positions, every one with a target, half with a stop) with a day's worth of attention: 300 orders in
 * flight (50 in doubt), 10 lotes of 20 orders, 40 terminals offline, 200 divergences, 30 ex-dates, 1,000 unread
 * notifications. ≤ 1.5×. PGlite and PostgreSQL (BENCH_PG_URL, else a throw-away server).
 */

const RUNS = 21;

async function seedAtencao(db: Db, hoje: string): Promise<void> {
  // A stop 5 % under the price paid for every other position: the quotes put some of them near.
  await db.execute(
    sql`update operacoes set valor_stop = round(preco_unitario * 0.95, 2) where id % 2 = 0 and data_venda is null`,
  );
  await db.execute(
    sql`insert into order_lotes (id, lado, ticker_base, execucao, idempotency_key, idempotency_scope,
          idempotency_hash, created_by)
        select ('00000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid, 'compra', 'PETR4', 'mercado',
          'k' || i, 'bench', 'h', 'bench'
        from generate_series(1, 10) as i`,
  );
  await db.execute(
    sql`insert into order_groups (id, cliente_id, lado, ticker_base, execucao, state, created_by, lote_id)
        select ('10000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid,
          (select min(id) from clientes) + i % 312, 'compra', 'PETR4', 'mercado',
          case when i % 3 = 0 then 'pending' else 'sent' end, 'bench',
          case when i <= 200 then ('00000000-0000-4000-8000-' || lpad((1 + i % 10)::text, 12, '0'))::uuid end
        from generate_series(1, 500) as i`,
  );
  await db.execute(
    sql`insert into order_legs (group_id, leg, symbol, volume, client_order_id, state)
        select g.id, 1, 'PETR4', 100, g.id::text || ':1',
          case when row_number() over (order by g.id) % 10 = 0 then 'unknown' else 'placed' end
        from order_groups g`,
  );
  // Completed orders of the past: what the in-flight reads must not walk.
  await db.execute(
    sql`insert into order_groups (id, cliente_id, lado, ticker_base, execucao, state, created_by)
        select ('20000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid,
          (select min(id) from clientes) + i % 312, 'venda', 'VALE3', 'mercado', 'completed', 'bench'
        from generate_series(1, 20000) as i`,
  );
  await db.execute(
    sql`insert into mt5_status (cliente_id, chave, status, detail, medido_em)
        select id, 'bench', case when id % 8 = 0 then 'offline' else 'online' end, null, now() from clientes`,
  );
  await db.execute(
    sql`insert into alertas (tipo, chave, episodio, estado, cliente_id, ticker, titulo, desde, created_at, updated_at)
        select 'divergencia', 'divergencia:' || i, '1', case when i <= 200 then 'disparado' else 'resolvido' end,
          (select min(id) from clientes) + i % 312, 'PETR4', 'Divergência ' || i, now(), now(), now()
        from generate_series(1, 2000) as i`,
  );
  const [bench] = await queryRows<{ id: number }>(
    db,
    sql`select id from users where username = 'bench'`,
  );
  await db.execute(
    sql`insert into notificacoes (alerta_id, user_id, tipo, aviso, motivo, titulo, lida, created_at)
        select a.id, ${bench!.id}, 'divergencia', 1, 'disparo', a.titulo, a.id % 2 = 0, now()
        from alertas a where a.tipo = 'divergencia' on conflict do nothing`,
  );
  await db.execute(
    sql`insert into eventos_corporativos (acao_id, tipo, data_ex, valor_por_acao, fonte)
        select acao_id, 'dividendo', ${hoje}::date + (n % ${INICIO_EVENTOS_DIAS})::int, 0.5, 'manual'
        from (select acao_id, row_number() over (order by acao_id) as n
              from (select distinct acao_id from operacoes) d) x where n <= 30`,
  );
  await db.execute(sql`analyze`);
}

async function run(label: string, database: Database): Promise<void> {
  const { db } = database;
  await seedPainel(db);
  // No background checks or status rounds meanwhile: what is measured is the request and its reads.
  const server = await startBenchServer(database, {
    ALERTAS_SEGUNDOS: '0',
    MT5_STATUS_SECONDS: '86400',
  });
  try {
    const hoje = todayIso();
    await seedAtencao(db, hoje);
    const { quotes } = server.app.deps;
    const leituras = async () => {
      const tickers = await tickersPosicionados(db);
      const c = cotacoesSql(await quotes.getQuotes(tickers));
      await selectResultado(db, c, hoje, `${hoje.slice(0, 8)}01`);
      await selectPosicoesAtencao(db, c);
      await selectOrdens(db);
      await selectLotes(db);
      await selectTerminais(db);
      await selectDivergencias(db);
      await selectEventos(db, hoje, addDays(hoje, INICIO_EVENTOS_DIAS));
      await selectAlertasNaoLidos(db, 'bench');
    };
    const inicio = (await server.get('/inicio/')) as Inicio;
    const [endpoint, soma] = await compare(RUNS, () => server.get('/inicio/'), leituras);
    const n = (k: keyof Omit<Inicio, 'hoje' | 'resultado'>) => `${k} ${inicio[k].total}`;
    console.log(
      `${label}  ${inicio.resultado.posicoes} open positions; ` +
        (
          [
            'alvos',
            'stops',
            'ordens',
            'lotes',
            'terminais',
            'divergencias',
            'eventos',
            'alertas',
          ] as const
        )
          .map(n)
          .join(', '),
    );
    console.log(`  the reads one after the other   ${soma.toFixed(1)} ms`);
    console.log(`  GET /api/inicio/                ${endpoint.toFixed(1)} ms`);
    console.log(`  ratio                           ${(endpoint / soma).toFixed(2)}× (≤ 1.5×)`);
  } finally {
    await server.close();
  }
}

export default async function inicioBench(): Promise<void> {
  const pglite = await openMemoryDatabase();
  try {
    await run('PGlite     ', pglite);
  } finally {
    await pglite.close();
  }
  await withPostgres((database) => run('PostgreSQL ', database));
}
