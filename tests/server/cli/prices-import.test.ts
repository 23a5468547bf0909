import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/client';
import { queryRows } from '../../../server/db/query';
import { acoes } from '../../../server/db/schema';
import { run } from '../../../server/cli/commands/prices-import';
import { runCli } from '../../support/node-entry';
import { loadMigratedDatabase } from '../../support/test-db';
import { runInProcess } from './in-process';

const root = path.resolve(import.meta.dirname, '../../..');
const FIXTURES = path.join(root, 'tests/fixtures/cotahist');
const DAY1 = path.join(FIXTURES, 'COTAHIST_D03022022.TXT.zip');
const DAY2 = path.join(FIXTURES, 'COTAHIST_D04022022.TXT.zip');

/** The command in this process; in a process of its own (its entry, exit code and streams) once, for the lock. */
const pricesImport = (dataDir: string, files: string[]) => runInProcess(run, dataDir, files);
const pricesImportProcess = (dataDir: string, files: string[]) =>
  runCli('server/cli/prices-import.ts', dataDir, files);

async function withDb<T>(
  dataDir: string,
  fn: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>,
) {
  const database = await openDatabase({ dataDir, purpose: 'test' });
  try {
    return await fn(database.db);
  } finally {
    await database.close();
  }
}

const counts = (dataDir: string) =>
  withDb(dataDir, async (db) => {
    const [row] = await queryRows<{ precos: number; acoes: number; petr4: string | null }>(
      db,
      sql`select (select count(*)::int from precos_diarios) as precos,
                 (select count(*)::int from acoes) as acoes,
                 (select p.fechamento::text from precos_diarios p join acoes a on a.id = p.acao_id
                   where a.ticker = 'PETR4' and p.data = '2022-02-04') as petr4`,
    );
    return row!;
  });

describe('npm run prices:import', { timeout: 120_000 }, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'prices-import-'));
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'prices-import-files-'));
  let badTxt: string;
  let badLine: number;

  beforeAll(async () => {
    await loadMigratedDatabase(dataDir);
    // A stock already in the universe keeps its name and sector.
    await withDb(dataDir, (db) =>
      db.insert(acoes).values({ ticker: 'PETR4', empresa: 'Petrobras', setor: 'Petróleo' }),
    );
    // The second day as a plain .TXT with one record broken at a known line.
    const [text] = Object.values(unzipSync(fs.readFileSync(DAY2)));
    const lines = new TextDecoder('latin1').decode(text).split('\r\n');
    badLine = lines.findIndex((l) => l.startsWith('012022020402VALE3 ')) + 1;
    lines[badLine - 1] = lines[badLine - 1]!.slice(0, 240);
    badTxt = path.join(scratch, 'COTAHIST_D04022022_ruim.TXT');
    fs.writeFileSync(badTxt, Buffer.from(lines.join('\r\n'), 'latin1'));
  }, 120_000);
  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('imports zipped daily files, adding the stocks it does not know by their short name', async () => {
    const imported = await pricesImport(dataDir, [DAY1, DAY2]);
    expect(imported.out).toContain(
      'COTAHIST_D03022022.TXT.zip: 1139 spot quotes for 2022-02-03 out of 7261 records; 1138 new assets added.',
    );
    expect(imported.out).toContain('COTAHIST_D04022022.TXT.zip: 1144 spot quotes for 2022-02-04');
    expect(imported.code).toBe(0);
    const c = await counts(dataDir);
    expect(c.precos).toBe(1139 + 1144);
    expect(c.petr4).toBe('32.6300');
    await withDb(dataDir, async (db) => {
      const rows = await queryRows<{ ticker: string; empresa: string; setor: string | null }>(
        db,
        sql`select ticker, empresa, setor from acoes where ticker in ('PETR4', 'VALE3') order by ticker`,
      );
      expect(rows).toEqual([
        { ticker: 'PETR4', empresa: 'Petrobras', setor: 'Petróleo' },
        { ticker: 'VALE3', empresa: 'VALE', setor: null },
      ]);
      // Each new asset with the class its record states (issue 29).
      const classes = await queryRows<{ ticker: string; classe: string }>(
        db,
        sql`select ticker, classe from acoes where ticker in
          ('VALE3', 'TAEE11', 'BRGE11', 'BOVA11', 'HGLG11', 'AAPL34', 'AURA33') order by ticker`,
      );
      expect(Object.fromEntries(classes.map((r) => [r.ticker, r.classe]))).toEqual({
        AAPL34: 'bdr',
        AURA33: 'bdr',
        BOVA11: 'etf',
        BRGE11: 'acao',
        HGLG11: 'fii',
        TAEE11: 'unit',
        VALE3: 'acao',
      });
    });
  });

  it('re-importing the same files changes nothing', async () => {
    const before = await counts(dataDir);
    const imported = await pricesImport(dataDir, [DAY2, DAY1]);
    expect(imported.code).toBe(0);
    expect(imported.out).not.toContain('new assets');
    expect(await counts(dataDir)).toEqual(before);
  });

  it('a malformed record: exit 1, a message naming its line, nothing stored from that file', async () => {
    // A fresh database, so that the broken files' good records would show if any were stored. A ZIP's
    // message names the file inside it; the good file after them is still imported.
    const zip = path.join(scratch, 'ruim.zip');
    fs.writeFileSync(zip, zipSync({ 'DENTRO.TXT': strToU8('00COTAHIST\r\n') }));
    const fresh = fs.mkdtempSync(path.join(os.tmpdir(), 'prices-import-bad-'));
    try {
      await loadMigratedDatabase(fresh);
      const imported = await pricesImport(fresh, [badTxt, zip, DAY1]);
      expect(imported.code).toBe(1);
      expect(imported.out).toContain(
        `COTAHIST_D04022022_ruim.TXT: line ${badLine}: a record has 245 characters, this one has 240. Nothing was imported from this file.`,
      );
      expect(imported.out).toContain('ruim.zip: DENTRO.TXT: line 1: a record has 245 characters');
      const c = await counts(fresh);
      expect(c.precos).toBe(1139);
      expect(c.petr4).toBeNull();
    } finally {
      fs.rmSync(fresh, { recursive: true, force: true });
    }
  });

  it('refuses to open the embedded database while the server holds it', async () => {
    const database = await openDatabase({ dataDir, purpose: 'server on port 3000' });
    try {
      // The lock is the process's (the test's own process may open the directory again).
      const refused = await pricesImportProcess(dataDir, [DAY1]);
      expect(refused.code).toBe(1);
      expect(refused.out).toMatch(/in use by process \d+ \(server on port 3000\)/);
    } finally {
      await database.close();
    }
  });

  it('says how to use it without files, and names a missing file', async () => {
    expect((await pricesImport(dataDir, [])).code).toBe(2);
    const missing = await pricesImport(dataDir, ['/nao/existe.TXT']);
    expect(missing.code).toBe(2);
    expect(missing.out).toContain('File not found: /nao/existe.TXT');
  });
});
