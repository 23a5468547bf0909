import { startFleet, type SimFleet } from '../../tests/server/mt5-sim/fleet';
import { openMemoryDatabase, type Database } from '../db/client';
import {
  acoes,
  clientes,
  importLotes,
  modeloClientes,
  modeloItens,
  modelos,
  operacoes,
  patrimonios,
  precosDiarios,
} from '../db/schema';
import { withPostgres } from './databases';
import { startBenchServer } from './server';
import { median } from './stats';

/**
 * Issue 33's figure: the rebalance plan (validar) of 300 clients following one model, on both databases, must
 * answer within 1.5 × one agent timeout — their terminals asked side by side, as the lotes' are. Every terminal
 * answers after a delay (DELAY_MS, as a VM across a network would), 10 never answer in time and 10 are off (nothing
 * listens). Each client holds 5 of the model's 10 stocks, book and terminal alike. MT5_TIMEOUT_MS is the product's
 * default (3000 ms) unless set; PostgreSQL: BENCH_PG_URL, else a throw-away server.
 */

const CLIENTES = 300;
const SEM_RESPOSTA = 10;
const DESLIGADOS = 10;
/** How long each answering terminal takes to answer. */
const DELAY_MS = 400;
const RUNS = 5;
const TICKERS = [
  'PETR4',
  'VALE3',
  'ITUB4',
  'BBDC4',
  'BBAS3',
  'ABEV3',
  'WEGE3',
  'RENT3',
  'SUZB3',
  'GGBR4',
];

type Db = Database['db'];

/** Terminals answering after DELAY_MS (two fleets: one subnet holds at most 254), and those that never answer. */
async function startTerminais(token: string, timeoutMs: number): Promise<SimFleet[]> {
  const respondem = CLIENTES - SEM_RESPOSTA - DESLIGADOS;
  const metade = Math.ceil(respondem / 2);
  const opts = { token, slowMs: DELAY_MS, marginFree: 1e9 };
  const first = await startFleet(Array(metade).fill('slow'), opts);
  const port = { port: first.port };
  return [
    first,
    await startFleet(Array(respondem - metade).fill('slow'), { ...opts, ...port }),
    await startFleet(Array(SEM_RESPOSTA).fill('slow'), {
      ...opts,
      ...port,
      slowMs: 10 * timeoutMs,
    }),
  ];
}

/** The stocks and their closes, the model (10 × 9 %, caixa 10 %) and the clients with their holdings. */
async function seed(db: Db, fleets: SimFleet[]): Promise<number> {
  const ativos = await db
    .insert(acoes)
    .values(TICKERS.map((ticker) => ({ ticker })))
    .returning({ id: acoes.id, ticker: acoes.ticker });
  await db.insert(precosDiarios).values(
    ativos.map((a, i) => {
      const p = String(20 + 5 * i);
      return {
        acao_id: a.id,
        data: '2025-10-29',
        abertura: p,
        maxima: p,
        minima: p,
        fechamento: p,
        volume: 1000,
      };
    }),
  );
  const [modelo] = await db
    .insert(modelos)
    .values({ nome: 'Bench', caixa_alvo: '10', faixa_tipo: 'absoluta', faixa_valor: '5' })
    .returning({ id: modelos.id });
  await db
    .insert(modeloItens)
    .values(TICKERS.map((ticker, ordem) => ({ modelo_id: modelo!.id, ticker, peso: '9', ordem })));
  const sims = fleets.flatMap((f) => f.sims);
  const hosts = [
    ...fleets.flatMap((f) => f.hosts),
    ...Array<string>(DESLIGADOS).fill(fleets[0]!.deadHost),
  ];
  const rows = await db
    .insert(clientes)
    .values(
      hosts.map((host, i) => ({
        nome: `Cliente ${String(i).padStart(3, '0')}`,
        codigo_xp: String(80000 + i),
        percentual_patrimonio: '100',
        vm_private_ip: host,
      })),
    )
    .returning({ id: clientes.id, codigo: clientes.codigo_xp });
  await db
    .insert(modeloClientes)
    .values(rows.map((r) => ({ cliente_id: r.id, modelo_id: modelo!.id })));
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
      patrimonio: '200000.00',
    })),
  );
  // Each client holds 5 of the 10 stocks (a different five by client), 100 to 900 shares.
  const posicoes = rows.flatMap((r, i) =>
    [0, 1, 2, 3, 4].map((k) => {
      const a = ativos[(i + 2 * k) % ativos.length]!;
      return { cliente: i, cliente_id: r.id, acao: a, quantidade: 100 * (1 + ((i + k) % 9)) };
    }),
  );
  await db.insert(operacoes).values(
    posicoes.map((p) => ({
      cliente_id: p.cliente_id,
      acao_id: p.acao.id,
      data_compra: '2025-01-02',
      preco_unitario: '20',
      quantidade: p.quantidade,
    })),
  );
  for (const p of posicoes) sims[p.cliente]?.terminal.setPosition(p.acao.ticker, p.quantidade, 20);
  return modelo!.id;
}

