import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, CotacoesResponse } from '../../../../contract';
import { startFakeYahoo, type FakeYahoo } from '../../../support/fake-yahoo';
import { startCarteiraServer, type CarteiraServer } from '../operacoes/fixtures';

// The last stored closes of the bundled history (2025-10-29), quoted at the session's end (17:00 in São Paulo).
const CLOSES = { 'PETR3.SA': 31.94, 'VALE3.SA': 63.33, 'ITUB3.SA': 35.18 };
const FECHAMENTO = '2025-10-29T20:00:00.000Z';

const ask = (s: CarteiraServer, tickers: unknown) =>
  s.json<CotacoesResponse & ApiError>('/api/cotacoes-atuais/', {
    method: 'POST',
    json: { tickers },
  });

describe('cotacoes-atuais/ with the history provider (default)', () => {
  let s: CarteiraServer;
  beforeAll(async () => {
    s = await startCarteiraServer();
  });
  afterAll(() => s.close());

  it('answers the last stored close and its time keyed by the ticker as sent, leaving out tickers without a quote', async () => {
    const res = await ask(s, ['PETR3.SA', 'VALE3.SA', 'ITUB3.SA', 'ABEV3.SA', 'ZZZZ3.SA']);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      'PETR3.SA': { preco_atual: CLOSES['PETR3.SA'], cotado_em: FECHAMENTO },
      'VALE3.SA': { preco_atual: CLOSES['VALE3.SA'], cotado_em: FECHAMENTO },
      'ITUB3.SA': { preco_atual: CLOSES['ITUB3.SA'], cotado_em: FECHAMENTO },
    });
    expect((await ask(s, [])).body).toEqual({});
  });

  it.each([
    [['PETR3']],
    [['petr3.sa']],
    [['PETR3.SA', 'AAPL']],
    [['']],
    [['PETR3.SAO']],
    ['PETR3.SA'],
  ])('refuses %j with 400', async (tickers) => {
    const res = await ask(s, tickers);
    expect(res.status).toBe(400);
    expect(res.body.detail).toEqual(expect.any(String));
  });

  it('takes at most 200 tickers', async () => {
    const many = Array.from(
      { length: 200 },
      (_, i) =>
        `AB${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))}3.SA`,
    );
    expect((await ask(s, many)).status).toBe(200);
    const res = await ask(s, [...many, 'PETR3.SA']);
    expect(res.status).toBe(400);
    expect(res.body.campos).toHaveProperty('tickers');
  });
});

describe('cotacoes-atuais/ with the simulated provider', () => {
  let s: CarteiraServer;
  beforeAll(async () => {
    s = await startCarteiraServer({ QUOTES_PROVIDER: 'simulated' });
  });
  afterAll(() => s.close());

  it('moves the last close by at most 2 %, to the cent, quoted when its 10-second window began', async () => {
    const before = Date.now();
    const res = await ask(s, Object.keys(CLOSES));
    expect(res.status).toBe(200);
    for (const [ticker, close] of Object.entries(CLOSES)) {
      const price = res.body[ticker]!.preco_atual;
      expect(Math.abs(price / close - 1)).toBeLessThanOrEqual(0.0201);
      expect(Math.round(price * 100) / 100).toBe(price);
      const at = Date.parse(res.body[ticker]!.cotado_em!);
      expect(at % 10_000).toBe(0);
      expect(at).toBeGreaterThan(before - 10_000);
      expect(at).toBeLessThanOrEqual(Date.now());
    }
  });
});

describe('cotacoes-atuais/ with the yahoo provider (a local fake Yahoo)', () => {
  let yahoo: FakeYahoo;
  let s: CarteiraServer;
  beforeAll(async () => {
    yahoo = await startFakeYahoo();
    s = await startCarteiraServer({ QUOTES_PROVIDER: 'yahoo', YAHOO_BASE_URL: yahoo.url });
  });
  afterAll(async () => {
    await s.close();
    await yahoo.close();
  });

  it("answers Yahoo's price, and the stored close for a ticker Yahoo does not know", async () => {
    yahoo.setQuote('PETR3.SA', 40.5);
    yahoo.setQuote('VALE3.SA', null);
    const res = await ask(s, ['PETR3.SA', 'VALE3.SA', 'ZZZZ3.SA']);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      // Yahoo's own time for its quote; the stored close's session end for the fallback.
      'PETR3.SA': { preco_atual: 40.5, cotado_em: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
      'VALE3.SA': { preco_atual: CLOSES['VALE3.SA'], cotado_em: FECHAMENTO },
    });
    expect(yahoo.requests.some((r) => r.startsWith('/v7/finance/quote?symbols=PETR3.SA'))).toBe(
      true,
    );
  });

  it('keeps answering the last known quotes, never a 5xx, while Yahoo is down', async () => {
    yahoo.setDown(true);
    const res = await ask(s, ['PETR3.SA', 'ITUB3.SA']);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      'PETR3.SA': { preco_atual: 40.5, cotado_em: expect.any(String) },
      'ITUB3.SA': { preco_atual: CLOSES['ITUB3.SA'], cotado_em: FECHAMENTO },
    });
    yahoo.setDown(false);
  });
});
