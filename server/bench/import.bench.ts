import { performance } from 'node:perf_hooks';
import * as XLSX from '@e965/xlsx';
import { openMemoryDatabase, type Database } from '../db/client';
import { withPostgres } from './databases';
import { DEFAULT_LIMITS } from '../modules/importacao/limits';
import { createParsePool, type ParsePool } from '../modules/importacao/parse-pool';
import { importWorkbook } from '../modules/importacao/service';

/**
 * The import of a 10,000-row workbook (10,000 Patrimônio rows and 10,000 Custódia rows) against a bare SheetJS
 * parse of the same file. The issue requires import ≤ 2× bare parse. "import" is the whole upload path after the
 * multipart read: ZIP directory check, parse and validation in the worker thread, the transaction that stores both
 * sheets with their lotes and audit. Medians of ROUNDS after a warm-up (the first upload after a start also
 * pays the worker's start, shown apart). "bare parse" is XLSX.read with SheetJS's defaults. PostgreSQL: BENCH_PG_URL, else a throw-away server like the API tests'.
 */
const ROWS = 10_000;
const ROUNDS = 7;

function workbook(): Buffer {
  const patrimonio: unknown[][] = [
    ['Relatório de patrimônio'],
    [],
    ['Código', 'Nome', 'Patrimônio'],
  ];
  const custodia: unknown[][] = [
    ['Código do Cliente', 'Ativo', 'Quantidade', 'Preço Médio', 'Valor'],
  ];
  const tickers = ['PETR4', 'VALE3', 'ITUB4', 'BBDC4', 'ABEV3', 'WEGE3', 'BBAS3'];
  for (let i = 0; i < ROWS; i++) {
    const codigo = String(100_000 + i);
    // Half the numbers as cells, half as pt-BR text, as real exports mix them.
    const valor = 1000 + i * 37.13;
    patrimonio.push([codigo, `Cliente ${i}`, i % 2 ? valor : valor.toFixed(2).replace('.', ',')]);
    custodia.push([
      codigo,
      tickers[i % tickers.length],
      100 + i,
      12.3456,
      i % 2 ? 1234.56 : 'R$ 1.234,56',
    ]);
  }
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(patrimonio), 'Patrimônio');
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(custodia), 'Custódia');
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (x: number) => `${x.toFixed(0).padStart(6)} ms`;

async function elapsed(fn: () => unknown): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

let day = 0;
function nextDate(): string {
  day++;
  return new Date(Date.UTC(2000, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
}

function importOnce(database: Database, pool: ParsePool, file: Buffer) {
  return importWorkbook(database.db, pool, DEFAULT_LIMITS, {
    username: 'bench',
    fileName: 'bench.xlsx',
    buffer: file,
    tipo: 'auto',
    dataReferencia: nextDate(),
    force: false,
  });
}

/**
 * Bare parses and imports alternate, so that whatever else the machine is doing weighs on both alike;
 * the ratio is of the medians (the minimums are shown too: the least disturbed runs).
 */
async function benchDatabase(label: string, database: Database, file: Buffer) {
  const pool = createParsePool(DEFAULT_LIMITS);
  try {
    const cold = await elapsed(async () => {
      const first = await importOnce(database, pool, file);
      if (!('resumo' in first) || first.resumo.patrimonio?.linhas !== ROWS) {
        throw new Error(`unexpected answer ${JSON.stringify(first)}`);
      }
    });
    await elapsed(() => XLSX.read(file, { type: 'buffer' }));
    const bare: number[] = [];
    const full: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      bare.push(await elapsed(() => XLSX.read(file, { type: 'buffer' })));
      full.push(await elapsed(() => importOnce(database, pool, file)));
    }
    const ratio = median(full) / median(bare);
    console.log(
      `${label.padEnd(11)} bare parse ${ms(median(bare))} (min ${ms(Math.min(...bare))}); ` +
        `import ${ms(median(full))} (min ${ms(Math.min(...full))}) = ${ratio.toFixed(2)}× ` +
        `(${ratio <= 2 ? 'ok' : 'OVER'}: ≤ 2×; minimums ${(Math.min(...full) / Math.min(...bare)).toFixed(2)}×); ` +
        `first upload after a start ${ms(cold)}`,
    );
  } finally {
    await pool.close();
  }
}

export default async function bench(): Promise<void> {
  const file = workbook();
  console.log(`workbook: ${ROWS} + ${ROWS} rows, ${(file.length / 1024).toFixed(0)} KB`);

  const pglite = await openMemoryDatabase();
  try {
    await benchDatabase('PGlite', pglite, file);
  } finally {
    await pglite.close();
  }

  await withPostgres((pg) => benchDatabase('PostgreSQL', pg, file));
}