interface Plano {
  itens: Array<{ excluido: boolean; motivo: string | null; ordens: unknown[] }>;
}

async function measure(kind: string, database: Database, timeoutMs: number) {
  const token = 'bench-agent-token';
  const fleets = await startTerminais(token, timeoutMs);
  try {
    const modelo = await seed(database.db, fleets);
    const server = await startBenchServer(database, {
      MT5_AGENT_PORT: String(fleets[0]!.port),
      MT5_AGENT_TOKEN: token,
      MT5_TIMEOUT_MS: String(timeoutMs),
      MT5_RECONCILE_SECONDS: '0',
    });
    try {
      const validate = async () => {
        const started = performance.now();
        const res = await fetch(`${server.base}/modelos/${modelo}/rebalancear/validar/`, {
          method: 'POST',
          headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ modo: 'completo' }),
        });
        const text = await res.text();
        const ms = performance.now() - started;
        if (res.status !== 200) throw new Error(`validar: ${res.status} ${text.slice(0, 200)}`);
        return { ms, plano: JSON.parse(text) as Plano };
      };
      const { plano } = await validate();
      const fora = plano.itens.filter((i) => i.excluido).length;
      if (plano.itens.length !== CLIENTES || fora !== SEM_RESPOSTA + DESLIGADOS) {
        throw new Error(`validar: ${plano.itens.length} clients, ${fora} left out`);
      }
      const ms: number[] = [];
      for (let i = 0; i < RUNS; i++) ms.push((await validate()).ms);
      const ordens = plano.itens.reduce((s, i) => s + i.ordens.length, 0);
      return { db: kind, ms: median(ms), ordens, fora };
    } finally {
      await server.close();
    }
  } finally {
    await Promise.all(fleets.map((f) => f.close()));
  }
}

export default async function rebalanceamentoBench(): Promise<void> {
  const timeoutMs = Number(process.env.MT5_TIMEOUT_MS ?? 3000);
  const pglite = await openMemoryDatabase();
  const rows = [await measure('PGlite', pglite, timeoutMs).finally(() => pglite.close())];
  const pg = await withPostgres((database) => measure('PostgreSQL', database, timeoutMs));
  if (pg) rows.push(pg);
  console.log(
    `median of ${RUNS} runs; ${CLIENTES} clients, their terminals answering after ${DELAY_MS} ms ` +
      `(${SEM_RESPOSTA} never in time, ${DESLIGADOS} off); a model of ${TICKERS.length} stocks`,
  );
  console.table(
    rows.map((r) => ({
      db: r.db,
      medida: `validar (${CLIENTES} clientes)`,
      ms: r.ms.toFixed(1),
      referência: `timeout ${timeoutMs} ms`,
      razão: (r.ms / timeoutMs).toFixed(2),
      limite: '≤ 1.5',
      ok: r.ms / timeoutMs <= 1.5 ? 'sim' : 'NÃO',
      ordens: r.ordens,
      'fora do plano': r.fora,
    })),
  );
}
