import { openMemoryDatabase, type Database } from '../db/client';
import { readLinhasIr } from '../modules/ir/leitura';
import { getAnoIr, getLivroIr, readLivro } from '../modules/ir/relatorios';
import { withPostgres } from './databases';
import { seedBookIr } from './ir-seed';
import { compare } from './stats';

/**
 * The income-tax reports on both databases (issue 29: the computation adds at most as much as the reads, so each
 * report within 2× its rows read alone): a client with 10,000 trades over 5 years, the year's report; the book's
 * month for 300 clients of 2,000 trades each. "Read" is the report's own queries (the same snapshot, the same
 * statements), "report" the whole service call: the reads, the engine (shared/ir) and the answer's numbers.
 * PostgreSQL: BENCH_PG_URL, else a throw-away server.
 */

const GRANDE = 10_000;
const CLIENTES = 300;
const OPERACOES_CADA = 2_000;

interface Linha {
  db: string;
  call: string;
  read: number;
  report: number;
}

async function measure(kind: string, database: Database): Promise<Linha[]> {
  const { db } = database;
  const t0 = performance.now();
  const book = await seedBookIr(db, GRANDE, CLIENTES - 1, OPERACOES_CADA);
  console.log(
    `${kind}: ${book.operacoes} operations of ${book.clientes} clients written in ` +
      `${((performance.now() - t0) / 1000).toFixed(1)} s (the large client: ${book.operacoesGrande})`,
  );
  const ano = await getAnoIr(db, book.grande, 2026);
  const livro = await getLivroIr(db, '2026-03');
  console.log(
    `  2026 tax of the large client: ${ano.meses.map((m) => m.imposto.toFixed(2)).join(' ')}\n` +
      `  2026-03: ${livro.clientes.filter((c) => c.situacao === 'a_pagar').length} DARFs of ` +
      `${livro.clientes.length} clients`,
  );
  const [anoRead, anoReport] = await compare(
    15,
    () => readLinhasIr(db, { cliente: book.grande, fim: '2026-12-31', dividendosDe: '2026-01-01' }),
    () => getAnoIr(db, book.grande, 2026),
  );
  const [livroRead, livroReport] = await compare(
    3,
    () => readLivro(db, '2026-03'),
    () => getLivroIr(db, '2026-03'),
  );
  return [
    {
      db: kind,
      call: `clientes/{id}/ir/?ano=2026 (${GRANDE.toLocaleString('en')} trades)`,
      read: anoRead,
      report: anoReport,
    },
    {
      db: kind,
      call: `ir/?mes=2026-03 (${CLIENTES} clients × ${OPERACOES_CADA.toLocaleString('en')})`,
      read: livroRead,
      report: livroReport,
    },
  ];
}

export default async function irBench(): Promise<void> {
  const pglite = await openMemoryDatabase();
  const rows = await measure('PGlite', pglite).finally(() => pglite.close());
  rows.push(...((await withPostgres((database) => measure('PostgreSQL', database))) ?? []));
  console.log(
    'median ms per call; read = the report’s queries alone, report = the whole service call',
  );
  console.table(
    rows.map((r) => ({
      db: r.db,
      call: r.call,
      'read ms': r.read.toFixed(1),
      'report ms': r.report.toFixed(1),
      'report / read': (r.report / r.read).toFixed(2),
    })),
  );
  const over = rows.filter((r) => r.report > 2 * r.read);
  console.log(
    over.length ? `OVER 2×: ${over.map((r) => `${r.db} ${r.call}`).join('; ')}` : 'all within 2×',
  );
}
