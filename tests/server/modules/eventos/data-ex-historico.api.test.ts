import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, Evento } from '../../../../contract';
import { acoes, precosDiarios } from '../../../../server/db/schema';
import { startCarteiraServer, type CarteiraServer } from '../operacoes/fixtures';

/**
 * Issue 34, rough edge 3: a split whose data ex the price history contradicts — the closes around it moved far
 * less than the factor implies — says so when saved and in the events list; one whose data ex matches does not.
 */
describe('eventos-corporativos/: the data ex checked against the price history', () => {
  let s: CarteiraServer;
  let acao: number;
  beforeAll(async () => {
    s = await startCarteiraServer();
    const { db } = s.database;
    const [row] = await db
      .insert(acoes)
      .values({ ticker: 'SPLT3', empresa: 'Desdobra S.A.' })
      .returning({ id: acoes.id });
    acao = row!.id;
    // As traded (COTAHIST): about R$ 40 until 2025-04-14, about R$ 20 from 2025-04-15 on — a 1:2 split that day.
    const barra = (data: string, fechamento: number) => ({
      acao_id: acao,
      data,
      abertura: String(fechamento),
      maxima: String(fechamento),
      minima: String(fechamento),
      fechamento: String(fechamento),
      volume: 1000,
      fonte: 'cotahist' as const,
    });
    await db
      .insert(precosDiarios)
      .values([
        barra('2025-04-10', 40.2),
        barra('2025-04-11', 40),
        barra('2025-04-14', 39.8),
        barra('2025-04-15', 20),
        barra('2025-04-16', 20.1),
      ]);
  });
  afterAll(() => s.close());

  const post = (data_ex: string) =>
    s.json<Evento & ApiError>('/api/eventos-corporativos/', {
      method: 'POST',
      json: { acao, tipo: 'desdobramento', data_ex, fator: 2, valor_por_acao: null },
    });

  it('flags a split saved a day late, when saved and in the list, and not the one on its day', async () => {
    const tarde = await post('2025-04-16');
    expect(tarde.status).toBe(201);
    expect(tarde.body.aviso_data_ex).toBe(
      'A data ex não confere com o histórico de preços: o fechamento foi de R$ 20,00 em 15/04/2025 para ' +
        'R$ 20,10 em 16/04/2025 (+0,50%), e o fator 2 implica -50,00%. Confira a data ex.',
    );

    const certo = await s.json<Evento & ApiError>(`/api/eventos-corporativos/${tarde.body.id}/`, {
      method: 'PUT',
      json: { acao, tipo: 'desdobramento', data_ex: '2025-04-15', fator: 2, valor_por_acao: null },
    });
    expect(certo.status).toBe(200);
    expect(certo.body.aviso_data_ex).toBeNull();

    const cedo = await post('2025-04-11');
    expect(cedo.status).toBe(201);
    const lista = await s.json<Evento[]>(`/api/eventos-corporativos/?acao=${acao}`);
    expect(lista.body.map((e) => [e.data_ex, e.aviso_data_ex !== null])).toEqual([
      ['2025-04-15', false],
      ['2025-04-11', true],
    ]);
    expect(lista.body[1]!.aviso_data_ex).toMatch(
      /^A data ex não confere com o histórico de preços/,
    );
  });
});
