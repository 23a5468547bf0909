import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import * as XLSX from '@e965/xlsx';
import {
  cfbChainBomb,
  hiddenEntryBomb,
  standardWorkbook,
} from '../../tests/server/modules/importacao/workbooks';
import { openMemoryDatabase, type Database } from '../db/client';
import { HttpError } from '../lib/http-error';
import { withPostgres } from './databases';
import { DEFAULT_LIMITS, MB } from '../modules/importacao/limits';
import { createParsePool, type ParsePool } from '../modules/importacao/parse-pool';
import type { ParseOptions } from '../modules/importacao/parser';
import { importWorkbook } from '../modules/importacao/service';
import { median } from './stats';

/**
 * The import of a 10,000-row workbook (10,000 Patrimônio rows and 10,000 Custódia rows) against a bare SheetJS
 * parse of the same file. The issue requires import ≤ 2× bare parse. "import" is the whole upload path after the
 * multipart read: ZIP directory check, parse and validation in the worker thread, the transaction that stores both
 * sheets with their lotes and audit. Medians of ROUNDS after a warm-up (the first upload after a start also
 * pays the parsing processes' start, shown apart). "bare parse" is XLSX.read with SheetJS's defaults. PostgreSQL:
 * BENCH_PG_URL, else a throw-away server like the API tests'. Then hostile uploads, and how much the server and its
 * parsing processes grew while refusing them (the issue requires less than 600 MB).
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

function importOnce(database: Database, pool: ParsePool, file: Buffer, fileName = 'bench.xlsx') {
  return importWorkbook(database.db, pool, DEFAULT_LIMITS, {
    username: 'bench',
    fileName,
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

/** Resident memory of this process and of its child process (the parsing process), in MB. */
function resident(): { server: number; children: number } {
  let children = 0;
  const pids = fs.readFileSync(`/proc/self/task/${process.pid}/children`, 'utf8').trim();
  for (const pid of pids ? pids.split(' ') : []) {
    try {
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      children += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    } catch {
      // Gone between the listing and the read: a discarded parsing process.
    }
  }
  return { server: process.memoryUsage.rss() / MB, children };
}

/**
 * Each hostile upload against the memory just before it, sampled every 2 ms while it runs: the server alone, and
 * the server with its parsing process (the operating system caps that one). The .xls bomb goes twice: into the warm
 * process the good upload left, then, as that one died of it, into a fresh one, where all its memory is growth.
 */
async function benchHostile(database: Database, file: Buffer) {
  const pool = createParsePool(DEFAULT_LIMITS);
  try {
    await importOnce(database, pool, file);
    const xls = cfbChainBomb();
    const uploads: [string, Buffer, string][] = [
      [
        "the probe's zip bomb, 2 GB of zeros behind a hidden header",
        hiddenEntryBomb(2048),
        'b.xlsx',
      ],
      ['an .xls whose sector chains share one tail (2 GB of buffers), warm process', xls, 'b.xls'],
      ['the same .xls, fresh process', xls, 'b.xls'],
    ];
    for (const [label, hostile, fileName] of uploads) {
      const before = resident();
      let server = before.server;
      let total = before.server + before.children;
      const sampler = setInterval(() => {
        const now = resident();
        server = Math.max(server, now.server);
        total = Math.max(total, now.server + now.children);
      }, 2);
      const answer = await importOnce(database, pool, hostile, fileName).then(
        () => 'accepted (200)',
        (err: unknown) =>
          err instanceof HttpError ? `${err.statusCode}: ${err.detail}` : `error: ${String(err)}`,
      );
      clearInterval(sampler);
      const growth = total - before.server - before.children;
      console.log(
        `${label} (${(hostile.length / MB).toFixed(1)} MB): ${answer}\n` +
          `  peak growth: server ${(server - before.server).toFixed(0)} MB, server and parsing process ` +
          `${growth.toFixed(0)} MB (${growth < 600 ? 'ok' : 'OVER'}: < 600 MB; the process is capped at ` +
          `${DEFAULT_LIMITS.workerMemoryMb} MB of data)`,
      );
    }
  } finally {
    await pool.close();
  }
}

/**
 * A tiny workbook through a new parsing pool: the first parse starts the process and its worker threads, the next
 * ones find them warm (the tests assert the reuse, by process and thread ids, not this time).
 */
async function benchWarmth(): Promise<void> {
  const options: ParseOptions = { ...DEFAULT_LIMITS, tipos: ['patrimonio', 'custodia'] };
  const cold: number[] = [];
  const warm: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const pool = createParsePool(DEFAULT_LIMITS);
    try {
      cold.push(await elapsed(() => pool.parse(standardWorkbook(), options)));
      warm.push(await elapsed(() => pool.parse(standardWorkbook(), options)));
    } finally {
      await pool.close();
    }
  }
  const [c, w] = [median(cold), median(warm)];
  console.log(
    `a tiny workbook: first parse of a new pool ${ms(c)}, the next one ${ms(w)} (${(c / w).toFixed(1)}× faster warm)`,
  );
}

export default async function bench(): Promise<void> {
  await benchWarmth();
  const file = workbook();
  console.log(`workbook: ${ROWS} + ${ROWS} rows, ${(file.length / 1024).toFixed(0)} KB`);

  const pglite = await openMemoryDatabase();
  try {
    await benchDatabase('PGlite', pglite, file);
    await withPostgres((pg) => benchDatabase('PostgreSQL', pg, file));
    await benchHostile(pglite, file);
  } finally {
    await pglite.close();
  }
}
