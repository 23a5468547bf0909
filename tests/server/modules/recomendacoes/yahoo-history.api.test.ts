import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Recomendacao } from '../../../../contract';
import { todayIso } from '../../../../shared/dates';
import { queryRows } from '../../../../server/db/query';
import { acoes } from '../../../../server/db/schema';
import { startFakeYahoo, type FakeBar, type FakeYahoo } from '../../../support/fake-yahoo';
import { startTestServer, type TestServer } from '../../../support/test-server';

const DAY = 86_400_000;

/** Daily bars of a steady climb, one a calendar day, the last one on `end` (by default yesterday). */
function climbing(n: number, end = Date.now() - DAY): FakeBar[] {
  return Array.from({ length: n }, (_, i) => {
    const close = Math.round(10 * 1.003 ** i * 10_000) / 10_000;
    return {
      data: todayIso(new Date(end - (n - 1 - i) * DAY)),
      abertura: Math.round(close * 0.998 * 10_000) / 10_000,
      maxima: Math.round(close * 1.004 * 10_000) / 10_000,
      minima: Math.round(close * 0.994 * 10_000) / 10_000,
      fechamento: close,
      volume: 1000 + i,
    };
  });
}

describe('price history from Yahoo’s daily chart (QUOTES_PROVIDER=yahoo, a local fake Yahoo)', () => {
  let yahoo: FakeYahoo;
  let s: TestServer;
  let token: string;
  const bars = climbing(400, Date.now() - 2 * DAY);

  beforeAll(async () => {
    yahoo = await startFakeYahoo();
    yahoo.setBars('SOBE3.SA', bars);
    s = await startTestServer({ QUOTES_PROVIDER: 'yahoo', YAHOO_BASE_URL: yahoo.url });
    token = await s.login();
    await s.database.db.insert(acoes).values([
      { ticker: 'SOBE3', empresa: 'Sobe', setor: 'Teste' },
      { ticker: 'SUMI3', empresa: 'Sumida', setor: 'Teste' }, // Yahoo has no such symbol
    ]);
  });
  afterAll(async () => {
    await s?.close();
    await yahoo?.close();
  });

  const stored = async (ticker: string) =>
    queryRows<{ data: string; fechamento: string; volume: string }>(
      s.database.db,
      sql`select p.data, p.fechamento::text, p.volume::text from precos_diarios p
          join acoes a on a.id = p.acao_id where a.ticker = ${ticker} order by p.data`,
    );

  it('fetches the history of every stock before recomputing, and names the ones Yahoo lacks', async () => {
    const res = await s.request('/api/recomendacoes/', { method: 'POST', token });
    expect(res.status).toBe(200);
    const last = bars[bars.length - 1]!.data.split('-').reverse().join('/');
    expect(await res.json()).toEqual({
      message:
        `1 recomendação para ${last} (1 ação analisada).` +
        ' Sem resposta do Yahoo para SUMI3: usado o histórico já gravado.',
    });
    const rows = await stored('SOBE3');
    expect(rows).toHaveLength(400);
    expect(rows[0]).toEqual({
      data: bars[0]!.data,
      fechamento: bars[0]!.fechamento.toFixed(4),
      volume: '1000',
    });
    expect(rows.at(-1)!.fechamento).toBe(bars.at(-1)!.fechamento.toFixed(4));
    const list = (await (
      await s.request('/api/recomendacoes/', { token })
    ).json()) as Recomendacao[];
    expect(list.map((r) => r.ticker)).toEqual(['SOBE3']);
    expect(list[0]!.preco_compra).toBe(bars.at(-1)!.fechamento);
  });

  it('next time asks only from a few days before the last stored session, and adds the new one', async () => {
    const today = climbing(401);
    yahoo.setBars('SOBE3.SA', today);
    yahoo.requests.length = 0;
    await s.request('/api/recomendacoes/', { method: 'POST', token });
    const chart = yahoo.requests.find((r) => r.startsWith('/v8/finance/chart/SOBE3.SA'))!;
    const period1 = Number(new URL(chart, 'http://x').searchParams.get('period1')) * 1000;
    const lastStored = Date.parse(`${bars.at(-1)!.data}T00:00:00Z`);
    expect(lastStored - period1).toBe(5 * DAY);
    const rows = await stored('SOBE3');
    expect(rows).toHaveLength(401);
    expect(rows.at(-1)!.data).toBe(today.at(-1)!.data);
  });

  it('with Yahoo down, recomputes from the stored history and says so', async () => {
    yahoo.setDown(true);
    try {
      const res = await s.request('/api/recomendacoes/', { method: 'POST', token });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { message: string }).message).toMatch(
        /^1 recomendação para .* Sem resposta do Yahoo para SOBE3, SUMI3: usado o histórico já gravado\.$/,
      );
    } finally {
      yahoo.setDown(false);
    }
  });
});
