import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { RentabilidadeCliente } from '../../../../contract';
import { buildApp } from '../../../../server/app';
import { loadConfig } from '../../../../server/config';
import { openDatabase, type Database } from '../../../../server/db/client';
import { queryRows } from '../../../../server/db/query';
import { acoes } from '../../../../server/db/schema';
import { writeBarras } from '../../../../server/lib/precos/store';
import { upsertUser } from '../../../../server/modules/auth';
import { startFakeBcb, type FakeBcb } from '../../../support/fake-bcb';
import { scratchDatabase, type ScratchDatabase } from '../../../support/pg-admin';
import { loadMigratedDatabase } from '../../../support/test-db';
import { TEST_JWT_SECRET, TEST_MT5_TOKEN_KEY, TEST_USER } from '../../../support/test-server';
import { D } from './historia';

/**
 * Issue 30: the CDI read from the Banco Central (a local fake), stored per day. A first refresh reaches back before
 * the first operation in windows the API takes (at most ten years each); the days survive a restart of the server;
 * a refresh that fails keeps the stored series and the answers say so; the next one that works asks only for the
 * last days and the notice is gone.
 */

const postgres = process.env.TEST_DB === 'postgres';
const PRIMEIRA_COMPRA = '2013-05-02';
const SESSOES = ['2025-06-02', '2025-06-03', '2025-06-04', '2025-06-05', '2025-06-06'];

