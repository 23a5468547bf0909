import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RentabilidadeCliente } from '../../../../contract';
import { acoes } from '../../../../server/db/schema';
import { writeBarras } from '../../../../server/lib/precos/store';
import { startFakeYahoo, type FakeBar, type FakeYahoo } from '../../../support/fake-yahoo';
import { startTestServer, type TestServer } from '../../../support/test-server';
import { D } from './historia';

/**
 * Issue 30: with the yahoo provider (and no stand-in chosen), the Ibovespa's daily closes come from Yahoo's ^BVSP
 * (a local fake), stored like prices; the answers measure it from the close before the period; a refresh that fails
 * keeps the stored closes and the answers say so.
 */

const DIAS = ['2025-06-02', '2025-06-03', '2025-06-04', '2025-06-05', '2025-06-06'];
const IBOV = [136000.5, 137100.25, 135900, 138450.75, 139000];

describe('rentabilidade: the Ibovespa from Yahoo (^BVSP)', () => {
  let s: TestServer;
  let yahoo: FakeYahoo;
  let token = '';
  let clienteId = 0;

  const rentabilidade = async () => {
    const res = await s.request(
      `/api/clientes/${clienteId}/rentabilidade/?de=${DIAS[1]}&ate=${DIAS.at(-1)}`,
      { token },
    );
    expect(res.status).toBe(200);
    return (await res.json()) as RentabilidadeCliente;
  };

  beforeAll(async () => {
    yahoo = await startFakeYahoo();
    const barras: FakeBar[] = DIAS.map((data, i) => ({
      data,
      abertura: IBOV[i]!,
      maxima: IBOV[i]!,
      minima: IBOV[i]!,
      fechamento: IBOV[i]!,
      volume: 0,
    }));
    yahoo.setBars('^BVSP', barras);
    s = await startTestServer({ QUOTES_PROVIDER: 'yahoo', YAHOO_BASE_URL: yahoo.url });
    token = await s.login();
    const { db } = s.database;
    const [acao] = await db.insert(acoes).values({ ticker: 'IBVT3' }).returning({ id: acoes.id });
    await writeBarras(
      db,
      DIAS.map((data) => ({
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
    const res = await s.request('/api/clientes/', {
      method: 'POST',
      token,
      json: { nome: 'Cliente Ibov' },
    });
    clienteId = ((await res.json()) as { id: number }).id;
    await s.request('/api/operacoes/', {
      method: 'POST',
      token,
      json: {
        cliente: clienteId,
        acao: acao!.id,
        data_compra: DIAS[0],
        preco_unitario: 10,
        quantidade: 100,
      },
    });
    // The refresh at start found no operation (a year back from today); this one reaches the first operation.
    await s.app.deps.jobs.trigger('rentabilidade.ibov');
  });
  afterAll(async () => {
    await s?.close();
    await yahoo?.close();
  });

  it('measures the index from the close before the period, each session against it', async () => {
    const r = await rentabilidade();
    expect(r.fontes.ibov).toBe('^BVSP');
    const base = new D(IBOV[0]!);
    r.serie.forEach((sessao, i) => {
      const esperado = new D(IBOV[i + 1]!).dividedBy(base).minus(1).toNumber();
      expect(Math.abs(sessao.ibov_acumulado! - esperado)).toBeLessThan(1e-12);
    });
    expect(r.periodo.ibov).toBe(r.serie.at(-1)!.ibov_acumulado);
    expect(r.avisos.filter((a) => a.includes('Ibovespa'))).toEqual([]);
  });

  it('keeps the stored closes when a refresh fails, and says so', async () => {
    const antes = await rentabilidade();
    yahoo.setDown(true);
    await expect(s.app.deps.jobs.trigger('rentabilidade.ibov')).rejects.toThrow();
    const depois = await rentabilidade();
    expect(depois.periodo.ibov).toBe(antes.periodo.ibov);
    expect(depois.avisos).toContainEqual(
      expect.stringMatching(
        /^A atualização do Ibovespa \(Yahoo Finance\) falhou em .+ \(sem resposta do Yahoo Finance\); valem os fechamentos guardados até 06\/06\/2025\.$/,
      ),
    );
    yahoo.setDown(false);
    await s.app.deps.jobs.trigger('rentabilidade.ibov');
    expect((await rentabilidade()).avisos.filter((a) => a.includes('Ibovespa'))).toEqual([]);
  });
});
