import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, Evento, HistoricoPrecos } from '../../../../contract';
import { acoes } from '../../../../server/db/schema';
import { writeBarras } from '../../../../server/lib/precos/store';
import { readDemoPrecos } from '../../../../server/seed/demo-precos';
import { startCarteiraServer, type CarteiraServer } from '../operacoes/fixtures';

type Answer = HistoricoPrecos & ApiError;

describe('GET /api/acoes/{ticker}/historico/', () => {
  let s: CarteiraServer;
  let desdId: number;

  beforeAll(async () => {
    // The bundled history of PETR3 (and the others) from 2025-01-01, and a stock of its own stored as traded.
    s = await startCarteiraServer();
    const [row] = await s.database.db
      .insert(acoes)
      .values({ ticker: 'DESD3', empresa: 'Desdobra' })
      .returning({ id: acoes.id });
    desdId = row!.id;
    await writeBarras(
      s.database.db,
      [
        ['2025-03-03', '20.0000', 1000],
        ['2025-03-04', '21.0001', 1500],
        ['2025-03-05', '10.6000', 700],
      ].map(([data, preco, volume]) => ({
        acao_id: desdId,
        data: data as string,
        abertura: preco as string,
        maxima: preco as string,
        minima: preco as string,
        fechamento: preco as string,
        volume: volume as number,
      })),
      { fonte: 'cotahist', ajustado_ate: null },
    );
    await s.database.db.insert(acoes).values({ ticker: 'VAZI3', empresa: 'Sem pregões' });
  });
  afterAll(() => s?.close());

  const get = (path: string) => s.json<Answer>(path);

  it('answers every stored session, oldest first, with the stored prices and volumes', async () => {
    const esperadas = readDemoPrecos({ tickers: ['PETR3'], desde: '2025-01-01' });
    const res = await get('/api/acoes/PETR3/historico/');
    expect(res.status).toBe(200);
    expect(res.body.ticker).toBe('PETR3');
    expect(res.body.acao).toBe(await s.acaoId('PETR3'));
    expect(res.body.barras).toHaveLength(esperadas.length);
    expect(res.body.barras).toEqual(
      esperadas.map((b) => ({
        data: b.data,
        abertura: Number(b.abertura),
        maxima: Number(b.maxima),
        minima: Number(b.minima),
        fechamento: Number(b.fechamento),
        volume: b.volume,
      })),
    );
  });

  it('limits the period with de and ate, both inclusive, either open', async () => {
    const todas = (await get('/api/acoes/PETR3/historico/')).body.barras;
    const [de, ate] = [todas[10]!.data, todas[14]!.data];
    const entre = await get(`/api/acoes/PETR3/historico/?de=${de}&ate=${ate}`);
    expect(entre.status).toBe(200);
    expect(entre.body.barras).toEqual(todas.slice(10, 15));
    expect((await get(`/api/acoes/PETR3/historico/?de=${de}`)).body.barras).toEqual(
      todas.slice(10),
    );
    expect((await get(`/api/acoes/PETR3/historico/?ate=${ate}`)).body.barras).toEqual(
      todas.slice(0, 15),
    );
    expect((await get(`/api/acoes/PETR3/historico/?de=${de}&ate=${de}`)).body.barras).toEqual([
      todas[10],
    ]);
  });

  it('answers in today’s terms: a split in force divides the prices before it and multiplies their volumes', async () => {
    const antes = await get('/api/acoes/DESD3/historico/');
    expect(antes.body.barras.map((b) => [b.fechamento, b.volume])).toEqual([
      [20, 1000],
      [21.0001, 1500],
      [10.6, 700],
    ]);

    const criado = await s.json<Evento>('/api/eventos-corporativos/', {
      method: 'POST',
      json: { acao: desdId, tipo: 'desdobramento', data_ex: '2025-03-05', fator: 2 },
    });
    expect(criado.status).toBe(201);
    const depois = await get('/api/acoes/DESD3/historico/');
    // 21.0001 / 2 = 10.50005: to the 4 places prices keep, half up.
    expect(depois.body.barras).toEqual([
      { data: '2025-03-03', abertura: 10, maxima: 10, minima: 10, fechamento: 10, volume: 2000 },
      {
        data: '2025-03-04',
        abertura: 10.5001,
        maxima: 10.5001,
        minima: 10.5001,
        fechamento: 10.5001,
        volume: 3000,
      },
      {
        data: '2025-03-05',
        abertura: 10.6,
        maxima: 10.6,
        minima: 10.6,
        fechamento: 10.6,
        volume: 700,
      },
    ]);
    // A period inside the adjusted part is adjusted the same way.
    expect(
      (await get('/api/acoes/DESD3/historico/?de=2025-03-04&ate=2025-03-04')).body.barras,
    ).toEqual([depois.body.barras[1]]);

    const apagado = await s.request(`/api/eventos-corporativos/${criado.body.id}/`, {
      method: 'DELETE',
      token: s.token,
    });
    expect(apagado.status).toBe(204);
    expect((await get('/api/acoes/DESD3/historico/')).body).toEqual(antes.body);
  });

  it('answers an empty series for a stock without sessions, or a period without any', async () => {
    const vazia = await get('/api/acoes/VAZI3/historico/');
    expect(vazia.status).toBe(200);
    expect(vazia.body.barras).toEqual([]);
    const fora = await get('/api/acoes/PETR3/historico/?de=2024-01-01&ate=2024-06-30');
    expect(fora.status).toBe(200);
    expect(fora.body.barras).toEqual([]);
  });

  it('answers 404 for a ticker outside the universe', async () => {
    const res = await get('/api/acoes/ZZZZ3/historico/');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Ação não encontrada.' });
  });

  it.each([
    ['a ticker in lower case', '/api/acoes/petr3/historico/', 'ticker'],
    ['a ticker too long', `/api/acoes/${'A'.repeat(13)}/historico/`, 'ticker'],
    ['a ticker with punctuation', '/api/acoes/PETR3.SA/historico/', 'ticker'],
    ['a date that does not exist', '/api/acoes/PETR3/historico/?de=2025-02-30', 'de'],
    ['a date in another format', '/api/acoes/PETR3/historico/?ate=30/10/2025', 'ate'],
    [
      'an interval the wrong way round',
      '/api/acoes/PETR3/historico/?de=2025-06-02&ate=2025-06-01',
      'ate',
    ],
  ])('refuses %s with 400 naming the field', async (_what, path, campo) => {
    const res = await get(path);
    expect(res.status).toBe(400);
    expect(res.body.detail).toEqual(expect.any(String));
    expect(res.body.campos).toHaveProperty(campo);
  });

  it('refuses a request without a token', async () => {
    const res = await s.request('/api/acoes/PETR3/historico/');
    expect(res.status).toBe(401);
  });
});