function weekdays(de: string, ate: string): string[] {
  const dias: string[] = [];
  for (let d = new Date(`${de}T12:00:00Z`); d.toISOString().slice(0, 10) <= ate;) {
    if (d.getUTCDay() % 6 !== 0) dias.push(d.toISOString().slice(0, 10));
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return dias;
}

describe('rentabilidade: the CDI from the Banco Central', { timeout: 120_000 }, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdi-'));
  let scratch: ScratchDatabase | undefined;
  let bcb: FakeBcb;
  let database: Database;
  let app: FastifyInstance;
  let token = '';
  let clienteId = 0;
  const taxas = weekdays('2013-01-01', '2025-06-30').map((data, i) => ({
    data,
    taxa: (0.03 + (i % 97) / 1e5).toFixed(6),
  }));

  /** The server over the database kept in dataDir (or the scratch PostgreSQL database): a start, or a restart. */
  async function start() {
    database = await openDatabase({ databaseUrl: scratch?.url, dataDir, purpose: 'test' });
    await upsertUser(database.db, TEST_USER.username, TEST_USER.password);
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      MT5_AGENT_NETWORKS: '127.0.0.0/8',
      MT5_TOKEN_KEY: TEST_MT5_TOKEN_KEY,
      BCB_BASE_URL: bcb.url,
    });
    app = await buildApp({
      config,
      database,
      jwtSecret: TEST_JWT_SECRET,
      spaDir: null,
      logger: false,
      checkAnswers: true,
    });
    await app.ready();
    const res = await app.inject({ method: 'POST', url: '/api/token/', payload: TEST_USER });
    token = (res.json() as { access: string }).access;
  }
  async function stop() {
    await app.close();
    await database.close();
  }
  const rentabilidade = async () => {
    const res = await app.inject({
      url: `/api/clientes/${clienteId}/rentabilidade/?de=${SESSOES[1]}&ate=${SESSOES.at(-1)}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    return res.json() as RentabilidadeCliente;
  };
  /** The refresh, awaited: the run at start, then one more (it may have begun before a change the test made). */
  const refresh = () => app.deps.jobs.trigger('rentabilidade.cdi');

  beforeAll(async () => {
    bcb = await startFakeBcb();
    bcb.setTaxas(taxas);
    if (postgres) scratch = await scratchDatabase(inject('pgUrl'), 'cdi');
    else await loadMigratedDatabase(dataDir);
    await start();
    // The refresh at start found no operation yet (a year back, nothing there): done before the test's data.
    await refresh();
    bcb.requests.length = 0;
    const { db } = database;
    const [acao] = await db.insert(acoes).values({ ticker: 'CDIT3' }).returning({ id: acoes.id });
    await writeBarras(
      db,
      ['2025-05-30', ...SESSOES].map((data) => ({
        acao_id: acao!.id,
        data,
        abertura: '10',
        maxima: '10',
        minima: '10',
        fechamento: '10',
        volume: 100,
      })),
      { fonte: 'cotahist', ajustado_ate: null },
    );
    const [cliente] = await queryRows<{ id: number }>(
      db,
      sql`insert into clientes (nome) values ('Cliente CDI') returning id`,
    );
    clienteId = cliente!.id;
    await queryRows(
      db,
      sql`insert into operacoes (cliente_id, acao_id, data_compra, preco_unitario, quantidade)
          values (${clienteId}, ${acao!.id}, ${PRIMEIRA_COMPRA}, '10', 100)`,
    );
  });
  afterAll(async () => {
    await stop().catch(() => undefined);
    await bcb?.close();
    await scratch?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('reaches back before the first operation in windows of at most ten years, and the answers use it', async () => {
    await refresh();
    const janelas = bcb.requests
      .map((r) => new URL(r, 'http://x').searchParams)
      .map((q) =>
        [q.get('dataInicial')!, q.get('dataFinal')!].map((d) => d.split('/').reverse().join('-')),
      );
    // The first refresh from ten days before the first operation; each window under the API's limit.
    expect(janelas[0]![0]).toBe('2013-04-22');
    for (const [de, ate] of janelas) {
      expect(ate! < `${Number(de!.slice(0, 4)) + 10}${de!.slice(4)}`).toBe(true);
    }
    const guardadas = await queryRows<{ n: number; fonte: string }>(
      database.db,
      sql`select count(*)::int as n, min(fonte) as fonte from cdi_diario where data >= '2013-04-22'`,
    );
    expect(guardadas[0]).toEqual({
      n: taxas.filter((t) => t.data >= '2013-04-22').length,
      fonte: 'bcb',
    });

    const r = await rentabilidade();
    const cdi = SESSOES.slice(1).reduce(
      (f, s) => f.times(new D(taxas.find((t) => t.data === s)!.taxa).dividedBy(100).plus(1)),
      new D(1),
    );
    expect(r.fontes.cdi).toBe('bcb');
    expect(Math.abs(r.periodo.cdi! - cdi.minus(1).toNumber())).toBeLessThan(1e-12);
    expect(r.avisos.filter((a) => a.includes('CDI'))).toEqual([]);
  });

  it('keeps the days across a restart; a refresh that fails keeps them and the answers say so', async () => {
    const antes = await rentabilidade();
    await stop();
    bcb.setDown(true);
    await start();
    await expect(refresh()).rejects.toThrow();
    const depois = await rentabilidade();
    expect(depois.periodo.cdi).toBe(antes.periodo.cdi);
    expect(depois.serie.map((s) => s.cdi_acumulado)).toEqual(
      antes.serie.map((s) => s.cdi_acumulado),
    );
    expect(depois.avisos).toContainEqual(
      expect.stringMatching(
        /^A atualização do CDI pelo Banco Central falhou em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} \(o Banco Central respondeu HTTP 503\); valem as taxas guardadas até 30\/06\/2025\.$/,
      ),
    );
  });

  it('asks only for the last days once it works again, and the notice is gone', async () => {
    bcb.setDown(false);
    bcb.requests.length = 0;
    await refresh();
    expect(bcb.requests).toHaveLength(1);
    const q = new URL(bcb.requests[0]!, 'http://x').searchParams;
    expect(q.get('dataInicial')).toBe('20/06/2025');
    expect((await rentabilidade()).avisos.filter((a) => a.includes('CDI'))).toEqual([]);
  });
});
