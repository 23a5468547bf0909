import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AcaoSchema, type Acao, type ApiError } from '../../../../contract';
import { acoes, auditLog } from '../../../../server/db/schema';
import { startCarteiraServer, type CarteiraServer } from '../operacoes/fixtures';

/** The asset's class for the income tax (issue 29): listed, stated by hand, new assets by their B3 ticker. */
describe('acoes/: classe, and PUT acoes/{ticker}/', () => {
  let s: CarteiraServer;
  beforeAll(async () => {
    s = await startCarteiraServer();
  });
  afterAll(() => s.close());

  const counts = async () => {
    const { db } = s.database;
    const [a] = await db.select({ n: count() }).from(acoes);
    const [audits] = await db.select({ n: count() }).from(auditLog);
    return { acoes: a!.n, audits: audits!.n };
  };
  const put = (ticker: string, json: unknown) =>
    s.json<Acao & ApiError>(`/api/acoes/${ticker}/`, { method: 'PUT', json });

  it('lists each asset with its class: the bundled units are units', async () => {
    const { body } = await s.json<Acao[]>('/api/acoes/');
    const classe = (t: string) => body.find((a) => a.ticker === t)?.classe;
    expect(body.map((a) => AcaoSchema.strict().parse(a))).toEqual(body);
    expect([classe('PETR4'), classe('TAEE11'), classe('KLBN11'), classe('SANB11')]).toEqual([
      'acao',
      'unit',
      'unit',
      'unit',
    ]);
  });

  it('sets the class of an asset, audited, and creates a new well-formed ticker', async () => {
    const res = await put('TAEE11', {
      empresa: 'Taesa',
      setor: 'Utilidade Pública',
      classe: 'unit',
    });
    expect(res.status).toBe(200);
    const novo = await put('HGLG11', { empresa: 'CSHG Logística', setor: null, classe: 'fii' });
    expect(novo.status).toBe(200);
    expect(novo.body).toMatchObject({ ticker: 'HGLG11', empresa: 'CSHG Logística', classe: 'fii' });
    const bova = await put('BOVA11', { empresa: 'iShares Ibovespa', setor: '', classe: 'etf' });
    expect(bova.body).toMatchObject({ ticker: 'BOVA11', setor: null, classe: 'etf' });
    const mudou = await put('HGLG11', {
      empresa: 'CSHG Logística FII',
      setor: 'Imóveis',
      classe: 'fii',
    });
    expect(mudou.body).toMatchObject({ id: novo.body.id, empresa: 'CSHG Logística FII' });

    const { body } = await s.json<Acao[]>('/api/acoes/');
    expect(body.find((a) => a.ticker === 'HGLG11')).toEqual(mudou.body);
    const trail = await s.database.db
      .select({ action: auditLog.action, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.entity, 'acao'))
      .orderBy(auditLog.id);
    expect(trail.map((t) => t.action)).toEqual(['update', 'create', 'create', 'update']);
    expect(trail[3]).toMatchObject({
      before: { empresa: 'CSHG Logística', setor: null },
      after: { empresa: 'CSHG Logística FII', setor: 'Imóveis', classe: 'fii' },
    });
  });

  it.each([
    [
      'PETR4F',
      { classe: 'acao' },
      'PETR4F é o símbolo do mercado fracionário de PETR4: use PETR4.',
    ],
    [
      'TAEE11F',
      { classe: 'unit' },
      'TAEE11F é o símbolo do mercado fracionário de TAEE11: use TAEE11.',
    ],
    ['petr4', { classe: 'acao' }, 'Informe um ticker da B3 (ex.: PETR4).'],
    [
      'ABCDE3',
      { classe: 'acao' },
      'Ticker inválido: use o código da B3 (quatro letras, ou três letras e um dígito, e o número da classe; ex.: PETR4, TAEE11).',
    ],
    ['PETR4', { classe: 'fundo' }, 'Informe a classe do ativo: acao, unit, etf, fii ou bdr.'],
    ['PETR4', { empresa: 'Petrobras' }, 'Informe a classe do ativo: acao, unit, etf, fii ou bdr.'],
  ])(
    'refuses %s %j with 400 and a Portuguese message, changing nothing',
    async (ticker, body, message) => {
      const before = await counts();
      const res = await put(ticker, body);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(message);
      expect(await counts()).toEqual(before);
    },
  );

  it('needs a token', async () => {
    const res = await s.request('/api/acoes/PETR4/', { method: 'PUT', json: { classe: 'acao' } });
    expect(res.status).toBe(401);
  });
});
