import { describe, expect, it } from 'vitest';
import { apurarIr, mesIr, splitCustos, tickerBase } from '../../../shared/ir';
import type { EventoIr } from '../../../shared/ir';
import { compra, entrada, mes, venda } from './helpers';

/** Rule 1: the average cost over the client's whole ledger, in date order, and the share events. */
describe('rule 1: average cost', () => {
  it('carries the average across months and years; a sale takes shares out at it and leaves it unchanged', () => {
    const e = entrada([
      compra('2025-11-03', 'WEGE3', 100, '40.00', '1.00'),
      venda('2025-12-01', 'WEGE3', 50, '45.00'),
      compra('2026-01-06', 'WEGE3', 50, '37.00', '1.00'),
      venda('2026-03-10', 'WEGE3', 100, '42.00', '2.00'),
    ]);
    const a = apurarIr(e, '2026-03');
    // 4,001.00 / 100 = 40.01; 50 sold leave 2,000.50; + 1,851.00 = 3,851.50 / 100 = 38.515.
    expect(mesIr(a, '2025-12').posicoes[0]).toMatchObject({
      quantidade: 50,
      custo_medio: '40.010000',
      custo_total: '2000.50',
    });
    expect(mesIr(a, '2025-12').linhas[0]).toMatchObject({ custo: '2000.50', resultado: '249.50' });
    expect(mesIr(a, '2026-02').posicoes[0]).toMatchObject({
      custo_medio: '38.515000',
      custo_total: '3851.50',
    });
    // The sale's costs reduce its value: 4,200.00 − 3,851.50 − 2.00.
    expect(mesIr(a, '2026-03').linhas[0]).toMatchObject({
      valor_venda: '4200.00',
      custo: '3853.50',
      resultado: '346.50',
    });
    expect(mesIr(a, '2026-03').posicoes).toEqual([]);
  });

  it('keeps the average exact: thirds sold one by one leave no residue, and the result uses every digit', () => {
    // 3 shares for 10.00: 3.333333…; selling 1, 1, 1 costs 3.33…, 3.33…, 3.33… and nothing is left over.
    const e = entrada([
      compra('2026-03-02', 'ABEV3', 3, '3.3333', '0.0001'),
      venda('2026-03-03', 'ABEV3', 1, '4.00'),
      venda('2026-03-04', 'ABEV3', 1, '4.00'),
      venda('2026-03-05', 'ABEV3', 1, '4.00'),
    ]);
    const m = mes(e, '2026-03');
    expect(m.linhas[0]).toMatchObject({ quantidade: 3, custo: '10.00', resultado: '2.00' });
    expect(m.posicoes).toEqual([]);
  });

  it('shows the average with 6 places from the exact quotient, half up', () => {
    const e = entrada([
      compra('2026-03-02', 'ABEV3', 7, '12.00'),
      compra('2026-03-03', 'ABEV3', 6, '12.01', '0.05'),
    ]);
    // (84.00 + 72.06 + 0.05) / 13 = 12.008461538…
    expect(mes(e, '2026-03').posicoes[0]!.custo_medio).toBe('12.008462');
  });

  it('the order the trades arrive in does not matter; same-day trades are one session', () => {
    const ops = [
      compra('2026-03-02', 'PETR4', 100, '30.00', '2.50'),
      compra('2026-03-03', 'PETR4', 200, '33.00', '4.00'),
      venda('2026-03-10', 'PETR4', 150, '35.00', '3.00'),
    ];
    const a = mes(entrada(ops), '2026-03');
    const b = mes(entrada([...ops].reverse()), '2026-03');
    expect(b).toEqual(a);
  });
});

const evento = (e: Partial<EventoIr> & Pick<EventoIr, 'tipo' | 'fator'>): EventoIr => ({
  ticker: 'MGLU3',
  data_ex: '2026-02-10',
  ...e,
});

