import { sql } from 'drizzle-orm';
import { openMemoryDatabase, type Database, type Db } from '../db/client';
import { run } from '../db/query';
import { IBOV_YAHOO } from '../modules/rentabilidade/avisos';
import * as r from '../modules/rentabilidade/repository';
import { withPostgres } from './databases';
import { startBenchServer } from './server';
import { LIMITE_RELATORIO_MS, measureRelatorio } from './relatorio-pdf';
import { random } from './random';
import { compare } from './stats';

/**
 * `npm run bench -- rentabilidade` (issue 30): a client with 10,000 operations over 5 years, and the book of 300
 * clients over a year, each answered through the server (HTTP, uncompressed: the server's work) against its rows
 * read alone (the same statements through the driver, nothing computed). The issue asks for at most 2×. And the
 * big client's monthly report (PDF) of the last month, in under 2 s (./relatorio-pdf.ts).
 */

const TICKERS = 40;
const OPERACOES_CLIENTE = 10_000;
const CLIENTES_LIVRO = 300;
const OPERACOES_POR_CLIENTE_LIVRO = 30;
const DE_CLIENTE = '2021-01-04';
const DE_LIVRO = '2025-01-02';
const ATE = '2025-12-31';

function weekdays(de: string, ate: string): string[] {
  const dias: string[] = [];
  for (let d = new Date(`${de}T12:00:00Z`); d.toISOString().slice(0, 10) <= ate;) {
    if (d.getUTCDay() % 6 !== 0) dias.push(d.toISOString().slice(0, 10));
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return dias;
}

/** Rows as comma-separated columns, unnested server-side (a few parameters per thousands of rows). */
async function insertColumns(db: Db, table: string, columns: Record<string, string[]>) {
  const names = Object.keys(columns);
  const n = columns[names[0]!]!.length;
  for (let i = 0; i < n; i += 20_000) {
    const arrays = names.map(
      // An empty value is SQL null (a sale still open).
      (c) => sql`string_to_array(${columns[c]!.slice(i, i + 20_000).join(',')}, ',', '')`,
    );
    await run(
      db,
      sql`insert into ${sql.raw(table)} (${sql.raw(names.join(', '))})
          select * from unnest(${sql.join(
            arrays.map((a, k) => sql`${a}::${sql.raw(TYPES[names[k]!] ?? 'text')}[]`),
            sql`, `,
          )})`,
    );
  }
}

const TYPES: Record<string, string> = {
  acao_id: 'int',
  cliente_id: 'int',
  quantidade: 'int',
  volume: 'bigint',
  data: 'date',
  data_compra: 'date',
  data_venda: 'date',
  abertura: 'numeric',
  maxima: 'numeric',
  minima: 'numeric',
  fechamento: 'numeric',
  preco_unitario: 'numeric',
  preco_venda_unitario: 'numeric',
  custos_compra: 'numeric',
  custos_venda: 'numeric',
  taxa: 'numeric',
};

export async function seed(db: Db): Promise<{ clienteId: number }> {
  const rnd = random(30);
  const sessoes = weekdays('2020-12-28', ATE);
  const acaoIds: number[] = [];
  for (let i = 0; i < TICKERS; i++) {
    const [row] = await db
      .execute(
        sql`insert into acoes (ticker, setor) values (${`BNCH${i}`}, ${`Setor ${i % 7}`}) returning id`,
      )
      .then((res) => (res as unknown as { rows: Array<{ id: number }> }).rows);
    acaoIds.push(row!.id);
  }
  const precos: Record<string, string[]> = { acao_id: [], data: [], abertura: [], maxima: [], minima: [], fechamento: [], volume: [] }; // prettier-ignore
  const fechamento = new Map<string, string>();
  for (const id of acaoIds) {
    let p = 10 + rnd() * 60;
    for (const s of sessoes) {
      p = Math.max(1, p * (1 + (rnd() - 0.5) * 0.04));
      const f = p.toFixed(2);
      fechamento.set(`${id}/${s}`, f);
      for (const c of ['abertura', 'maxima', 'minima', 'fechamento']) precos[c]!.push(f);
      precos.acao_id!.push(String(id));
      precos.data!.push(s);
      precos.volume!.push('1000');
    }
  }
  await insertColumns(db, 'precos_diarios', precos);
  await insertColumns(db, 'cdi_diario', {
    data: sessoes,
    taxa: sessoes.map(() => '0.045'),
    fonte: sessoes.map(() => 'bcb'),
  });
  await insertColumns(db, 'indices_diarios', {
    indice: sessoes.map(() => IBOV_YAHOO),
    data: sessoes,
    fechamento: sessoes.map((_, i) => (100_000 + i * 10).toFixed(2)),
    fonte: sessoes.map(() => 'yahoo'),
  });
  const ids = await db
    .execute(
      sql`insert into clientes (nome)
          select 'Cliente ' || g from generate_series(1, ${CLIENTES_LIVRO}) g returning id`,
    )
    .then((res) => (res as unknown as { rows: Array<{ id: number }> }).rows.map((c) => c.id));
  const ops: Record<string, string[]> = { cliente_id: [], acao_id: [], data_compra: [], preco_unitario: [], quantidade: [], data_venda: [], preco_venda_unitario: [], custos_compra: [], custos_venda: [] }; // prettier-ignore
  const add = (cliente: number, desde: number) => {
    const id = acaoIds[Math.floor(rnd() * acaoIds.length)]!;
    const i = desde + Math.floor(rnd() * (sessoes.length - 1 - desde));
    const j = rnd() < 0.7 ? Math.min(sessoes.length - 1, i + 5 + Math.floor(rnd() * 120)) : null;
    ops.cliente_id!.push(String(cliente));
    ops.acao_id!.push(String(id));
    ops.data_compra!.push(sessoes[i]!);
    ops.preco_unitario!.push(fechamento.get(`${id}/${sessoes[i]}`)!);
    ops.quantidade!.push(String(100 * (1 + Math.floor(rnd() * 20))));
    ops.data_venda!.push(j === null ? '' : sessoes[j]!);
    ops.preco_venda_unitario!.push(j === null ? '' : fechamento.get(`${id}/${sessoes[j]}`)!);
    ops.custos_compra!.push((rnd() * 20).toFixed(2));
    ops.custos_venda!.push(j === null ? '0' : (rnd() * 20).toFixed(2));
  };
  for (let k = 0; k < OPERACOES_CLIENTE; k++) add(ids[0]!, 1);
  const umAnoEMeioAntes = sessoes.length - 390;
  for (const c of ids.slice(1)) {
    for (let k = 0; k < OPERACOES_POR_CLIENTE_LIVRO; k++) add(c, umAnoEMeioAntes);
  }
  await insertColumns(db, 'operacoes', ops);
  await seedProventos(db, acaoIds, sessoes);
  await run(db, sql`analyze`);
  return { clienteId: ids[0]! };
}

/** Twenty dividends in the book's year, paid on every operation held at the close before each data_ex. */
async function seedProventos(db: Db, acaoIds: number[], sessoes: string[]) {
  for (let k = 0; k < 20; k++) {
    const acao = acaoIds[(k * 7) % acaoIds.length]!;
    const dataEx = sessoes[sessoes.length - 240 + k * 11]!;
    await run(
      db,
      sql`with e as (
            insert into eventos_corporativos (acao_id, tipo, data_ex, valor_por_acao, fonte, aplicado_em)
            values (${acao}, 'dividendo', ${dataEx}, 0.35, 'manual', now()) returning id, data_ex)
          insert into proventos (evento_id, operacao_id, quantidade, valor_bruto, valor_liquido)
          select e.id, o.id, o.quantidade, o.quantidade * 0.35, o.quantidade * 0.35
          from e join operacoes o on o.acao_id = ${acao} and o.data_compra < e.data_ex
            and (o.data_venda is null or o.data_venda >= e.data_ex)`,
    );
  }
}

/** The statements an answer runs, in the same order, their rows read and nothing computed. */
async function rowsAlone(db: Db, escopo: r.Escopo, de: string, anterior: string) {
  await r.selectClientes(db, escopo);
  await Promise.all([
    r.selectAcoes(db, escopo, ATE, null),
    r.selectFechamentos(db, escopo, { de, ate: ATE }, null),
    r.selectEventosDeAcoes(db, escopo, ATE, null),
    r.selectCdi(db, de, ATE),
    r.selectIndice(db, IBOV_YAHOO, de, ATE),
    r.selectAtualizacoes(db, IBOV_YAHOO),
  ]);
  await Promise.all([
    r.selectOperacoes(db, escopo, anterior, ATE),
    r.selectAplicacoes(db, escopo, anterior, ATE),
    r.selectProventos(db, escopo, anterior, ATE),
  ]);
}

async function measure(kind: string, database: Database) {
  const { db } = database;
  const { clienteId } = await seed(db);
  const server = await startBenchServer(database);
  const get = async (path: string) => {
    const res = await fetch(server.base + path, {
      headers: { authorization: `Bearer ${server.token}`, 'accept-encoding': 'identity' },
    });
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<{ anterior: string; serie?: unknown[]; clientes?: unknown[] }>;
  };
  const cliente = `/clientes/${clienteId}/rentabilidade/?de=${DE_CLIENTE}&ate=${ATE}`;
  const livro = `/rentabilidade/?de=${DE_LIVRO}&ate=${ATE}`;
  const a = await get(cliente);
  const b = await get(livro);
  const rows = [];
  const [httpC, sqlC] = await compare(
    8,
    () => get(cliente),
    () => rowsAlone(db, { cliente: clienteId }, DE_CLIENTE, a.anterior),
  );
  rows.push({ db: kind, call: `cliente: ${OPERACOES_CLIENTE} operações, ${a.serie!.length} pregões`, http: httpC, sql: sqlC }); // prettier-ignore
  const [httpL, sqlL] = await compare(
    8,
    () => get(livro),
    () => rowsAlone(db, 'livro', DE_LIVRO, b.anterior),
  );
  rows.push({ db: kind, call: `livro: ${b.clientes!.length} clientes, um ano`, http: httpL, sql: sqlL }); // prettier-ignore
  const pdf = await measureRelatorio(server, clienteId, ATE.slice(0, 7));
  console.log(
    `${kind}: relatório mensal de ${ATE.slice(5, 7)}/${ATE.slice(0, 4)} (PDF) do cliente de ` +
      `${OPERACOES_CLIENTE} operações em 5 anos: ${pdf.ms.toFixed(0)} ms (CPU deste processo: ` +
      `${pdf.cpuMs.toFixed(0)} ms), ${pdf.bytes} bytes, ` +
      `${pdf.paginas ?? '?'} páginas (≤ ${LIMITE_RELATORIO_MS} ms: ${pdf.ms <= LIMITE_RELATORIO_MS ? 'sim' : 'NÃO'})`,
  );
  await server.close();
  return rows;
}

export default async function rentabilidadeBench(): Promise<void> {
  const pglite = await openMemoryDatabase();
  const rows = await measure('PGlite', pglite).finally(() => pglite.close());
  rows.push(...((await withPostgres((database) => measure('PostgreSQL', database))) ?? []));
  console.log(
    'median ms per call; HTTP = the whole answer through the server, SQL = its rows read alone',
  );
  console.table(
    rows.map((x) => ({
      db: x.db,
      call: x.call,
      'HTTP ms': x.http.toFixed(1),
      'SQL ms': x.sql.toFixed(1),
      'HTTP / SQL': (x.http / x.sql).toFixed(2),
      '≤ 2×': x.http / x.sql <= 2 ? 'sim' : 'NÃO',
    })),
  );
}
