import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RentabilidadeCliente } from '../../../../contract';
import { acoes } from '../../../../server/db/schema';
import { writeBarras } from '../../../../server/lib/precos/store';
import { startTestServer, type TestServer } from '../../../support/test-server';
import { D } from './historia';

/**
 * Issue 30 with decision 0007: the book holds an operation in the terms of the share events that reached it, whether
 * an event adjusted it or it was typed afterwards in post-event terms (an old position from today's custody
 * statement). Either way the return is the one of the shares as traded: a 1:2 split moves neither V nor the return.
 */

// Closes as traded: R$ 20,00 → 22,00 before the split, R$ 11,50 → 12,00 after it (data_ex 2025-03-05).
const FECHAMENTOS: Array<[string, string]> = [
  ['2025-03-03', '20.00'],
  ['2025-03-04', '22.00'],
  ['2025-03-05', '11.50'],
  ['2025-03-06', '12.00'],
];

describe('rentabilidade: operations in the terms of a split, adjusted or typed afterwards', () => {
  let s: TestServer;
  let token = '';
  let acao = 0;
  const clientes: Record<'ajustada' | 'digitada', number> = { ajustada: 0, digitada: 0 };

  const post = async (path: string, json: unknown) => {
    const res = await s.request(path, { method: 'POST', token, json });
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { id: number }).id;
  };
  const rentabilidade = async (id: number) => {
    const res = await s.request(`/api/clientes/${id}/rentabilidade/?de=2025-03-04&ate=2025-03-06`, {
      token,
    });
    expect(res.status).toBe(200);
    return (await res.json()) as RentabilidadeCliente;
  };

  beforeAll(async () => {
    s = await startTestServer();
    token = await s.login();
    const [row] = await s.database.db
      .insert(acoes)
      .values({ ticker: 'SPLT3' })
      .returning({ id: acoes.id });
    acao = row!.id;
    await writeBarras(
      s.database.db,
      FECHAMENTOS.map(([data, p]) => ({
        acao_id: acao,
        data,
        abertura: p,
        maxima: p,
        minima: p,
        fechamento: p,
        volume: 100,
      })),
      { fonte: 'cotahist', ajustado_ate: null },
    );
    clientes.ajustada = await post('/api/clientes/', { nome: 'Ajustada pelo evento' });
    clientes.digitada = await post('/api/clientes/', { nome: 'Digitada depois do evento' });
    // 100 bought at R$ 20,00 on 03/03 (R$ 5,00 of costs), before the split: the event makes it 200 at R$ 10,00.
    await post('/api/operacoes/', {
      cliente: clientes.ajustada,
      acao,
      data_compra: '2025-03-03',
      preco_unitario: 20,
      quantidade: 100,
      custos_compra: 5,
    });
    await post('/api/eventos-corporativos/', {
      acao,
      tipo: 'desdobramento',
      data_ex: '2025-03-05',
      fator: 2,
    });
    // The same purchase typed after the split, as today's custody statement shows it: 200 at R$ 10,00.
    await post('/api/operacoes/', {
      cliente: clientes.digitada,
      acao,
      data_compra: '2025-03-03',
      preco_unitario: 10,
      quantidade: 200,
      custos_compra: 5,
    });
  });
  afterAll(() => s?.close());

  it('measures both as the 100 shares traded, the split moving neither V nor the return', async () => {
    const ajustada = await rentabilidade(clientes.ajustada);
    const digitada = await rentabilidade(clientes.digitada);
    // Opening at 03/03's close: 100 × 20,00. Then 100 × 22,00; 200 × 11,50 and 200 × 12,00 after the split.
    expect(ajustada.anterior).toBe('2025-03-03');
    expect(ajustada.serie.map((x) => x.patrimonio)).toEqual([2200, 2300, 2400]);
    const esperado = new D(2400).dividedBy(2000).minus(1).toNumber();
    expect(Math.abs(ajustada.periodo.retorno - esperado)).toBeLessThan(1e-12);
    expect(digitada.serie).toEqual(ajustada.serie);
    expect(digitada.periodo).toEqual(ajustada.periodo);
    expect(digitada.avisos).toEqual(ajustada.avisos);
  });
});