describe('rule 1: share events', () => {
  it('a 1:2 split doubles the shares and keeps the total cost', () => {
    const e = entrada([compra('2026-01-05', 'MGLU3', 300, '25.31')], {
      eventos: [evento({ tipo: 'desdobramento', fator: '2' })],
    });
    const a = apurarIr(e, '2026-02');
    expect(mesIr(a, '2026-01').posicoes[0]).toMatchObject({
      quantidade: 300,
      custo_total: '7593.00',
    });
    expect(mesIr(a, '2026-02').posicoes[0]).toMatchObject({
      quantidade: 600,
      custo_medio: '12.655000',
      custo_total: '7593.00',
    });
  });

  it('a 10:1 reverse split floors the fraction, keeps the total cost and says so', () => {
    const e = entrada([compra('2026-01-05', 'MGLU3', 1005, '0.43')], {
      eventos: [evento({ tipo: 'grupamento', fator: '0.1' })],
    });
    const fev = mes(e, '2026-02');
    expect(fev.posicoes[0]).toMatchObject({ quantidade: 100, custo_total: '432.15' });
    expect(fev.avisos.map((a) => a.codigo)).toContain('fracao_em_evento');
    expect(fev.avisos.find((a) => a.codigo === 'fracao_em_evento')!.mensagem).toMatch(
      /Grupamento de MGLU3 em 10\/02\/2026: fração de 0\.5 ação/,
    );
  });

  it('an event reaches the position at the start of data_ex: a sale that day is in post-event shares', () => {
    const e = entrada(
      [compra('2026-02-02', 'MGLU3', 100, '20.00'), venda('2026-02-10', 'MGLU3', 200, '10.50')],
      { eventos: [evento({ tipo: 'desdobramento', fator: '2' })] },
    );
    const m = mes(e, '2026-02');
    expect(m.linhas[0]).toMatchObject({ tipo: 'comum', quantidade: 200, resultado: '100.00' });
    expect(m.avisos.map((a) => a.codigo)).not.toContain('venda_sem_posicao');
  });

  it('a bonus without a declared cost adds its shares at zero, with an aviso', () => {
    const e = entrada([compra('2026-01-05', 'MGLU3', 100, '11.00')], {
      eventos: [evento({ tipo: 'bonificacao', fator: '1.1' })],
    });
    const fev = mes(e, '2026-02');
    expect(fev.posicoes[0]).toMatchObject({
      quantidade: 110,
      custo_total: '1100.00',
      custo_medio: '10.000000',
    });
    expect(fev.avisos.map((a) => a.codigo)).toEqual(['somente_carteira', 'bonificacao_sem_custo']);
  });

  it('events of other assets, or of an asset not held, change nothing', () => {
    const e = entrada([compra('2026-01-05', 'PETR4', 100, '30.00')], {
      eventos: [evento({ tipo: 'desdobramento', fator: '2' })],
    });
    expect(mes(e, '2026-02').posicoes).toEqual([
      {
        ticker: 'PETR4',
        classe: 'acao',
        quantidade: 100,
        custo_medio: '30.000000',
        custo_total: '3000.00',
      },
    ]);
  });
});

describe('the fractional symbol and the costs of a partial sale', () => {
  it('XXXX3F is XXXX3; anything not a B3 symbol is kept as written', () => {
    expect(['PETR4F', 'petr4', ' BOVA11F ', 'B3SA3F', 'XPTO'].map(tickerBase)).toEqual([
      'PETR4',
      'PETR4',
      'BOVA11',
      'B3SA3',
      'XPTO',
    ]);
  });

  it('a buy of PETR4F and a sale of PETR4 on another day are one position', () => {
    const e = entrada([
      compra('2026-03-02', 'PETR4F', 10, '30.00'),
      venda('2026-03-03', 'PETR4', 10, '31.00'),
    ]);
    const m = mes(e, '2026-03');
    expect(m.linhas).toHaveLength(1);
    expect(m.linhas[0]).toMatchObject({ ticker: 'PETR4', tipo: 'comum', resultado: '10.00' });
  });

  it('splits the costs in proportion to the cent, the remainder staying with the open part', () => {
    expect(splitCustos('10.00', 1, 3)).toEqual(['3.33', '6.67']);
    expect(splitCustos('10.00', 2, 3)).toEqual(['6.67', '3.33']);
    expect(splitCustos('0.05', 1, 2)).toEqual(['0.03', '0.02']);
    expect(splitCustos('7.50', 300, 300)).toEqual(['7.50', '0.00']);
    expect(splitCustos('7.50', 0, 300)).toEqual(['0.00', '7.50']);
    expect(() => splitCustos('1.00', 4, 3)).toThrow(/entre zero e a quantidade total/);
    expect(() => splitCustos('1.00', 1, 0)).toThrow(/maior que zero/);
  });
});
