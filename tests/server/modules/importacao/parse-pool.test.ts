import fs from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ImportError } from '../../../../server/modules/importacao/file-check';
import { DEFAULT_LIMITS } from '../../../../server/modules/importacao/limits';
import { createParsePool, type ParsePool } from '../../../../server/modules/importacao/parse-pool';
import { parseWorkbook, type ParseOptions } from '../../../../server/modules/importacao/parser';
import {
  bigWorkbook,
  buildWorkbook,
  cfbChainBomb,
  hiddenEntryBomb,
  standardWorkbook,
} from './workbooks';

const BOTH: ParseOptions = { ...DEFAULT_LIMITS, tipos: ['patrimonio', 'custodia'] };

/** A process's command line; empty once it has exited. */
function commandLine(pid: string): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
}

/**
 * The parsing processes this test process started and the threads of each (Linux's /proc): a parsing process or a
 * worker thread started anew shows as a new id, whatever the machine's load (npm run bench -- import times a warm
 * parse against a cold one). Only the parsing processes: the worker runs other files' children too.
 */
function parsingProcesses(): Record<string, string[]> {
  const tasks = `/proc/${process.pid}/task`;
  const children = fs
    .readdirSync(tasks)
    .flatMap((tid) => fs.readFileSync(`${tasks}/${tid}/children`, 'utf8').split(' '))
    .filter((pid) => pid && commandLine(pid).includes('parse-host-boot'));
  return Object.fromEntries(children.map((pid) => [pid, fs.readdirSync(`/proc/${pid}/task`)]));
}

let pool: ParsePool | null = null;
afterEach(async () => {
  await pool?.close();
  pool = null;
});

// Each pool starts a parsing process and its workers (tsx and SheetJS load): seconds on a busy machine.
describe('the parsing process pool', { timeout: 60_000 }, () => {
  // One pool for the uploads the server's default limits parse: its process and workers started once for these,
  // as a server keeps them (the first test sees the start and the reuse); the one that kills its process comes last.
  // The other limits, each a pool of its own.
  describe('with the default limits', () => {
    let shared: ParsePool;
    beforeAll(() => {
      shared = createParsePool(DEFAULT_LIMITS);
    });
    afterAll(() => shared.close());

    it('parses in a worker thread of a child process (both TypeScript entries boot under the test runner) and reuses them', async () => {
      const first = await shared.parse(standardWorkbook(), BOTH);
      expect(first.patrimonio).toMatchObject({ aba: 'Patrimônio', linhas: 3 });
      expect(JSON.parse(first.patrimonio!.json)).toEqual(
        parseWorkbook(standardWorkbook(), BOTH).patrimonio!.rows,
      );
      expect(first.custodia).toMatchObject({ aba: 'Custódia', linhas: 4 });
      const warm = parsingProcesses();
      expect(Object.keys(warm)).toHaveLength(1);
      const second = await shared.parse(standardWorkbook('biff8'), BOTH);
      expect(second).toEqual(first);
      // The same process and the same worker threads: none started anew (a new one takes about half a second).
      expect(parsingProcesses()).toEqual(warm);
    });

    it('keeps its process and workers warm, so the next uploads are parsed at once', async () => {
      const sheet = (tipo: 'patrimonio' | 'custodia') =>
        shared.parse(standardWorkbook(), { ...BOTH, tipos: [tipo] });
      await Promise.all([sheet('patrimonio'), sheet('custodia')]);
      const warm = parsingProcesses();
      const [patrimonio, custodia] = await Promise.all([sheet('patrimonio'), sheet('custodia')]);
      expect(parsingProcesses()).toEqual(warm);
      expect(patrimonio).toMatchObject({ patrimonio: { linhas: 3 } });
      expect(patrimonio.custodia).toBeUndefined();
      expect(custodia).toMatchObject({ custodia: { linhas: 4 } });
    });

    it("passes the parser's 400 through, and the worker stays usable", async () => {
      await expect(shared.parse(buildWorkbook({ Plan1: [['x']] }), BOTH)).rejects.toMatchObject({
        status: 400,
        detail: 'O arquivo não tem aba de Patrimônio nem de Custódia (abas encontradas: Plan1).',
      });
      expect((await shared.parse(standardWorkbook(), BOTH)).patrimonio?.linhas).toBe(3);
    });

    it('checks the archive in the process on its own, whatever the server checked before', async () => {
      await expect(shared.parse(hiddenEntryBomb(64), BOTH)).rejects.toMatchObject({
        status: 400,
        detail: 'A planilha está corrompida ou incompleta e não pôde ser lida.',
      });
    });

    it("answers 413 when a workbook's buffers pass the process's memory limit, which its heap limit does not see", async () => {
      // 2 MB of .xls that no structural check refuses, asking SheetJS for about 2 GB of buffers outside the heap.
      const err = await shared.parse(cfbChainBomb(), BOTH).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ImportError);
      expect(err).toMatchObject({
        status: 413,
        detail: 'A planilha exige memória demais para ser lida.',
      });
      expect((await shared.parse(standardWorkbook('biff8'), BOTH)).custodia?.linhas).toBe(4);
    }, 30_000);
  });

  it('answers 413 when parsing runs out of its heap, and the next file gets a fresh worker', async () => {
    // Measured: the standard workbook needs between 12 and 16 MB of heap, 20,000 rows between 32 and 48 MB; 24 MB
    // and 40,000 rows keep a wide margin on both sides, for a busy machine's garbage collector.
    pool = createParsePool({ ...DEFAULT_LIMITS, workerHeapMb: 24 });
    const err = await pool.parse(bigWorkbook(40_000), BOTH).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImportError);
    expect(err).toMatchObject({
      status: 413,
      detail: 'A planilha exige memória demais para ser lida.',
    });
    expect((await pool.parse(standardWorkbook(), BOTH)).custodia?.linhas).toBe(4);
  }, 30_000);

  it('answers 413 past the time limit', async () => {
    pool = createParsePool({ ...DEFAULT_LIMITS, parseTimeoutMs: 50 });
    await expect(pool.parse(bigWorkbook(5_000), BOTH)).rejects.toMatchObject({
      status: 413,
      detail: 'A leitura da planilha passou do limite de 0,05 s.',
    });
  });

  it('parses one upload at a time, queues the next ones and refuses them past the queue (503)', async () => {
    pool = createParsePool({ ...DEFAULT_LIMITS, maxWorkers: 1, maxQueued: 1 });
    const file = standardWorkbook();
    const results = await Promise.allSettled([
      pool.parse(file, BOTH),
      pool.parse(file, BOTH),
      pool.parse(file, BOTH),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect((results[2] as PromiseRejectedResult).reason).toMatchObject({
      status: 503,
      detail: 'Muitas importações ao mesmo tempo. Tente de novo em instantes.',
    });
  });
});
