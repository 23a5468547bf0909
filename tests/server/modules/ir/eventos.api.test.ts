import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MesIrDetalhado, Operacao } from '../../../../contract';
import { startCarteiraServer, type CarteiraServer } from '../operacoes/fixtures';
import { acaoDe, evento, get, operacao, vender } from './support';

/**
 * Share events in the book and in the tax (decision 0007): the book holds each operation in the terms of the events
 * that reached it, whether an event adjusted it or it was written afterwards; the tax starts from the buy as made
 * and applies each event once.
 */
describe('clientes/{id}/ir/: operations and share events', () => {
  let s: CarteiraServer;
  beforeAll(async () => {
    s = await startCarteiraServer();
  });
  afterAll(() => s.close());

  const mes = (cliente: number, m: string) =>
    get<MesIrDetalhado>(s, `/api/clientes/${cliente}/ir/${m}/`);

  it('an old position typed after a split, in today’s terms, is not split again', async () => {
    const acao = await acaoDe(s, 'SPLT3', 'acao');
    // The split comes into force when created (its data_ex has passed); it reaches no operation yet.
    await evento(s, { acao, tipo: 'desdobramento', data_ex: '2026-02-20', fator: 2 });
    const cliente = await s.novoCliente({ nome: 'Posição antiga' });
    // Bought 100 at R$ 20.00 on 02/02, typed as the custody statement shows it now: 200 at R$ 10.00.
    const op = await operacao(s, cliente, acao, { data: '2026-02-02', preco: 10, quantidade: 200 });
    expect(op.ajustes ?? []).toEqual([]);
    const fevereiro = await mes(cliente, '2026-02');
    expect(fevereiro.posicoes).toEqual([
      { ticker: 'SPLT3', classe: 'acao', quantidade: 200, custo_medio: 10, custo_total: 2000 },
    ]);
    await vender(s, op.id, { data: '2026-03-10', preco: 12 });
    const marco = await mes(cliente, '2026-03');
    expect(marco.linhas).toEqual([
      expect.objectContaining({ ticker: 'SPLT3', quantidade: 200, valor_venda: 2400, custo: 2000 }),
    ]);
    expect(marco.posicoes).toEqual([]);
    expect(marco.avisos.map((a) => a.codigo)).not.toContain('venda_sem_posicao');
  });

  it('an operation a bonus adjusted is taken at its buy as made, not at the book’s floored values', async () => {
    const acao = await acaoDe(s, 'SPLU3', 'acao');
    const cliente = await s.novoCliente({ nome: 'Ajustada' });
    const antiga = await operacao(s, cliente, acao, {
      data: '2026-02-02',
      preco: 21,
      quantidade: 105,
    });
    // 105 × 1.1 = 115.5: the book floors it to 115 at 19.0909; the tax keeps R$ 2,205.00 on the 115 whole shares.
    await evento(s, {
      acao,
      tipo: 'bonificacao',
      data_ex: '2026-02-20',
      fator: 1.1,
      custo_atribuido: 0,
    });
    const ajustada = (await s.json<Operacao[]>(`/api/operacoes/?cliente=${cliente}`)).body.find(
      (o) => o.id === antiga.id,
    )!;
    expect(ajustada).toMatchObject({ quantidade: 115, preco_unitario: 19.0909 });
    const fevereiro = await mes(cliente, '2026-02');
    expect(fevereiro.posicoes).toEqual([
      {
        ticker: 'SPLU3',
        classe: 'acao',
        quantidade: 115,
        custo_medio: 19.173913,
        custo_total: 2205,
      },
    ]);
    expect(fevereiro.avisos.map((a) => a.codigo)).toContain('fracao_em_evento');
  });

  it('an adjusted operation edited afterwards is taken back through the factor', async () => {
    const acao = await acaoDe(s, 'SPLV3', 'acao');
    const cliente = await s.novoCliente({ nome: 'Editada' });
    const op = await operacao(s, cliente, acao, { data: '2026-02-02', preco: 20, quantidade: 100 });
    await evento(s, { acao, tipo: 'desdobramento', data_ex: '2026-02-20', fator: 2 });
    // The advisor corrects the adjusted operation to the 150 the client still holds (sold 50 elsewhere).
    const res = await s.json<Operacao>(`/api/operacoes/${op.id}/`, {
      method: 'PATCH',
      json: { quantidade: 150 },
    });
    expect(res.status).toBe(200);
    const fevereiro = await mes(cliente, '2026-02');
    expect(fevereiro.posicoes).toEqual([
      { ticker: 'SPLV3', classe: 'acao', quantidade: 150, custo_medio: 10, custo_total: 1500 },
    ]);
  });
});
